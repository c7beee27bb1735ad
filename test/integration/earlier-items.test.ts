/**
 * Items of the kinds that became entities late (a player's schedule, a tournament's result names, the money
 * review queue, a tournament's shared feed, snapshot parts and event chunks) were first written without ElectroDB's identity attributes
 * and, for some, without key attributes of their own. Written here as they were then, on DynamoDB Local, they
 * still read and update through the store; what the store writes now reads back the same way.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PutCommand, TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import type * as Client from '../../functions/store/client';
import type * as Schedule from '../../functions/store/player-schedule';
import type * as Names from '../../functions/store/result-names';
import type * as MoneyReview from '../../functions/app/tournaments/money-review';
import type * as Log from '../../functions/store/tournament-log';
import type * as Feed from '../../functions/adapters/notifications/tournament-feed';
import type { StoredTournament } from '../../functions/store/tournament-store';

let tableName: string;
let client: typeof Client;
let schedule: typeof Schedule;
let names: typeof Names;
let money: typeof MoneyReview;
let log: typeof Log;
let feed: typeof Feed;

beforeAll(async () => {
  tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  client = await import('../../functions/store/client');
  schedule = await import('../../functions/store/player-schedule');
  names = await import('../../functions/store/result-names');
  money = await import('../../functions/app/tournaments/money-review');
  log = await import('../../functions/store/tournament-log');
  feed = await import('../../functions/adapters/notifications/tournament-feed');
}, 60_000);

const put = (Item: Record<string, unknown>) => client.dynamo().doc.send(new PutCommand({ TableName: tableName, Item }));
const get = async (pk: string, sk: string) =>
  (await client.dynamo().doc.send(new GetCommand({ TableName: tableName, Key: { pk, sk }, ConsistentRead: true }))).Item;
const transact = (items: ReturnType<typeof Schedule.emptySchedule>[]) =>
  client.dynamo().doc.send(new TransactWriteCommand({ TransactItems: items }));

const entry = (clubId: string, tournamentId: string, registrationId: string) => ({
  clubId,
  tournamentId,
  registrationId,
  startAt: 1_000,
  endAt: 2_000,
  live: true,
});

describe('items written before their entities', () => {
  it("a player's schedule reads, takes a registration on its version, and follows the tournament", async () => {
    const playerId = `p-${randomUUID()}`;
    const old = entry('c0', 't0', 'r0');
    await put({ pk: `player#${playerId}`, sk: 'profile', userId: playerId, displayName: 'Ann' });
    await put({ pk: `player#${playerId}`, sk: 'schedule', v: 3, regs: { 'c0.t0': old } });

    const read = await schedule.readProfileAndSchedule(playerId);
    expect(read.profile?.displayName).toBe('Ann');
    expect(read.schedule).toEqual({ v: 3, regs: { 'c0.t0': old } });

    const now = 2_000 + 8 * 86_400_000;
    await transact([schedule.scheduleWrite(playerId, read.schedule, entry('c1', 't1', 'r1'), now)]);
    // The write was conditioned on version 3: a second one decided on it is refused.
    await expect(transact([schedule.scheduleWrite(playerId, read.schedule, entry('c2', 't2', 'r2'), now)])).rejects.toThrow();

    await schedule.refreshScheduled(playerId, 'c1', 't1', 'r1', { startAt: 5_000, endAt: 6_000 }, false, true);
    // Not the registration the schedule holds: nothing changes.
    await schedule.refreshScheduled(playerId, 'c1', 't1', 'r-other', { startAt: 7_000, endAt: 8_000 }, true);
    const after = await schedule.readProfileAndSchedule(playerId);
    // The entry that ended more than a week before is dropped with the write.
    expect(after.schedule).toEqual({
      v: 4,
      regs: { 'c1.t1': { ...entry('c1', 't1', 'r1'), startAt: 5_000, endAt: 6_000, live: false, cancelled: true } },
    });
  });

  it('a new schedule is created once, and a missing one is created whole by the first registration', async () => {
    const playerId = `p-${randomUUID()}`;
    await transact([schedule.emptySchedule(playerId)]);
    await expect(transact([schedule.emptySchedule(playerId)])).rejects.toThrow();
    expect((await schedule.readProfileAndSchedule(playerId)).schedule).toEqual({ v: 0, regs: {} });

    const other = `p-${randomUUID()}`;
    await transact([schedule.scheduleWrite(other, undefined, entry('c1', 't1', 'r1'), 0)]);
    expect((await schedule.readProfileAndSchedule(other)).schedule).toEqual({ v: 1, regs: { 'c1.t1': entry('c1', 't1', 'r1') } });
  });

  it("a tournament's result names read with the erased and hidden sets, whichever was written first", async () => {
    const pk = `club#c1#t#${randomUUID()}`;
    const tournamentId = pk.split('#t#')[1]!;
    const show = { publicView: true, erasedName: 'Deleted player' };
    await put({ pk, sk: 'names', b: JSON.stringify({ p1: 'Ann', p2: 'Bob', p3: 'Cy' }), erased: new Set(['p2']) });
    expect(names.resultNames(await get(pk, 'names'), show)).toEqual(
      new Map([
        ['p1', 'Ann'],
        ['p2', 'Deleted player'],
        ['p3', 'Cy'],
      ]),
    );
    await names.changeResultName('p3', [{ clubId: 'c1', tournamentId }], 'hide');
    expect([...(names.resultNames(await get(pk, 'names'), show)?.keys() ?? [])]).toEqual(['p1', 'p2']);
    expect(names.resultNames(await get(pk, 'names'), { ...show, publicView: false })?.get('p3')).toBe('Cy');
    await names.changeResultName('p3', [{ clubId: 'c1', tournamentId }], 'restore');
    expect(names.resultNames(await get(pk, 'names'), show)?.get('p3')).toBe('Cy');

    // An erasure before the finish: the finish writes the body beside it and keeps it.
    const later = `t-${randomUUID()}`;
    await names.changeResultName('p1', [{ clubId: 'c1', tournamentId: later }], 'erase');
    expect(names.resultNames(await get(`club#c1#t#${later}`, 'names'), show)).toBeUndefined();
    await names.writeResultNames('c1', later, { p1: 'Ann', p2: 'Bob' }, ['p2']);
    expect(names.resultNames(await get(`club#c1#t#${later}`, 'names'), show)).toEqual(new Map([['p1', 'Deleted player']]));
    // A large field's names are gzipped: the text body is removed, and back again.
    const many = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`p${i}`, `Player ${i}`]));
    await names.writeResultNames('c1', later, many, []);
    const zipped = await get(`club#c1#t#${later}`, 'names');
    expect(zipped?.b).toBeUndefined();
    expect(names.resultNames(zipped, show)?.get('p7')).toBe('Player 7');
  });

  it('the money review queue lists items queued before and after, in pages, and a lifted hold leaves it', async () => {
    const clubId = `c-${randomUUID()}`;
    await put({ pk: 'money-review', sk: `${clubId}#t0`, clubId, tournamentId: 't0', name: 'Old', since: 2_000, items: '[]' });
    const held = (id: string, since: number) =>
      ({
        clubId,
        id,
        settings: { name: id },
        moneyHold: { status: 'held', since, items: [{ field: 'name', fragment: '$', reason: 'r' }] },
      }) as unknown as StoredTournament;
    await money.putMoneyQueueItem(held('t1', 1_000));
    const first = await money.moneyReviewQueue({ limit: 1, cursor: null });
    expect(first.items.map((i) => i.tournamentId)).toEqual(['t0']);
    const second = await money.moneyReviewQueue({ limit: 10, cursor: first.cursor });
    expect(second.items).toEqual([
      {
        clubId,
        tournamentId: 't1',
        name: 't1',
        since: new Date(1_000).toISOString(),
        items: [{ field: 'name', fragment: '$', reason: 'r' }],
      },
    ]);
    await client.dynamo().doc.send(
      new TransactWriteCommand({
        TransactItems: money.moneyQueueCompanions({ ...held('t0', 0), moneyHold: undefined } as StoredTournament),
      }),
    );
    expect((await money.moneyReviewQueue({ limit: 10, cursor: null })).items.map((i) => i.tournamentId)).toEqual(['t1']);
  });

  it("a tournament's shared feed takes each notification once, after those written before", async () => {
    const tournamentId = `t-${randomUUID()}`;
    const n = (id: string) => ({
      notificationId: id,
      type: 'level',
      at: '2026-12-01T10:00:00.000Z',
      clubId: 'c1',
      tournamentId,
      title: id,
      data: {},
      expiresAt: 9,
    });
    const key = feed.tournamentFeedKey('c1', tournamentId);
    expect(key).toEqual({ pk: log.tournamentPk('c1', tournamentId), sk: 'feed' });
    await put({ ...key, items: [n('n0')], ids: new Set(['n0']), expiresAt: 9 });
    await feed.appendShared(n('n1'));
    await feed.appendShared(n('n1'));
    await feed.appendShared(n('n0'));
    expect(feed.sharedOf(await get(key.pk, key.sk)).map((s) => s.notificationId)).toEqual(['n0', 'n1']);
    // A tournament's first notification creates the item.
    const other = `t-${randomUUID()}`;
    await feed.appendShared({ ...n('n2'), tournamentId: other });
    expect(feed.sharedOf(await get(log.tournamentPk('c1', other), 'feed')).map((s) => s.notificationId)).toEqual(['n2']);
  });

  it('an event head from before the entity still holds its version; a chunked event reads back whole', async () => {
    const tournamentId = `t-${randomUUID()}`;
    const pk = log.tournamentPk('c1', tournamentId);
    await put({
      pk,
      sk: log.eventSk(1),
      kind: 'tournamentEvent',
      clubId: 'c1',
      tournamentId,
      v: 1,
      at: 1,
      w: 'writer-1',
      b: '{"p":[],"e":[]}',
    });
    // Another writer's version 1 is a conflict.
    await expect(log.appendEvent({ clubId: 'c1', tournamentId, version: 1, at: 2, patch: [], events: [] })).rejects.toBeInstanceOf(
      log.VersionConflict,
    );
    // A large event: its chunks are written before the head and read back with it.
    const big = Array.from({ length: 16_000 }, (_, i) => ({ type: 'x', n: i, r: randomUUID() }));
    await log.appendEvent({ clubId: 'c1', tournamentId, version: 2, at: 3, patch: [], events: big });
    const events = await log.readEventsAfter('c1', tournamentId, 0, true);
    expect(events.map((e) => e.version)).toEqual([1, 2]);
    expect(events[1]?.events).toEqual(big);
    // Over the inline limit: the body was in chunk items.
    expect(events[1]?.bytes).toBeGreaterThan(300_000);
    expect((await log.readEventAt('c1', tournamentId, 2))?.events).toHaveLength(big.length);
  });
});
