/**
 * What the stream consumer writes for a field-wide event, on DynamoDB Local behind a recording proxy: the
 * by-player rows of a draw are one Query and BatchWriteItems of 25, and a redelivered older event leaves
 * a row a later event wrote as it is; the players' own notifications are BatchWriteItems of 25 and a
 * second delivery adds none; the live fan-out reads the marks of the topics an event concerns a hundred to
 * a BatchGetItem and queries only the topics someone follows. A day 2's field reaches the players' R-REG-1
 * schedules a hundred to a read and to a transaction, losing nothing to a registration written in between.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { partsOf, type FeedBucketEntry } from '../../functions/adapters/notifications/feed-buckets';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { startDynamoProxy, type DynamoProxy } from '../support/dynamo-proxy';
import type * as Rows from '../../functions/store/player-registration-rows';
import type * as Feed from '../../functions/adapters/notifications/feed';
import type * as Connections from '../../functions/live/connections';
import type * as Entities from '../../functions/store/entities';
import type * as Schedule from '../../functions/store/player-schedule';
import type * as Client from '../../functions/store/client';

let proxy: DynamoProxy;
let rows: typeof Rows;
let feed: typeof Feed;
let connections: typeof Connections;
let store: typeof Entities;
let schedule: typeof Schedule;
let client: typeof Client;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  proxy = await startDynamoProxy(inject('dynamoEndpoint'));
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.endpoint, POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  rows = await import('../../functions/store/player-registration-rows');
  feed = await import('../../functions/adapters/notifications/feed');
  connections = await import('../../functions/live/connections');
  store = await import('../../functions/store/entities');
  schedule = await import('../../functions/store/player-schedule');
  client = await import('../../functions/store/client');
}, 60_000);
afterAll(() => proxy.close());

const operations = () => proxy.calls.map((c) => c.operation);
const counted = () => {
  const out: Record<string, number> = {};
  for (const op of operations()) out[op] = (out[op] ?? 0) + 1;
  return out;
};

const row = (i: number, tableNumber: number) => ({
  playerId: `pl_${String(i).padStart(3, '0')}`,
  registrationId: `reg_${i}`,
  registrationStatus: 'checked_in',
  entryId: `ent_${i}`,
  eliminated: false,
  registeredAt: '2026-12-01T18:00:00.000Z',
  tableNumber,
  seatNumber: (i % 9) + 1,
});

describe('the consumer writes a field-wide event in batches', () => {
  it('writes 60 rows with one Query and three BatchWriteItems, and an older event redelivered keeps a newer row', async () => {
    const clubId = 'club_batch';
    const tournamentId = `trn_${randomUUID().slice(0, 8)}`;
    const drawn = Array.from({ length: 60 }, (_, i) => row(i, 1 + Math.floor(i / 9)));
    proxy.calls.length = 0;
    await rows.writePlayerRows(clubId, tournamentId, 5, drawn, drawn.length);
    expect(counted()).toEqual({ Query: 1, BatchWriteItem: 3 });

    // A later event moves one player (a single conditional put).
    await rows.writePlayerRows(clubId, tournamentId, 7, [{ ...row(3, 12), seatNumber: 4 }]);
    // The draw delivered again, after it: every row but the moved one as the draw wrote it.
    await rows.writePlayerRows(clubId, tournamentId, 5, drawn);
    const { data } = await store
      .entities()
      .playerRegistration.query.primary({ clubId, tournamentId })
      .go({ pages: 'all', consistent: true });
    expect(data).toHaveLength(60);
    const byPlayer = new Map(data.map((r) => [r.playerId, r]));
    expect(byPlayer.get('pl_003')).toMatchObject({ tableNumber: 12, seatNumber: 4, pv: 7 });
    expect(byPlayer.get('pl_004')).toMatchObject({ tableNumber: 1, seatNumber: 5, pv: 5 });
    expect(data.filter((r) => r.pv === 5)).toHaveLength(59);
  });

  it("reads the versions of a table break's rows by key, whatever the size of the field, and skips a row a later event wrote", async () => {
    const clubId = 'club_batch';
    const tournamentId = `trn_${randomUUID().slice(0, 8)}`;
    await rows.writePlayerRows(
      clubId,
      tournamentId,
      5,
      Array.from({ length: 60 }, (_, i) => row(i, 1 + Math.floor(i / 9))),
      60,
    );
    // A later event moved player 3; then a table break of a field of 300 (as far as the writer is told) moves 8 players.
    await rows.writePlayerRows(clubId, tournamentId, 9, [{ ...row(3, 12), seatNumber: 4 }]);
    const moved = Array.from({ length: 8 }, (_, i) => ({ ...row(i, 7), seatNumber: i + 1 }));
    proxy.calls.length = 0;
    await rows.writePlayerRows(clubId, tournamentId, 8, moved, 300);
    expect(counted()).toEqual({ BatchGetItem: 1, BatchWriteItem: 1 });
    const { data } = await store
      .entities()
      .playerRegistration.query.primary({ clubId, tournamentId })
      .go({ pages: 'all', consistent: true });
    const byPlayer = new Map(data.map((r) => [r.playerId, r]));
    expect(byPlayer.get('pl_003')).toMatchObject({ tableNumber: 12, seatNumber: 4, pv: 9 });
    expect(byPlayer.get('pl_005')).toMatchObject({ tableNumber: 7, seatNumber: 6, pv: 8 });
  });

  it("writes 60 players' notifications in three BatchWriteItems; a second delivery adds none", async () => {
    const players = Array.from({ length: 60 }, (_, i) => `np_${i}`);
    const at = Date.UTC(2026, 11, 1, 19, 0, 0);
    const list = players.map((playerId) => ({
      playerId,
      notification: {
        id: `trn_n.seat.assigned.draw_1.${playerId}`,
        type: 'seat.assigned',
        at,
        clubId: 'club_batch',
        tournamentId: 'trn_n',
        title: 'Cup: your seat: table 1, seat 1',
        data: {},
      },
    }));
    const dynamoFeed = new feed.DynamoFeed(() => at);
    proxy.calls.length = 0;
    await dynamoFeed.publishEach([...list, list[0]!]);
    expect(counted()).toEqual({ BatchWriteItem: 3 });
    await dynamoFeed.publishEach(list);
    for (const playerId of [players[0]!, players[59]!]) {
      const { data } = await store.entities().notification.query.primary({ playerId }).go({ consistent: true });
      expect(data.map((n) => n.notificationId)).toEqual([`trn_n.seat.assigned.draw_1.${playerId}`]);
    }
  });

  it("keeps a 300-player draw's seats by reference in at most 32 bucket updates whatever the field; a redelivery writes nothing, each feed reads its own seat in two round trips", async () => {
    const clubId = 'club_ref';
    const tournamentId = `trn_${randomUUID().slice(0, 8)}`;
    const at = Date.UTC(2026, 11, 1, 19, 0, 0);
    const players = Array.from({ length: 300 }, (_, i) => `rp_${i}`);
    const list = players.map((playerId, i) => ({
      playerId,
      notification: {
        id: `${tournamentId}.seat.assigned.draw_1.e_${i}`,
        type: 'seat.assigned',
        at,
        clubId,
        tournamentId,
        title: `Cup: your seat: table ${1 + Math.floor(i / 9)}, seat ${1 + (i % 9)}`,
        data: { entryId: `e_${i}`, tableNumber: 1 + Math.floor(i / 9), seat: 1 + (i % 9) },
      },
    }));
    // A player the event concerns twice keeps both notifications.
    const second = {
      ...list[7]!,
      notification: {
        ...list[7]!.notification,
        id: `${tournamentId}.seat.assigned.draw_1.e_7b`,
        title: 'Cup: your seat: table 34, seat 1',
        data: { entryId: 'e_7b', tableNumber: 34, seat: 1 },
      },
    };
    list.push(second);
    const dynamoFeed = new feed.DynamoFeed(() => at);
    proxy.calls.length = 0;
    await dynamoFeed.publishByReference(`${tournamentId}.seat.assigned.draw_1`, list);
    const first = counted();
    expect(Object.keys(first)).toEqual(['UpdateItem']);
    expect(first.UpdateItem).toBeLessThanOrEqual(32);
    expect(first.UpdateItem).toBeGreaterThan(20);
    // A second delivery: every bucket refuses the entry it holds already.
    await dynamoFeed.publishByReference(`${tournamentId}.seat.assigned.draw_1`, list);
    const { data: own } = await store.entities().notification.query.primary({ playerId: 'rp_7' }).go({ consistent: true });
    expect(own).toEqual([]);
    const { data: buckets } = await store
      .entities()
      .feedBucket.query.primary({ clubId, tournamentId })
      .go({ consistent: true, pages: 'all' });
    expect(buckets.length).toBe(first.UpdateItem);
    for (const b of buckets) expect(b.items).toHaveLength(1);
    expect(buckets.reduce((n, b) => n + Object.keys(partsOf((b.items as FeedBucketEntry[])[0]!)).length, 0)).toBe(300);
    // A player's feed: the schedule names the tournament, the bucket holds the seat, once.
    const scheduled = { clubId, tournamentId, registrationId: 'r_7', startAt: at, endAt: at + 5 * 3_600_000, live: true };
    await client.dynamo().doc.send(new TransactWriteCommand({ TransactItems: [schedule.scheduleWrite('rp_7', undefined, scheduled, at)] }));
    proxy.calls.length = 0;
    const page = await feed.readFeed('rp_7', { limit: 20, cursor: null, now: at + 60_000 });
    expect(operations()).toEqual(['Query', 'BatchGetItem']);
    expect(page.items).toEqual([
      {
        notificationId: `${tournamentId}.seat.assigned.draw_1.e_7b`,
        type: 'seat.assigned',
        at: new Date(at).toISOString(),
        clubId,
        tournamentId,
        title: 'Cup: your seat: table 34, seat 1',
        data: { entryId: 'e_7b', tableNumber: 34, seat: 1 },
      },
      {
        notificationId: `${tournamentId}.seat.assigned.draw_1.e_7`,
        type: 'seat.assigned',
        at: new Date(at).toISOString(),
        clubId,
        tournamentId,
        title: 'Cup: your seat: table 1, seat 8',
        data: { entryId: 'e_7', tableNumber: 1, seat: 8 },
      },
    ]);
  });

  it('reads no feed bucket of a tournament more than a day ahead of its start (it cannot have drawn)', async () => {
    const at = Date.UTC(2026, 11, 1, 19, 0, 0);
    const ahead = {
      clubId: 'club_ref',
      tournamentId: 'trn_ahead',
      registrationId: 'r_a',
      startAt: at + 3 * 86_400_000,
      endAt: at + 4 * 86_400_000,
      live: true,
    };
    const soon = { ...ahead, tournamentId: 'trn_soon', registrationId: 'r_s', startAt: at + 3_600_000, endAt: at + 5 * 3_600_000 };
    await client.dynamo().doc.send(new TransactWriteCommand({ TransactItems: [schedule.scheduleWrite('rp_ahead', undefined, ahead, at)] }));
    const held = await schedule.readSchedule('rp_ahead');
    await client.dynamo().doc.send(new TransactWriteCommand({ TransactItems: [schedule.scheduleWrite('rp_ahead', held, soon, at)] }));
    proxy.calls.length = 0;
    await feed.readFeed('rp_ahead', { limit: 20, cursor: null, now: at });
    const batch = proxy.calls.find((c) => c.operation === 'BatchGetItem')?.input as {
      RequestItems: Record<string, { Keys: { sk: { S: string } }[] }>;
    };
    const sks = Object.values(batch.RequestItems).flatMap((r) => r.Keys.map((k) => k.sk.S));
    expect(sks.filter((sk) => sk === 'feed')).toHaveLength(2);
    expect(sks.filter((sk) => sk.startsWith('feed#'))).toHaveLength(1);
  });

  it('writes a field-wide event of a few players (one BatchWriteItem) as items of their own', async () => {
    const at = Date.UTC(2026, 11, 1, 19, 0, 0);
    const list = Array.from({ length: 9 }, (_, i) => ({
      playerId: `ft_${i}`,
      notification: {
        id: `trn_ft.seat.assigned.t1.e_${i}`,
        type: 'seat.assigned',
        at,
        clubId: 'club_ref',
        tournamentId: 'trn_ft',
        title: 'Cup: the final table',
        data: {},
      },
    }));
    proxy.calls.length = 0;
    await new feed.DynamoFeed(() => at).publishByReference('trn_ft.seat.assigned.t1', list);
    expect(counted()).toEqual({ BatchWriteItem: 1 });
  });

  it('writes the notifications of a bucket that would pass the item size limit as items of their own', async () => {
    const at = Date.UTC(2026, 11, 1, 19, 0, 0);
    const list = Array.from({ length: 30 }, (_, i) => ({
      playerId: `big_${i}`,
      notification: {
        id: `trn_big.result.${i}`,
        type: 'result',
        at,
        clubId: 'club_ref',
        tournamentId: 'trn_big',
        title: randomBytes(150_000).toString('base64'),
        data: {},
      },
    }));
    proxy.calls.length = 0;
    await new feed.DynamoFeed(() => at).publishByReference('trn_big.result', list);
    expect(counted()).toEqual({ BatchWriteItem: 2 });
    const { data } = await store.entities().notification.query.primary({ playerId: 'big_3' }).go({ consistent: true });
    expect(data.map((n) => n.notificationId)).toEqual(['trn_big.result.3']);
  });

  it('reads the marks of 150 topics in two BatchGetItems and finds the one a connection subscribed to', async () => {
    const topics = Array.from({ length: 150 }, (_, i) => `player/mk_${i}`);
    await connections.putConnection('cn_mark', { kind: 'user', userId: 'mk_7' });
    expect(await connections.addSubscriptions('cn_mark', { kind: 'user', userId: 'mk_7' }, ['player/mk_7'], 20)).toBe('added');
    proxy.calls.length = 0;
    expect([...(await connections.markedTopics(topics))]).toEqual(['player/mk_7']);
    expect(counted()).toEqual({ BatchGetItem: 2 });
    expect(await connections.subscribersOf('player/mk_7')).toEqual(['cn_mark']);
  });

  it("R-REG-1, R-FLIGHT-1: adds a day 2's 150 registrations to the schedules a hundred at a time; one written elsewhere meanwhile is kept", async () => {
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const doc = client.dynamo().doc;
    const players = Array.from({ length: 150 }, (_, i) => `ds_${String(i).padStart(3, '0')}`);
    // Every player has his (empty) schedule but the first, a profile from before schedules.
    const empties = players.slice(1).map((p) => schedule.emptySchedule(p));
    for (let i = 0; i < empties.length; i += 100) await doc.send(new TransactWriteCommand({ TransactItems: empties.slice(i, i + 100) }));
    const day2 = (playerId: string) => ({
      playerId,
      entry: { clubId: 'club_d2', tournamentId: 'trn_d2', registrationId: `reg_${playerId}`, startAt: 5_000, endAt: 9_000, live: true },
    });
    // A desk registers ds_007 elsewhere between the consumer's read and its first transaction.
    const elsewhere = { clubId: 'club_x', tournamentId: 'trn_x', registrationId: 'reg_x', startAt: 20_000, endAt: 30_000, live: true };
    let raced = false;
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (!raced && String(context.commandName).startsWith('TransactWrite')) {
          raced = true;
          const read = await schedule.readSchedule('ds_007');
          await doc.send(new TransactWriteCommand({ TransactItems: [schedule.scheduleWrite('ds_007', read, elsewhere, 1_000)] }));
        }
        return next(args);
      },
      { step: 'initialize', name: 'raceScheduleWrite' },
    );
    try {
      proxy.calls.length = 0;
      await schedule.addToSchedules(players.map(day2), 1_000);
    } finally {
      doc.middlewareStack.remove('raceScheduleWrite');
    }
    // Reads of 100 + 50, two transactions, the desk's read and transaction; the hundred the desk beat are
    // read and written again: about 8 calls (the SDK may send a slow transaction again), none per player.
    expect(new Set(operations())).toEqual(new Set(['BatchGetItem', 'GetItem', 'TransactWriteItems']));
    expect(operations().filter((o) => o === 'BatchGetItem').length).toBe(3);
    expect(proxy.calls.length).toBeLessThanOrEqual(10);
    const after = await schedule.readSchedules(players);
    expect(after.size).toBe(150);
    for (const p of players) expect(after.get(p)?.regs['club_d2.trn_d2']?.registrationId).toBe(`reg_${p}`);
    expect(after.get('ds_007')?.regs['club_x.trn_x']).toEqual(elsewhere);
    expect(after.get('ds_007')?.v).toBe(2);
    expect(after.get('ds_000')?.v).toBe(1);

    // Delivered again: the schedules hold it already, nothing is written.
    proxy.calls.length = 0;
    await schedule.addToSchedules(players.map(day2), 1_000);
    expect(counted()).toEqual({ BatchGetItem: 2 });
  });
});
