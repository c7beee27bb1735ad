import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable, localClient } from '../../scripts/local/dynamodb-local';
import { seededRandom } from '../../domain/core/random';
import type { Context } from '../../domain/core/context';
import { checkIn, createTournament, changeStatus, register, rebuy, type Tournament } from '../../domain/tournaments';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { drawSeating } from '../../domain/floor/seating';
import { recordKnockoutOnFloor } from '../../domain/floor/knockouts';
import type * as StoreTypes from '../../functions/store/tournament-store';

/**
 * The tournament partition on DynamoDB Local at the scale the product promises: a field of 2,000
 * entries loads in one query, and every change, the seating draw included, is one transaction
 * (at most 100 items) of items far below 400 KB.
 */
let tableName: string;
type StoreModule = typeof StoreTypes;
let store: StoreModule;

beforeAll(async () => {
  tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  store = await import('../../functions/store/tournament-store');
});

const START = Date.UTC(2026, 11, 5, 18);
let n = 0;
const ctx = (now: number): Context => ({ now, actor: { id: 'usr_floor', role: 'manager' }, rng: seededRandom(n + 1), newId: (p) => `${p}_${(++n).toString(36)}` });

function bigField(players: number): Tournament {
  let t = createTournament(
    { clubId: 'club_big', clubCurrency: 'RUB', settings: { name: 'Main Event', startAt: START, lateRegEndsAt: START + 4 * 3_600_000, buyIn: 500_000, rebuy: 500_000, startingStack: 30_000, seatsPerTable: 10 } },
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

describe('a 2,000-entry tournament in one partition', () => {
  it('saves, loads whole, takes a rebuy, a seating draw and a knockout, each in one transaction within the limits', async () => {
    const field = { ...bigField(2000), version: 1 } as FloorTournament;
    await store.createTournamentItem(field);

    const loaded = await store.requireTournament('club_big', field.id);
    expect(Object.keys(loaded.state.entries)).toHaveLength(2000);
    expect(loaded.state.version).toBe(1);

    const entryId = Object.keys(loaded.state.entries)[17] as string;
    const afterRebuy = await store.mutateTournament('club_big', field.id, (s) => rebuy(s, { entryId }, ctx(START + 60_000)) as { state: FloorTournament; events: [] });
    expect(afterRebuy.version).toBe(2);

    const drawn = await store.mutateTournament('club_big', field.id, (s) => drawSeating(s, ctx(START + 120_000)));
    expect(Object.keys(drawn.state.seating?.tables ?? {})).toHaveLength(200);

    const [a, b] = Object.keys(drawn.state.entries) as [string, string];
    const ko = await store.mutateTournament('club_big', field.id, (s) => recordKnockoutOnFloor(s, { busted: [a], killers: [b] }, ctx(START + 180_000)));
    expect(ko.version).toBe(4);

    const again = await store.requireTournament('club_big', field.id);
    expect(again.state.entries[a]?.status).toBe('busted');
    expect(again.state.entries[entryId]?.chips).toBe(60_000);
    expect(Object.keys(again.state.seating?.seatOf ?? {})).toHaveLength(1999);
    // Index rows of every player were written, even though 2,000 did not fit the transaction of the draw.
    expect(again.projections.size).toBe(2000);

    const items = await partitionItems('club_big', field.id);
    const largest = Math.max(...items.map((i) => JSON.stringify(i).length));
    expect(largest).toBeLessThan(200_000);
    const parts = items.filter((i) => String((i.sk as { S: string }).S).startsWith('part#'));
    // One item per bucket of each map in use: far fewer than one per record.
    expect(parts.length).toBeLessThan(100);
  });

  it('two writers at once: the loser retries on the fresh state and both changes survive', async () => {
    const t = { ...bigField(20), version: 1 } as FloorTournament;
    await store.createTournamentItem(t);
    const ids = Object.keys(t.entries);
    const results = await Promise.all(
      ids.slice(0, 5).map((entryId, i) => store.mutateTournament('club_big', t.id, (s) => rebuy(s, { entryId }, ctx(START + i)) as { state: FloorTournament; events: [] })),
    );
    expect(results.map((r) => r.version).sort()).toEqual([2, 3, 4, 5, 6]);
    const final = await store.requireTournament('club_big', t.id);
    for (const id of ids.slice(0, 5)) expect(final.state.entries[id]?.chips).toBe(60_000);
  });
});
