import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expectStatus } from '../support/http-expectations';
import { foldToBigBlind, type DuplicateSeat } from '../support/duplicate-play';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer } from '../support/tournament-fixtures';
import { dynamo } from '../../functions/store/client';
import { DELETED_PLAYER_NAME } from '../../functions/app/erasure';

/*
 * Duplicate events stored before their items were ElectroDB entities keep working: every Duplicate item of
 * an event in play is rewritten as the raw layer wrote it (no `__edb_e__`/`__edb_v__`, none of the key
 * composites the entities add), and the views read the same, the commands go on, and an erasure still
 * finds the player's events.
 */

const OWNER = 'dupl-owner';
const DEALER = 'dupl-dealer';
const STACK = 10_000;

type Seat = DuplicateSeat;
type Item = Record<string, unknown>;

let api: TestApi;
let owner: string;
let dealer: string;
let base: string;

/** What the entities write beyond the raw layer's items, by kind (besides the identity attributes). */
const ADDED: Record<string, string[]> = {
  duplicateEvent: [],
  duplicateEventRow: ['clubId'],
  duplicateSeed: ['clubId', 'eventId'],
  duplicateHand: ['clubId', 'eventId', 'round', 'table', 'hand'],
  duplicateDeckRead: ['clubId', 'eventId', 'readId'],
  duplicateDeckAccess: ['clubId'],
  duplicatePlayerEntry: ['playerId'],
};

async function duplicateItems(): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().doc.send(
      new ScanCommand({ TableName: api.tableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    out.push(...((page.Items ?? []) as Item[]).filter((i) => typeof i.kind === 'string' && i.kind in ADDED));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Rewrites every Duplicate item as the raw layer wrote it; answers how many of each kind. */
async function asWrittenBeforeEntities(): Promise<Record<string, number>> {
  const kinds: Record<string, number> = {};
  for (const item of await duplicateItems()) {
    const kind = item.kind as string;
    const raw = Object.fromEntries(
      Object.entries(item).filter(([k]) => k !== '__edb_e__' && k !== '__edb_v__' && !ADDED[kind]!.includes(k)),
    );
    await dynamo().doc.send(new PutCommand({ TableName: api.tableName, Item: raw }));
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, OWNER);
  owner = club.owner;
  base = club.base;
  dealer = await api.token(DEALER);
  await expectStatus(api.call('POST', `${base}/members`, { token: owner, body: { userId: DEALER, role: 'dealer' } }));
}, 120_000);
afterAll(async () => api?.close());

describe('Duplicate items stored before the entities', { timeout: 300_000 }, () => {
  it('read the same, take the next commands and are found by an erasure', async () => {
    const ann = await makePlayer(api, 'dupl-ann');
    const players = ['dupl-ann', 'dupl-bob', 'dupl-cat', 'dupl-dan', 'dupl-ed', 'dupl-flo'].map((id) => ({
      playerId: id,
      name: `Name ${id}`,
    }));
    const created = await expectStatus(
      api.call('POST', `${base}/duplicate-events`, {
        token: owner,
        body: { name: 'Old Sunday', players, settings: { rounds: [{ hands: 5 }], startingStack: STACK, seatsPerTable: 3 } },
      }),
      201,
    );
    const ev = `${base}/duplicate-events/${created.body.eventId}`;
    await expectStatus(api.call('PUT', `${base}/duplicate-deck-access`, { token: owner, body: { roles: ['manager'] } }));
    await expectStatus(api.call('POST', `${ev}/start`, { token: owner }));
    const round = (await expectStatus(api.call('GET', `${ev}/rounds/1`, { token: owner }))).body as {
      tables: { table: number; seats: Seat[] }[];
    };
    // The owner sees the cards in the answer: the record is audited with the hand.
    await expectStatus(
      api.call('PUT', `${ev}/rounds/1/tables/1/hands/1`, { token: owner, body: { actions: foldToBigBlind(round.tables[0]!.seats) } }),
    );

    const views: Record<string, [string, string | undefined]> = {
      event: [ev, owner],
      list: [`${base}/duplicate-events`, owner],
      round: [`${ev}/rounds/1`, undefined],
      table1: [`${ev}/rounds/1/tables/1`, dealer],
      deckAccess: [`${base}/duplicate-deck-access`, owner],
      deckReads: [`${ev}/deck-reads`, owner],
      standings: [`${ev}/standings`, undefined],
    };
    const read = async () => {
      const out: Record<string, unknown> = {};
      for (const [key, [path, token]] of Object.entries(views))
        out[key] = (await expectStatus(api.call('GET', path, token ? { token } : {}))).body;
      return out;
    };
    const before = await read();
    expect(await asWrittenBeforeEntities()).toEqual({
      duplicateEvent: 1,
      duplicateEventRow: 1,
      duplicateSeed: 1,
      duplicateHand: 1,
      duplicateDeckRead: 1,
      duplicateDeckAccess: 1,
      duplicatePlayerEntry: 6,
    });
    expect((await duplicateItems()).filter((i) => '__edb_e__' in i)).toEqual([]);
    expect(await read()).toEqual(before);
    expect((before.table1 as { handsRecorded: number }).handsRecorded).toBe(1);
    expect((before.deckReads as { items: unknown[] }).items).toHaveLength(1);

    // The commands go on: the recorded hand replays, the seed reveals, the deck sheets read and are audited.
    const sheets = await expectStatus(api.call('GET', `${ev}/rounds/1/decks`, { token: owner }));
    expect(sheets.body.hands).toHaveLength(5);
    await expectStatus(
      api.call('PUT', `${ev}/rounds/1/tables/2/hands/1`, { token: dealer, body: { actions: foldToBigBlind(round.tables[1]!.seats) } }),
    );
    const deltas = [300, -300, 0];
    for (const t of round.tables) {
      await expectStatus(
        api.call('PUT', `${ev}/rounds/1/tables/${t.table}/counts`, {
          token: owner,
          body: {
            counts: t.seats.flatMap((s, i) => (s.playerId === null ? [] : [{ playerId: s.playerId, chips: STACK + (deltas[i] ?? 0) }])),
            emptySeats: [],
          },
        }),
      );
    }
    await expectStatus(api.call('POST', `${ev}/rounds/1/close`, { token: owner }));
    const revealed = await expectStatus(api.call('POST', `${ev}/rounds/1/reveal`, { token: owner }));
    expect(revealed.body.seed).toMatch(/^[0-9a-f]{64}$/);
    // Hand 1 replays at both tables: table 1's from its record stored before the entities.
    const diagram = (await expectStatus(api.call('GET', `${ev}/rounds/1/hands/1/diagram`))).body as {
      seatGroups: { tables: { table: number; recorded: boolean; net: number | null }[] }[];
    };
    const recorded = diagram.seatGroups.flatMap((g) => g.tables.filter((t) => t.recorded && t.net !== null).map((t) => t.table));
    expect(new Set(recorded)).toEqual(new Set([1, 2]));
    expect((await expectStatus(api.call('GET', `${ev}/deck-reads`, { token: owner }))).body.items).toHaveLength(2);

    // The player's entry, stored before the entities, still leads the erasure to the event.
    await expectStatus(api.call('DELETE', '/v1/me', { token: ann }));
    const standings = (await expectStatus(api.call('GET', `${ev}/standings`))).body as { field: { playerId: string; name: string }[] };
    expect(standings.field.find((f) => f.playerId === 'dupl-ann')?.name).toBe(DELETED_PLAYER_NAME);
    expect(standings.field.find((f) => f.playerId === 'dupl-bob')?.name).toBe('Name dupl-bob');
  });
});
