import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { startDynamoProxy, type DynamoCall, type DynamoProxy } from '../support/dynamo-proxy';
import { resetConfig } from '../../functions/runtime/config';
import { resetDynamo } from '../../functions/store/client';
import { useNotifier } from '../../functions/adapters/notifications';
import { notifyTournamentEvents } from '../../functions/adapters/notifications/tournament-notifications';
import { PushChannel } from '../../functions/adapters/push/channel';
import { deviceIdOf, registerDevice, setMuted } from '../../functions/adapters/push/devices';
import { askersOf, writeAsks } from '../../functions/adapters/push/level-asks';
import { followLevelAsks } from '../../functions/projections/level-asks';
import type { ProjectedEvent } from '../../functions/projections/projected-event';
import type { PushAdapter } from '../../functions/adapters/push/port';
import type { StoredTournament } from '../../functions/store/tournament-store';
import { initialTimer, start, type BlindStructure } from '../../domain/clock';

/*
 * What a level push costs on the wire, through a recording proxy in front of DynamoDB Local: one Query of
 * the tournament's askers, whatever the field, then the askers' own settings and once-only marks; and what
 * keeping the set costs the stream consumer: nothing for an event that registers no one, one BatchGetItem
 * of the choices and one BatchWriteItem for one that does.
 */

const T0 = Date.UTC(2026, 11, 2, 18);
const CLUB = 'club_1';
const structure: BlindStructure = {
  id: 's',
  name: 'g',
  anteType: 'classic',
  levels: [
    { smallBlind: 100, bigBlind: 200, ante: 0, durationSec: 600, isBreak: false },
    { smallBlind: 200, bigBlind: 400, ante: 50, durationSec: 600, isBreak: false },
  ],
};

let proxy: DynamoProxy;
const sent: string[] = [];
const adapter: PushAdapter = {
  supports: () => true,
  register: async (_platform, token) => `local:${token}`,
  send: async (endpoint) => {
    sent.push(endpoint);
    return 'sent';
  },
  unregister: async () => undefined,
};

function tournament(playerIds: readonly string[], status: 'registered' | 'cancelled' = 'registered'): StoredTournament {
  const registrations = Object.fromEntries(
    playerIds.map((playerId, i) => [
      `r${i}`,
      { id: `r${i}`, playerId, status, seq: i + 1, registeredAt: T0, registeredBy: 'x', source: 'staff' },
    ]),
  );
  return {
    id: `trn_${randomUUID().slice(0, 8)}`,
    clubId: CLUB,
    status: 'running',
    version: 7,
    updatedAt: T0,
    settings: { name: 'Sunday Cup', startAt: T0, lateRegEndsAt: T0 + 3_600_000, prizes: [] },
    registrations,
    entries: {},
    clock: { timer: start(initialTimer(), structure, T0).timer, structure },
  } as unknown as StoredTournament;
}

const pkOf = (c: DynamoCall) => (c.input.ExpressionAttributeValues as Record<string, { S: string }> | undefined)?.[':pk']?.S;

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `t-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  proxy = await startDynamoProxy(endpoint);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.endpoint, POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  resetConfig();
  resetDynamo();
});
afterAll(async () => {
  resetDynamo();
  await proxy?.close();
});
beforeEach(() => {
  sent.length = 0;
  useNotifier(new PushChannel(() => adapter));
});
afterEach(() => useNotifier(undefined));

describe('the level push reads its askers, not the field', () => {
  it.each([10, 400])('a field of %i: one Query of the askers, then only the asker is read and pushed', async (size) => {
    const run = randomUUID().slice(0, 8);
    const asker = `pa-${run}`;
    const field = [asker, ...Array.from({ length: size - 1 }, (_, i) => `pf-${run}-${i}`)];
    const token = `fcm-token-${asker}-0123456789`;
    await registerDevice(
      asker,
      { deviceId: deviceIdOf('fcm', token), platform: 'fcm', endpoint: `local:${asker}`, registeredAt: new Date(T0).toISOString() },
      token,
    );
    await setMuted(asker, [], T0, true);
    const t = tournament(field);
    await writeAsks([{ clubId: CLUB, tournamentId: t.id, playerId: asker, expiresAt: T0 / 1000 + 86_400 }], []);

    proxy.calls.length = 0;
    await notifyTournamentEvents(t, [{ type: 'level.started', levelIndex: 1, at: T0 + 600_000, cause: 'timer' } as never], T0 + 600_000, {
      throwOnFailure: true,
    });
    expect(sent).toEqual([`local:${asker}`]);
    const asksRead = proxy.calls.filter((c) => c.operation === 'Query' && pkOf(c) === `levelasks#${CLUB}#${t.id}`);
    expect(asksRead).toHaveLength(1);
    // The field's choices are not read: after the askers, the asker's settings (Query) and once-only mark (PutItem).
    expect(proxy.calls.map((c) => c.operation)).toEqual(['Query', 'Query', 'PutItem']);
  });
});

describe('the stream consumer keeps the askers of a tournament', () => {
  const projected = (before: StoredTournament, after: StoredTournament): ProjectedEvent => ({
    clubId: CLUB,
    tournamentId: after.id,
    version: 8,
    before,
    after,
    event: { at: T0 } as ProjectedEvent['event'],
  });

  it('registrations add the players who asked, one BatchGetItem and one BatchWriteItem; a withdrawal removes them', async () => {
    const run = randomUUID().slice(0, 8);
    const [asker, other] = [`pa-${run}`, `po-${run}`];
    await setMuted(asker, [], T0, true);
    await setMuted(other, [], T0, false);
    const empty = tournament([]);
    const registered = { ...tournament([asker, other]), id: empty.id };

    proxy.calls.length = 0;
    await followLevelAsks(projected(empty, registered), new Set([asker, other]));
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'BatchWriteItem']);
    expect(await askersOf(CLUB, empty.id)).toEqual([asker]);

    // An event that registers or withdraws no one reads nothing.
    proxy.calls.length = 0;
    await followLevelAsks(projected(registered, registered), new Set([asker, other]));
    expect(proxy.calls).toEqual([]);

    const withdrawn = { ...tournament([asker, other], 'cancelled'), id: empty.id };
    await followLevelAsks(projected(registered, withdrawn), new Set([asker, other]));
    expect(await askersOf(CLUB, empty.id)).toEqual([]);
  });
});
