import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamPoller } from '../support/stream-poller';
import type { LocalStreamPoller } from '../../scripts/local/adapters/stream-poller';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable, localClient } from '../../scripts/local/dynamodb-local';
import { seededRandom } from '../../domain/core/random';
import type { Context } from '../../domain/core/context';
import { checkIn, createTournament, changeStatus, register, rebuy, type Tournament } from '../../domain/tournaments';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { drawSeating } from '../../domain/floor/seating';
import { recordKnockoutOnFloor } from '../../domain/floor/knockouts';
import type * as StoreTypes from '../../functions/store/tournament-store';
import type * as CacheTypes from '../../functions/store/tournament-cache';
import { diffState } from '../../functions/store/state-patch';
import type * as LogTypes from '../../functions/store/tournament-log';

/**
 * The tournament partition on DynamoDB Local at the scale the product promises: every change, the
 * seating draw of 2,000 entries included, is one event item far below 400 KB; snapshots keep a cold
 * read short; a tournament stored in the layout before the log still loads.
 */
let tableName: string;
type StoreModule = typeof StoreTypes;
let store: StoreModule;
let cache: typeof CacheTypes;
let log: typeof LogTypes;
let streams: LocalStreamPoller;

beforeAll(async () => {
  tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  store = await import('../../functions/store/tournament-store');
  cache = await import('../../functions/store/tournament-cache');
  log = await import('../../functions/store/tournament-log');
  streams = await startStreamPoller(tableName);
});
afterAll(async () => streams.stop());

const START = Date.UTC(2026, 11, 5, 18);
let n = 0;
const ctx = (now: number): Context => ({
  now,
  actor: { id: 'usr_floor', role: 'manager' },
  rng: seededRandom(n + 1),
  newId: (p) => `${p}_${(++n).toString(36)}`,
});

function bigField(players: number): Tournament {
  let t = createTournament(
    {
      clubId: 'club_big',
      clubCurrency: 'RUB',
      settings: {
        name: 'Main Event',
        startAt: START,
        lateRegEndsAt: START + 4 * 3_600_000,
        buyIn: 500_000,
        rebuy: 500_000,
        startingStack: 30_000,
        seatsPerTable: 10,
      },
    },
    ctx(START - 86_400_000),
  ).state;
  t = changeStatus(t, { to: 'registration_open' }, ctx(START - 3_600_000)).state;
  for (let i = 0; i < players; i++) {
    const r = register(t, { playerId: `player_${i}`, otherRegistrations: [] }, ctx(START - 3_000_000));
    const id = r.events.find((e) => e.type === 'registration.created');
    t = checkIn(r.state, { registrationId: id && 'registrationId' in id ? id.registrationId : '' }, ctx(START - 2_000_000)).state;
  }
  return changeStatus(t, { to: 'running' }, ctx(START)).state;
}

async function partitionItems(clubId: string, tournamentId: string) {
  const client = localClient(inject('dynamoEndpoint'));
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `club#${clubId}#t#${tournamentId}` } },
        ...(start ? { ExclusiveStartKey: start as never } : {}),
      }),
    );
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  client.destroy();
  return items;
}

const sk = (i: Record<string, unknown>) => String((i.sk as { S: string }).S);

describe('a 2,000-entry tournament as an event log with snapshots', () => {
  it('saves, loads, takes a rebuy, a seating draw and a knockout, each one event within the item limits', async () => {
    const field = { ...bigField(2000), version: 1 } as FloorTournament;
    await store.createTournamentItem(field);

    const loaded = await store.requireTournament('club_big', field.id);
    expect(Object.keys(loaded.state.entries)).toHaveLength(2000);
    expect(loaded.state.version).toBe(1);

    const entryId = Object.keys(loaded.state.entries)[17] as string;
    const afterRebuy = await store.mutateTournament(
      'club_big',
      field.id,
      (s) => rebuy(s, { entryId }, ctx(START + 60_000)) as { state: FloorTournament; events: [] },
    );
    expect(afterRebuy.version).toBe(2);

    const drawn = await store.mutateTournament('club_big', field.id, (s) => drawSeating(s, ctx(START + 120_000)));
    expect(Object.keys(drawn.state.seating?.tables ?? {})).toHaveLength(200);

    const [a, b] = Object.keys(drawn.state.entries) as [string, string];
    const ko = await store.mutateTournament('club_big', field.id, (s) =>
      recordKnockoutOnFloor(s, { busted: [a], killers: [b] }, ctx(START + 180_000)),
    );
    expect(ko.version).toBe(4);

    // A cold container (no cached state) folds the same state from the stored items.
    cache.forgetTournaments();
    const again = await store.requireTournament('club_big', field.id);
    expect(again.state.version).toBe(4);
    expect(again.state.entries[a]?.status).toBe('busted');
    expect(again.state.entries[entryId]?.chips).toBe(60_000);
    expect(Object.keys(again.state.seating?.seatOf ?? {})).toHaveLength(1999);
    expect(JSON.parse(JSON.stringify(again.state))).toEqual(JSON.parse(JSON.stringify(ko.state)));

    // The by-player index is derived from the log by the stream consumer.
    await streams.drain(120_000);
    const items = await partitionItems('club_big', field.id);
    const events = items.filter((i) => sk(i).startsWith('e#'));
    expect(events.map(sk)).toEqual([1, 2, 3, 4].map((v) => `e#${String(v).padStart(12, '0')}`));
    // Every item far below DynamoDB's 400 KB, the knockout's event a few hundred bytes.
    const size = (i: Record<string, unknown>) =>
      Object.entries(i).reduce((n, [k, v]) => {
        const a = v as { S?: string; N?: string; B?: Uint8Array };
        return n + k.length + (a.B ? a.B.byteLength : JSON.stringify(a).length);
      }, 0);
    expect(Math.max(...items.map(size))).toBeLessThan(350_000);
    expect(size(events[3] as Record<string, unknown>)).toBeLessThan(4_000);
    // The by-player index has a row for every player, written off the request path.
    expect(items.filter((i) => sk(i).startsWith('player#'))).toHaveLength(2000);
  }, 240_000);

  it('two writers at once: the loser retries on the new events and both changes survive', async () => {
    const t = { ...bigField(20), version: 1 } as FloorTournament;
    await store.createTournamentItem(t);
    const ids = Object.keys(t.entries);
    const results = await Promise.all(
      ids
        .slice(0, 5)
        .map((entryId, i) =>
          store.mutateTournament('club_big', t.id, (s) => rebuy(s, { entryId }, ctx(START + i)) as { state: FloorTournament; events: [] }),
        ),
    );
    expect(results.map((r) => r.version).sort()).toEqual([2, 3, 4, 5, 6]);
    cache.forgetTournaments();
    const final = await store.requireTournament('club_big', t.id);
    for (const id of ids.slice(0, 5)) expect(final.state.entries[id]?.chips).toBe(60_000);
  });

  it('a command that loses the race to another process reads the new event and decides again on it', async () => {
    const t = { ...bigField(10), version: 1 } as FloorTournament;
    await store.createTournamentItem(t);
    const [first, second] = Object.keys(t.entries) as [string, string];
    let calls = 0;
    const out = await store.mutateTournament('club_big', t.id, async (s) => {
      calls++;
      if (calls === 1) {
        // Another container appends version 2 between this command's read and its write.
        const theirs = rebuy(s, { entryId: second }, ctx(START + 1)).state;
        await log.appendEvent({
          clubId: 'club_big',
          tournamentId: t.id,
          version: 2,
          at: theirs.updatedAt,
          patch: diffState(s, theirs, { skip: ['seating.seatOf', 'version'] }),
          events: [],
        });
      }
      return rebuy(s, { entryId: first }, ctx(START + 2)) as { state: FloorTournament; events: [] };
    });
    expect(calls).toBe(2);
    expect(out.version).toBe(3);
    expect(out.state.entries[first]?.chips).toBe(60_000);
    expect(out.state.entries[second]?.chips).toBe(60_000);
  });

  it("takes snapshots as the log grows; a cold read of snapshot + tail equals the writer's state", async () => {
    const t = { ...bigField(300), version: 1 } as FloorTournament;
    await store.createTournamentItem(t);
    const ids = Object.keys(t.entries);
    let last: FloorTournament = t;
    for (let i = 0; i < 120; i++) {
      const entryId = ids[i % ids.length] as string;
      last = (
        await store.mutateTournament(
          'club_big',
          t.id,
          (s) => rebuy(s, { entryId }, ctx(START + 1_000 + i)) as { state: FloorTournament; events: [] },
        )
      ).state;
    }
    // Snapshots are taken by the stream consumer, off the request path.
    await streams.drain(120_000);
    const items = await partitionItems('club_big', t.id);
    const root = items.find((i) => sk(i) === 'meta') as Record<string, { S?: string; N?: string }>;
    const manifest = JSON.parse(root.snap?.S ?? 'null') as { v: number; parts: Record<string, [number, number]> } | null;
    expect(manifest?.v).toBeGreaterThan(1);
    // Exactly the parts the manifest names are stored: superseded ones were deleted.
    const parts = items
      .filter((i) => sk(i).startsWith('meta#s#'))
      .map(sk)
      .sort();
    expect(parts).toEqual(
      Object.entries(manifest?.parts ?? {})
        .map(([name, [v]]) => `meta#s#${name}#${String(v).padStart(12, '0')}`)
        .sort(),
    );
    cache.forgetTournaments();
    const cold = await store.requireTournament('club_big', t.id);
    expect(cold.state.version).toBe(121);
    expect(JSON.parse(JSON.stringify(cold.state))).toEqual(JSON.parse(JSON.stringify(last)));
  });

  it('an event that cannot be decoded stops the read: it is never skipped', async () => {
    const t = { ...bigField(5), version: 1 } as FloorTournament;
    await store.createTournamentItem(t);
    const client = localClient(inject('dynamoEndpoint'));
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: {
          pk: { S: `club#club_big#t#${t.id}` },
          sk: { S: 'e#000000000002' },
          kind: { S: 'tournamentEvent' },
          v: { N: '2' },
          at: { N: '1' },
          b: { S: '{not json' },
        },
      }),
    );
    client.destroy();
    cache.forgetTournaments();
    await expect(store.requireTournament('club_big', t.id)).rejects.toThrow(/cannot be decoded/);
  });
});
