import { beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { resetConfig } from '../../functions/platform/config';
import { AwsLiveGateway } from '../../functions/live/aws-gateway';
import { addSubscriptions, getConnection, putConnection, subscribersOf } from '../../functions/live/connections';
import { fanOutEvent } from '../../functions/live/fan-out';
import type { LiveEvent } from '../../functions/live/messages';
import type { StoredTournament } from '../../functions/store/tournament-store';
import { PushChannel } from '../../functions/live/push/channel';
import { RecordingPushAdapter } from '../../scripts/local/adapters/push-recorder';
import { deviceIdOf, registerDevice, setMuted } from '../../functions/live/push/devices';
import type { PlayerNotification } from '../../functions/adapters/notifications/port';

/*
 * The fan-out on DynamoDB Local through the API Gateway adapter, its requests checked with
 * aws-sdk-client-mock: one PostToConnection per subscribed connection, 410s dropped with their items,
 * and an event sent once however often it is delivered.
 */

const mock = mockClient(ApiGatewayManagementApiClient);
const gateway = new AwsLiveGateway(
  'https://abc.execute-api.eu-central-1.amazonaws.com/live',
  new ApiGatewayManagementApiClient({ region: 'eu-central-1' }),
);

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  resetConfig();
});
beforeEach(() => mock.reset());

/** A running tournament with nobody in it: the event concerns the public and staff topics only. */
function event(clubId: string, tournamentId: string, version: number): LiveEvent {
  const after = {
    id: tournamentId,
    clubId,
    status: 'running',
    version,
    entries: {},
    registrations: {},
    settings: { name: 'Live' },
  } as unknown as StoredTournament;
  return {
    clubId,
    tournamentId,
    version,
    before: after,
    after,
    event: { at: Date.UTC(2026, 11, 1, 18), events: [{ type: 'clock.paused' }], patch: [] },
  };
}

const sentTo = () => mock.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input.ConnectionId);
const frameTo = (id: string) => {
  const call = mock.commandCalls(PostToConnectionCommand).find((c) => c.args[0].input.ConnectionId === id);
  return JSON.parse(new TextDecoder().decode(call?.args[0].input.Data as Uint8Array)) as Record<string, unknown>;
};

describe('fan-out of a committed event', () => {
  it('posts to each subscribed connection with the version, drops a 410 with its items, and sends a version once', async () => {
    const clubId = 'club_live';
    const tournamentId = `trn_${randomUUID().slice(0, 8)}`;
    const [screen, closed, floor, elsewhere] = ['screen', 'closed', 'floor', 'elsewhere'].map((n) => `${n}-${randomUUID()}`) as [
      string,
      string,
      string,
      string,
    ];
    for (const id of [screen, closed, floor, elsewhere]) await putConnection(id, { kind: 'anonymous' });
    await addSubscriptions(screen, [`tournament/${clubId}/${tournamentId}`]);
    await addSubscriptions(closed, [`tournament/${clubId}/${tournamentId}`]);
    await addSubscriptions(floor, [`staff/${clubId}/${tournamentId}`]);
    await addSubscriptions(elsewhere, [`tournament/${clubId}/another`]);
    mock.on(PostToConnectionCommand).resolves({});
    mock
      .on(PostToConnectionCommand, { ConnectionId: closed })
      .rejects(new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } }));

    const report = await fanOutEvent(event(clubId, tournamentId, 5), gateway);
    expect(report).toEqual({ sent: 2, gone: 1, failed: 0, skipped: false });
    expect(sentTo().sort()).toEqual([screen, closed, floor].sort());
    expect(frameTo(screen)).toMatchObject({
      type: 'event',
      version: 5,
      topic: { kind: 'tournament', clubId, tournamentId },
      data: { status: 'running', events: ['clock.paused'] },
    });
    expect(frameTo(floor)).toMatchObject({
      type: 'event',
      version: 5,
      topic: { kind: 'staff' },
      data: { events: [{ type: 'clock.paused' }] },
    });
    // The closed connection's items are gone: the next event does not try it.
    expect(await getConnection(closed)).toBeUndefined();
    expect(await subscribersOf(`tournament/${clubId}/${tournamentId}`)).toEqual([screen]);

    // The same event delivered again (a retried batch), or an older one: nothing is sent.
    mock.resetHistory();
    expect(await fanOutEvent(event(clubId, tournamentId, 5), gateway)).toMatchObject({ sent: 0, skipped: true });
    expect(await fanOutEvent(event(clubId, tournamentId, 4), gateway)).toMatchObject({ sent: 0, skipped: true });
    expect(sentTo()).toEqual([]);
    // The next version goes out.
    expect(await fanOutEvent(event(clubId, tournamentId, 6), gateway)).toMatchObject({ sent: 2, skipped: false });
  });

  it('sends nothing and writes nothing for an event nobody is subscribed to', async () => {
    const report = await fanOutEvent(event('club_quiet', 'trn_quiet', 1), gateway);
    expect(report).toEqual({ sent: 0, gone: 0, failed: 0, skipped: false });
    expect(sentTo()).toEqual([]);
  });

  it('logs a failed post and goes on: the version lets the client catch up', async () => {
    const id = `c-${randomUUID()}`;
    await putConnection(id, { kind: 'anonymous' });
    await addSubscriptions(id, ['tournament/club_f/trn_f']);
    mock.on(PostToConnectionCommand).rejects(new Error('throttled'));
    expect(await fanOutEvent(event('club_f', 'trn_f', 1), gateway)).toEqual({ sent: 0, gone: 0, failed: 1, skipped: false });
    expect(await getConnection(id)).toBeDefined();
  });
});

describe('push as a notification channel', () => {
  const note = (type: string, id: string): PlayerNotification => ({
    id,
    type,
    at: Date.UTC(2026, 11, 1, 18),
    clubId: 'club_p',
    tournamentId: 'trn_p',
    title: 'Friday: you are in: promoted from the waitlist',
    data: { registrationId: 'reg_1' },
  });

  it('pushes a waitlist promotion once to each phone of the player, nothing for levels or for a muted kind', async () => {
    const adapter = new RecordingPushAdapter();
    const channel = new PushChannel(() => adapter);
    const player = `p-${randomUUID()}`;
    for (const [platform, token] of [
      ['apns', 'apns-token-0123456789abcdef'],
      ['fcm', 'fcm-token-0123456789abcdef'],
    ] as const) {
      await registerDevice(
        player,
        {
          deviceId: deviceIdOf(platform, token),
          platform,
          endpoint: await adapter.register(platform, token),
          registeredAt: new Date().toISOString(),
        },
        token,
      );
    }
    await channel.publish([player], note('registration.promoted', `n-${player}`));
    await channel.publish([player], note('registration.promoted', `n-${player}`));
    expect(adapter.sent.map((p) => p.platform).sort()).toEqual(['apns', 'fcm']);
    expect(adapter.sent[0]?.message).toMatchObject({
      title: 'Friday',
      body: 'you are in: promoted from the waitlist',
      data: { type: 'registration.promoted', tournamentId: 'trn_p' },
    });

    await channel.publish([player], note('level.started', `lvl-${player}`));
    await setMuted(player, ['waitlist'], Date.now());
    await channel.publish([player], note('registration.promoted', `n2-${player}`));
    expect(adapter.sent).toHaveLength(2);
  });
});
