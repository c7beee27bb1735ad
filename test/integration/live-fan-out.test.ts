import { beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { resetConfig } from '../../functions/runtime/config';
import { AwsLiveGateway } from '../../functions/live/aws-gateway';
import { addSubscriptions, getConnection, putConnection, subscribersOf, type LiveCaller } from '../../functions/live/connections';
import { MAX_TOPICS } from '../../functions/live/topics';
import { useLiveClock } from '../../functions/live/live-clock';
import { LIVE_ACCESS_TTL_MS } from '../../functions/live/access-cache';
import { entities } from '../../functions/store/entities';
import { fanOutEvent } from '../../functions/live/fan-out';
import type { LiveEvent } from '../../functions/live/messages';
import type { StoredTournament } from '../../functions/store/tournament-store';
import { PushChannel } from '../../functions/adapters/push/channel';
import { RecordingPushAdapter } from '../../scripts/local/adapters/push-recorder';
import { deviceIdOf, registerDevice, setMuted } from '../../functions/adapters/push/devices';
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

const ANONYMOUS: LiveCaller = { kind: 'anonymous' };
const subscribe = (connectionId: string, topic: string, caller: LiveCaller = ANONYMOUS) =>
  addSubscriptions(connectionId, caller, [topic], MAX_TOPICS);

/** A club with one staff member in the table: staff topics are checked against it on each delivery. */
async function clubWithStaff(clubId: string, userId: string): Promise<void> {
  const at = new Date().toISOString();
  await entities()
    .club.put({
      clubId,
      name: 'Live Club',
      city: 'Kazan',
      address: 'Baumana st., 10',
      legalForm: 'ul',
      inn: '7736207543',
      ogrn: '1027700229193',
      attestation: { statement: 'lawful', attestedBy: userId, attestedAt: at },
      createdBy: userId,
      createdAt: at,
      updatedAt: at,
    })
    .go();
  await entities().member.put({ clubId, userId, role: 'dealer', addedBy: userId, addedAt: at }).go();
}

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
    const dealer: LiveCaller = { kind: 'user', userId: 'dealer-1' };
    await clubWithStaff(clubId, 'dealer-1');
    for (const id of [screen, closed, elsewhere]) await putConnection(id, ANONYMOUS);
    await putConnection(floor, dealer);
    await subscribe(screen, `tournament/${clubId}/${tournamentId}`);
    await subscribe(closed, `tournament/${clubId}/${tournamentId}`);
    await subscribe(floor, `staff/${clubId}/${tournamentId}`, dealer);
    await subscribe(elsewhere, `tournament/${clubId}/another`);
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
    await putConnection(id, ANONYMOUS);
    await subscribe(id, 'tournament/club_f/trn_f');
    mock.on(PostToConnectionCommand).rejects(new Error('throttled'));
    expect(await fanOutEvent(event('club_f', 'trn_f', 1), gateway)).toEqual({ sent: 0, gone: 0, failed: 1, skipped: false });
    expect(await getConnection(id)).toBeDefined();
  });
});

describe('access on each delivery, through the API Gateway adapter', () => {
  it('a removed member is told in a closed frame and disconnected once the TTL has passed', async () => {
    const clubId = `club_${randomUUID().slice(0, 8)}`;
    const tournamentId = 'trn_rev';
    const caller: LiveCaller = { kind: 'user', userId: 'dealer-2' };
    await clubWithStaff(clubId, 'dealer-2');
    const id = `floor-${randomUUID()}`;
    await putConnection(id, caller);
    await subscribe(id, `staff/${clubId}/${tournamentId}`, caller);
    mock.on(PostToConnectionCommand).resolves({});
    mock.on(DeleteConnectionCommand).resolves({});
    let now = Date.now();
    useLiveClock(() => now);
    try {
      expect(await fanOutEvent(event(clubId, tournamentId, 1), gateway)).toMatchObject({ sent: 1 });
      await entities().member.delete({ clubId, userId: 'dealer-2' }).go();
      // Within the TTL the verdict read for the first frame still holds.
      now += LIVE_ACCESS_TTL_MS - 1_000;
      expect(await fanOutEvent(event(clubId, tournamentId, 2), gateway)).toMatchObject({ sent: 1 });
      mock.resetHistory();
      now += 2_000;
      expect(await fanOutEvent(event(clubId, tournamentId, 3), gateway)).toMatchObject({ sent: 0, revoked: 1 });
      expect(frameTo(id)).toEqual({ type: 'closed', code: 4403, reason: 'FORBIDDEN: staff topic refused (CLUB_NOT_FOUND)' });
      expect(mock.commandCalls(DeleteConnectionCommand).map((c) => c.args[0].input.ConnectionId)).toEqual([id]);
      expect(await subscribersOf(`staff/${clubId}/${tournamentId}`)).toEqual([]);
    } finally {
      useLiveClock(undefined);
    }
  });

  it('a connection whose token expired gets no staff frame and is closed with 4401 TOKEN_EXPIRED', async () => {
    const clubId = `club_${randomUUID().slice(0, 8)}`;
    const caller: LiveCaller = { kind: 'user', userId: 'dealer-3', expiresAt: Math.floor(Date.now() / 1000) + 60 };
    await clubWithStaff(clubId, 'dealer-3');
    const id = `floor-${randomUUID()}`;
    await putConnection(id, caller);
    await subscribe(id, `staff/${clubId}/trn_exp`, caller);
    mock.on(PostToConnectionCommand).resolves({});
    mock.on(DeleteConnectionCommand).resolves({});
    useLiveClock(() => Date.now() + 61_000);
    try {
      expect(await fanOutEvent(event(clubId, 'trn_exp', 1), gateway)).toMatchObject({ sent: 0, revoked: 1 });
      expect(frameTo(id)).toEqual({ type: 'closed', code: 4401, reason: 'UNAUTHENTICATED: staff topic refused (TOKEN_EXPIRED)' });
    } finally {
      useLiveClock(undefined);
    }
  });
});

describe('the topic cap', () => {
  it(`holds at ${MAX_TOPICS} topics per connection when two subscribes race on it`, async () => {
    const id = `tablet-${randomUUID()}`;
    await putConnection(id, ANONYMOUS);
    const topics = (from: number) => Array.from({ length: 15 }, (_, i) => `tournament/club_cap/trn_${from + i}`);
    const outcomes = await Promise.all([
      addSubscriptions(id, ANONYMOUS, topics(0), MAX_TOPICS),
      addSubscriptions(id, ANONYMOUS, topics(100), MAX_TOPICS),
    ]);
    expect(outcomes.sort()).toEqual(['added', 'full']);
    expect((await getConnection(id))?.topics).toHaveLength(15);
    const stored = await Promise.all([...topics(0), ...topics(100)].map((t) => subscribersOf(t)));
    expect(stored.flat()).toHaveLength(15);
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
