/**
 * What the store relies on from its ElectroDB entities (functions/store/entities), on DynamoDB Local:
 * create refuses to overwrite and patch to create, a refused condition is told apart, the catalogue's
 * sparse index takes an item in and out on update (both keys), queries read only their own kind of a shared
 * partition, in pages with a cursor, counted past a filter, and a transaction writes all or nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import type * as EntitiesModule from '../../functions/store/entities';
import type * as Items from '../../functions/store/entities/items';

let store: typeof EntitiesModule.store;
let items: typeof Items;
const e = () => store().entities;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  ({ store } = await import('../../functions/store/entities'));
  items = await import('../../functions/store/entities/items');
}, 60_000);

const at = '2026-12-01T10:00:00.000Z';
const aClub = (clubId: string, catalogKey?: string) => ({
  clubId,
  name: 'Клуб',
  city: 'Москва',
  address: 'Тверская, 1',
  legalForm: 'ul' as const,
  inn: '7707083893',
  ogrn: '1027700132195',
  attestation: { by: 'u1' },
  ...(catalogKey ? { catalogKey } : {}),
  createdBy: 'u1',
  createdAt: at,
  updatedAt: at,
});

/** The error a write threw, or undefined when it succeeded. */
const failure = (write: Promise<unknown>): Promise<unknown> =>
  write.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('the entities on DynamoDB Local', () => {
  it('create refuses an existing item; patch refuses a missing one; a condition guards an update', async () => {
    const id = `c-${randomUUID()}`;
    await e().club.create(aClub(id)).go();
    expect(items.conditionRefused(await failure(e().club.create(aClub(id)).go()))).toBe(true);
    expect(
      items.conditionRefused(
        await failure(
          e()
            .club.patch({ clubId: `${id}-missing` })
            .set({ name: 'x' })
            .go(),
        ),
      ),
    ).toBe(true);
    const stale = e()
      .club.patch({ clubId: id })
      .set({ name: 'x' })
      .where((c, { eq }) => eq(c.updatedAt, 'stale'))
      .go();
    expect(items.conditionRefused(await failure(stale))).toBe(true);
    // An error that is no refusal is not taken for one.
    expect(
      items.conditionRefused(
        await failure(
          e()
            .club.create({ ...aClub(id), legalForm: 'llc' as 'ul' })
            .go(),
        ),
      ),
    ).toBe(false);

    await e()
      .club.patch({ clubId: id })
      .set({ name: 'Новое имя', updatedAt: '2026-12-02T00:00:00.000Z' })
      .where((c, { eq }) => eq(c.updatedAt, at))
      .go();
    const { data } = await e().club.get({ clubId: id }).go({ consistent: true });
    // Defaults filled at create; no keys, identity or hidden index partition in the record.
    expect(data).toMatchObject({ clubId: id, name: 'Новое имя', currency: 'RUB', verificationStatus: 'unverified', suspended: false });
    expect(data).not.toHaveProperty('pk');
    expect(data).not.toHaveProperty('__edb_e__');
    expect(data).not.toHaveProperty('catalogPartition');
    expect(
      (
        await e()
          .club.get({ clubId: id })
          .go({ attributes: ['suspended'], consistent: true })
      ).data,
    ).toEqual({ suspended: false });
    expect(
      (
        await e()
          .club.get({ clubId: `${id}-missing` })
          .go()
      ).data,
    ).toBeNull();
  });

  it('an update lists an item in the sparse catalogue index, both keys, and takes it out again', async () => {
    const clubId = `c-${randomUUID()}`;
    const tournamentId = 't1';
    const key = `${randomUUID()}#${tournamentId}`;
    // Created unlisted: no catalogue keys at all, so the listing must write the index's constant partition key too.
    await e().tournament.create({ clubId, tournamentId, version: 1, status: 'draft', name: 'Friday', startsAt: at, updatedAt: at }).go();
    const listed = async () => (await e().tournament.query.catalog({}).begins({ catalogKey: key }).go()).data.map((t) => t.tournamentId);
    expect(await listed()).toEqual([]);
    await e().tournament.patch({ clubId, tournamentId }).set({ catalogKey: key, status: 'announced' }).go();
    expect(await listed()).toEqual([tournamentId]);
    await e().tournament.patch({ clubId, tournamentId }).remove(['catalogKey']).go();
    expect(await listed()).toEqual([]);
    await e().tournament.patch({ clubId, tournamentId }).set({ catalogKey: key }).go();
    expect(await listed()).toEqual([tournamentId]);
    const byClub = await e().tournament.query.byClub({ clubId }).gte({ startsAt: '2026-12-01' }).go();
    expect(byClub.data.map((t) => t.status)).toEqual(['announced']);

    // A club put unlisted is out of its catalogue; listed by an update, it is in.
    const unlisted = `c-${randomUUID()}`;
    const clubKey = `${randomUUID()}#клуб#${unlisted}`;
    await e().club.put(aClub(unlisted)).go();
    const clubs = async () => (await e().club.query.catalog({}).begins({ catalogKey: clubKey }).go()).data.map((c) => c.clubId);
    expect(await clubs()).toEqual([]);
    await e().club.patch({ clubId: unlisted }).set({ catalogKey: clubKey }).go();
    expect(await clubs()).toEqual([unlisted]);
  });

  it('reads only its own kind from a shared partition, in pages with a cursor, counted past a filter', async () => {
    const clubId = `c-${randomUUID()}`;
    await e().club.put(aClub(clubId)).go();
    for (let i = 0; i < 7; i++) {
      await e()
        .member.put({ clubId, userId: `u${i}`, role: i % 2 ? 'dealer' : 'cashier', addedBy: 'u0', addedAt: at })
        .go();
      await e()
        .apiKey.put({ clubId, keyId: `k${i}`, name: 'desk', role: 'cashier', secretHash: 'h', createdBy: 'u0', createdAt: at })
        .go();
    }
    const members = () => e().member.query.primary({ clubId });
    const all = await members().go({ pages: 'all' });
    expect(all.data.map((m) => m.userId)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(all.cursor).toBeNull();

    // One page by default: `limit` items and the cursor after them.
    const first = await members().go({ limit: 3, order: 'desc' });
    expect(first.data.map((m) => m.userId)).toEqual(['u6', 'u5', 'u4']);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await members().go({ limit: 3, order: 'desc', cursor: first.cursor });
    expect(second.data.map((m) => m.userId)).toEqual(['u3', 'u2', 'u1']);

    const dealers = () => members().where((m, { eq }) => eq(m.role, 'dealer'));
    const page = await items.readCount(2, null, (n, at) => dealers().go({ limit: n, cursor: at }));
    expect(page.data.map((m) => m.userId)).toEqual(['u1', 'u3']);
    const rest = await items.readCount(2, page.cursor, (n, at) => dealers().go({ limit: n, cursor: at }));
    expect(rest.data.map((m) => m.userId)).toEqual(['u5']);

    // The club collection: the profile, members and keys of one partition in one query.
    const partition = await store().collections.club({ clubId }).go({ pages: 'all' });
    expect([partition.data.club.length, partition.data.member.length, partition.data.apiKey.length]).toEqual([1, 7, 7]);

    const found = await items.batchGet(
      [
        { clubId, userId: 'u1' },
        { clubId, userId: 'nobody' },
        { clubId, userId: 'u2' },
      ],
      (keys) => e().member.get(keys).go({ unprocessed: 'item' }),
    );
    expect(found.map((m) => m.userId).sort()).toEqual(['u1', 'u2']);
  });

  it('a transaction writes all or nothing; remove refuses a missing item', async () => {
    const clubId = `c-${randomUUID()}`;
    const member = { clubId, userId: 'owner', role: 'owner' as const, addedBy: 'owner', addedAt: at };
    const first = await store()
      .transaction.write(({ club, member: members }) => [club.create(aClub(clubId)).commit(), members.create(member).commit()])
      .go();
    expect(first.canceled).toBe(false);
    const again = await store()
      .transaction.write(({ club, member: members }) => [
        members.create({ ...member, userId: 'second' }).commit(),
        club.create(aClub(clubId)).commit(),
      ])
      .go();
    expect(again.canceled).toBe(true);
    expect(again.data.map((r) => r.code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect((await e().member.get({ clubId, userId: 'second' }).go({ consistent: true })).data).toBeNull();
    await e().member.remove({ clubId, userId: 'owner' }).go();
    expect(items.conditionRefused(await failure(e().member.remove({ clubId, userId: 'owner' }).go()))).toBe(true);
  });
});
