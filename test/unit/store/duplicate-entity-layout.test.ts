/**
 * The Duplicate Poker items as ElectroDB entities (functions/store/entities/duplicate-*.ts): each writes the
 * keys and attributes the raw layer wrote before (items already stored keep reading), plus the identity
 * attributes; and an item as the raw layer wrote it, without them, still reads by key.
 */
import { describe, expect, it } from 'vitest';
import { store } from '../../../functions/store/entities';
import { BY_KEY } from '../../../functions/app/duplicate/command';

type Item = Record<string, unknown>;
const identity = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1' });
const e = () => store().entities;
const itemOf = (op: { params: () => object }): Item => (op.params() as { Item: Item }).Item;

/** Each entity's write beside the item the raw layer wrote for the same record. */
/** `added`: the attributes the entity writes beyond the raw item, besides its identity (its keys' composites). */
const cases: { name: string; written: () => Item; raw: Item; added: string[] }[] = [
  {
    name: 'event root',
    written: () => itemOf(e().duplicateEvent.put({ clubId: 'c1', eventId: 'dup_1', v: 3, b: '{"eventId":"dup_1"}' })),
    raw: { pk: 'club#c1#dup#dup_1', sk: 'root', kind: 'duplicateEvent', clubId: 'c1', eventId: 'dup_1', v: 3, b: '{"eventId":"dup_1"}' },
    added: [],
  },
  {
    name: 'list row',
    written: () =>
      itemOf(e().duplicateEventRow.put({ clubId: 'c1', eventId: 'dup_1', name: 'Cup', status: 'open', v: 3, createdAt: 1_000 })),
    raw: {
      pk: 'club#c1#dup',
      sk: 'event#dup_1',
      kind: 'duplicateEventRow',
      eventId: 'dup_1',
      name: 'Cup',
      status: 'open',
      v: 3,
      createdAt: 1_000,
    },
    added: ['clubId'],
  },
  {
    name: 'round seed',
    written: () => itemOf(e().duplicateSeed.create({ clubId: 'c1', eventId: 'dup_1', round: 2, seed: 'ab' })),
    raw: { pk: 'club#c1#dup#dup_1', sk: 'seed#002', kind: 'duplicateSeed', round: 2, seed: 'ab' },
    added: ['clubId', 'eventId'],
  },
  {
    name: 'recorded hand',
    written: () => itemOf(e().duplicateHand.create({ clubId: 'c1', eventId: 'dup_1', round: 1, table: 12, hand: 3, b: '{"hand":3}' })),
    raw: { pk: 'club#c1#dup#dup_1', sk: 'hand#001#012#003', kind: 'duplicateHand', b: '{"hand":3}' },
    added: ['clubId', 'eventId', 'round', 'table', 'hand'],
  },
  {
    name: 'deck read',
    written: () =>
      itemOf(
        e().duplicateDeckRead.create({
          clubId: 'c1',
          eventId: 'dup_1',
          readId: '2026-12-01T10:00:00.000Z#0f3e',
          round: 1,
          actorId: 'u1',
          role: 'owner',
          at: 1_764_583_200_000,
          what: 'deck-sheets',
        }),
      ),
    raw: {
      pk: 'club#c1#dup#dup_1',
      sk: 'audit#2026-12-01T10:00:00.000Z#0f3e',
      kind: 'duplicateDeckRead',
      round: 1,
      actorId: 'u1',
      role: 'owner',
      at: 1_764_583_200_000,
      what: 'deck-sheets',
    },
    added: ['clubId', 'eventId', 'readId'],
  },
  {
    name: 'deck grant',
    written: () => itemOf(e().duplicateDeckAccess.put({ clubId: 'c1', roles: ['owner', 'manager'], updatedBy: 'u1', updatedAt: 5 })),
    raw: { pk: 'club#c1#dup', sk: 'deck-access', kind: 'duplicateDeckAccess', roles: ['owner', 'manager'], updatedBy: 'u1', updatedAt: 5 },
    added: ['clubId'],
  },
  {
    name: 'player entry',
    written: () => itemOf(e().duplicatePlayerEntry.put({ playerId: 'p1', clubId: 'c1', eventId: 'dup_1' })),
    raw: { pk: 'player#p1', sk: 'dup#c1#dup_1', kind: 'duplicatePlayerEntry', clubId: 'c1', eventId: 'dup_1' },
    added: ['playerId'],
  },
];

const entityOf: Record<string, string> = {
  'event root': 'duplicateEvent',
  'list row': 'duplicateEventRow',
  'round seed': 'duplicateSeed',
  'recorded hand': 'duplicateHand',
  'deck read': 'duplicateDeckRead',
  'deck grant': 'duplicateDeckAccess',
  'player entry': 'duplicatePlayerEntry',
};

interface Parsing {
  parse: (r: { Item: Item }, o: object) => { data: Item | null };
}

describe('Duplicate items as entities', () => {
  it.each(cases)(
    "$name: the keys and attributes the raw layer wrote, its identity and its keys' composites",
    ({ name, written, raw, added }) => {
      const item = written();
      expect(item).toMatchObject({ ...raw, ...identity(entityOf[name]!) });
      const extra = Object.keys(item).filter((k) => !(k in raw) && !(k in identity(name)));
      expect(extra.sort()).toEqual([...added].sort());
    },
  );

  it.each(cases)('$name: an item written before the entity (no identity attributes) reads by key', ({ name, raw }) => {
    const entity = (e() as unknown as Record<string, Parsing>)[entityOf[name]!]!;
    const { pk: _pk, sk: _sk, ...attributes } = raw;
    expect(entity.parse({ Item: raw }, BY_KEY).data).toEqual(attributes);
    // Read as ElectroDB reads by default, it would not be found: hence BY_KEY on every Duplicate read.
    expect(entity.parse({ Item: raw }, { ignoreOwnership: false }).data).toBeNull();
  });

  it('queries read the prefixes the raw layer queried', () => {
    const q = (op: { params: () => object }) => (op.params() as { ExpressionAttributeValues: Item }).ExpressionAttributeValues;
    expect(q(e().duplicateHand.query.primary({ clubId: 'c1', eventId: 'dup_1', round: 1 }))).toEqual({
      ':pk': 'club#c1#dup#dup_1',
      ':sk1': 'hand#001#',
    });
    expect(q(e().duplicateHand.query.primary({ clubId: 'c1', eventId: 'dup_1', round: 1, table: 2 }))).toEqual({
      ':pk': 'club#c1#dup#dup_1',
      ':sk1': 'hand#001#002#',
    });
    expect(q(e().duplicateDeckRead.query.primary({ clubId: 'c1', eventId: 'dup_1' }))).toMatchObject({
      ':pk': 'club#c1#dup#dup_1',
      ':sk1': 'audit#',
    });
    expect(q(e().duplicateEventRow.query.primary({ clubId: 'c1' }))).toMatchObject({ ':pk': 'club#c1#dup', ':sk1': 'event#' });
    expect(q(e().duplicatePlayerEntry.query.primary({ playerId: 'p1' }))).toMatchObject({ ':pk': 'player#p1', ':sk1': 'dup#' });
  });
});
