import { afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { resetConfig } from '../../functions/runtime/config';
import { useNotifier } from '../../functions/adapters/notifications';
import { notifyTournamentEvents } from '../../functions/adapters/notifications/tournament-notifications';
import { PushChannel } from '../../functions/adapters/push/channel';
import { SnsPushAdapter, snsMessage } from '../../functions/adapters/push/sns';
import { deviceIdOf, registerDevice, setMuted } from '../../functions/adapters/push/devices';
import { writeAsks } from '../../functions/adapters/push/level-asks';
import type { StoredTournament } from '../../functions/store/tournament-store';
import { initialTimer, start, type BlindStructure } from '../../domain/clock';

/*
 * What a player's phone is pushed from the tournament's events, through the real push channel on DynamoDB
 * Local and the SNS adapter, its Publish requests checked with aws-sdk-client-mock: their own knockout,
 * a level only to those who asked, the result and a free-entry ticket at the finish; a muted kind is not
 * pushed, and an event delivered again pushes nothing more.
 */

const FCM = 'arn:aws:sns:eu-central-1:123456789012:app/GCM/sport-poker';
const sns = mockClient(SNSClient);
const endpointOf = (playerId: string) => `arn:aws:sns:eu-central-1:123456789012:endpoint/GCM/sport-poker/${playerId}`;
const T0 = Date.UTC(2026, 11, 2, 18);

const structure: BlindStructure = {
  id: 's',
  name: 'g',
  anteType: 'classic',
  levels: [
    { smallBlind: 100, bigBlind: 200, ante: 0, durationSec: 600, isBreak: false },
    { smallBlind: 200, bigBlind: 400, ante: 50, durationSec: 600, isBreak: false },
  ],
};

let ids: { knocked: string; asker: string; muter: string; silent: string };

function tournament(over: Partial<StoredTournament> = {}): StoredTournament {
  const players = Object.values(ids);
  const registrations = Object.fromEntries(
    players.map((playerId, i) => [
      `r${i}`,
      { id: `r${i}`, playerId, status: 'checked_in', seq: i + 1, registeredAt: T0, registeredBy: 'x', source: 'staff' },
    ]),
  );
  const entries = Object.fromEntries(players.map((playerId, i) => [`e${i}`, { id: `e${i}`, playerId, status: 'active', chips: 1000 }]));
  return {
    id: `trn_${randomUUID().slice(0, 8)}`,
    clubId: 'club_1',
    status: 'running',
    version: 7,
    updatedAt: T0,
    settings: {
      name: 'Sunday Cup',
      prizes: [
        { place: 1, kind: 'free_entry', description: 'A seat in the Main Event', freeEntry: { target: { kind: 'club' }, validDays: 30 } },
      ],
    },
    registrations,
    entries,
    clock: { timer: start(initialTimer(), structure, T0).timer, structure },
    ...over,
  } as unknown as StoredTournament;
}

/** The notifications' Publish requests, by endpoint. */
const published = () =>
  sns.commandCalls(PublishCommand).map((c) => ({ to: c.args[0].input.TargetArn, message: JSON.parse(String(c.args[0].input.Message)) }));
const typesTo = (playerId: string) =>
  published()
    .filter((p) => p.to === endpointOf(playerId))
    .map((p) => JSON.parse(p.message.GCM).fcmV1Message.message.data.type as string);

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  resetConfig();
});
beforeEach(async () => {
  sns.reset();
  sns.on(PublishCommand).resolves({ MessageId: 'm' });
  const run = randomUUID().slice(0, 8);
  ids = { knocked: `pk-${run}`, asker: `pa-${run}`, muter: `pm-${run}`, silent: `ps-${run}` };
  for (const playerId of [ids.knocked, ids.asker, ids.muter]) {
    const token = `fcm-token-${playerId}-0123456789`;
    await registerDevice(
      playerId,
      { deviceId: deviceIdOf('fcm', token), platform: 'fcm', endpoint: endpointOf(playerId), registeredAt: new Date(T0).toISOString() },
      token,
    );
  }
  await setMuted(ids.asker, [], T0, true);
  await setMuted(ids.muter, ['knockout', 'tickets'], T0);
  const adapter = new SnsPushAdapter({ fcm: FCM }, new SNSClient({ region: 'eu-central-1' }));
  // The push channel alone: the feed is another channel, not under test here.
  useNotifier(new PushChannel(() => adapter));
});
afterEach(() => useNotifier(undefined));

describe('pushes for what matters to a player', () => {
  it('a knockout pushes the busted player once, with the exact SNS request; a muted knockout is not pushed', async () => {
    const t = tournament();
    const busted = [
      { type: 'entry.busted', entryId: 'e0', playerId: ids.knocked },
      { type: 'entry.busted', entryId: 'e2', playerId: ids.muter },
    ];
    await notifyTournamentEvents(t, busted, T0 + 1000, { throwOnFailure: true });
    const calls = sns.commandCalls(PublishCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      TargetArn: endpointOf(ids.knocked),
      MessageStructure: 'json',
      Message: snsMessage({
        title: 'Sunday Cup',
        body: 'you were knocked out',
        data: { type: 'knockout', clubId: 'club_1', tournamentId: t.id, entryId: 'e0' },
      }),
    });
    // The stream delivering the same event again: the same notification, pushed once.
    await notifyTournamentEvents(t, busted, T0 + 1000, { throwOnFailure: true });
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
  });

  it('a new level is pushed only to the player who asked for levels', async () => {
    const t = tournament();
    // The tournament's askers (kept by the preferences route and the stream consumer); an ask left behind
    // by a player who no longer wants levels pushes nothing: the push checks the choice itself.
    const ask = (playerId: string) => ({ clubId: 'club_1', tournamentId: t.id, playerId, expiresAt: T0 / 1000 + 86_400 });
    await writeAsks([ask(ids.asker), ask(ids.muter)], []);
    await notifyTournamentEvents(t, [{ type: 'level.started', levelIndex: 1, at: T0 + 600_000, cause: 'timer' } as never], T0 + 600_000, {
      throwOnFailure: true,
    });
    expect(published().map((p) => p.to)).toEqual([endpointOf(ids.asker)]);
    expect(typesTo(ids.asker)).toEqual(['level.started']);
    expect(JSON.parse(published()[0]?.message.GCM).fcmV1Message.message.notification).toEqual({
      title: 'Sunday Cup',
      body: 'level 2: 200/400, ante 50',
    });
  });

  it('the finish pushes each player the result, and the winner the free-entry ticket (not to a player who muted tickets)', async () => {
    const rows = [
      { playerId: ids.muter, place: 1, knockouts: 3 },
      { playerId: ids.knocked, place: 2, knockouts: 0 },
      { playerId: ids.asker, place: 3, knockouts: 0 },
    ];
    const finished = [{ type: 'tournament.status_changed', from: 'running', to: 'finished' }];
    const t = tournament({ status: 'finished', results: { rows } } as unknown as Partial<StoredTournament>);
    await notifyTournamentEvents(t, finished, T0 + 9_000_000, { throwOnFailure: true });
    expect(typesTo(ids.knocked)).toEqual(['result']);
    expect(typesTo(ids.asker)).toEqual(['result']);
    // The winner muted tickets: the result only.
    expect(typesTo(ids.muter)).toEqual(['result']);

    const won = tournament({
      status: 'finished',
      results: { rows: [{ playerId: ids.knocked, place: 1, knockouts: 2 }] },
    } as unknown as Partial<StoredTournament>);
    sns.resetHistory();
    await notifyTournamentEvents(won, finished, T0 + 9_000_000, { throwOnFailure: true });
    await notifyTournamentEvents(won, finished, T0 + 9_000_000, { throwOnFailure: true });
    expect(typesTo(ids.knocked).sort()).toEqual(['result', 'ticket.issued']);
    const ticket = published().find((p) => JSON.parse(p.message.GCM).fcmV1Message.message.data.type === 'ticket.issued');
    expect(JSON.parse(ticket?.message.GCM).fcmV1Message.message).toMatchObject({
      notification: { title: 'Sunday Cup', body: 'A seat in the Main Event' },
      data: { place: '1', validDays: '30', target: JSON.stringify({ kind: 'club' }) },
    });
  });
});
