import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { pushSettings } from '../../functions/adapters/push/devices';

/*
 * Pushes to phones over real HTTP, with the local push adapter recording what SNS would be asked to
 * send: devices registered under /v1/me/devices, kinds turned off under /v1/me/push-preferences, and the
 * seating draw (R-SEAT-1) pushing each seated player's seat once.
 */

const players = ['push-a', 'push-b', 'push-c', 'push-d'];
/** Players of the reminder's tournament (not in the running one: R-REG-1). */
const later = ['push-e', 'push-f', 'push-g'];
const tokenOf = (p: string, n = 1) => `${p.replace('-', '_')}_device_token_${n}_0123456789abcdef`;

let api: TestApi;
let owner: string;
let base: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'push-owner'));
  for (const p of [...players, ...later]) tokens.set(p, await makePlayer(api, p));
});
afterAll(async () => api?.close());

describe('push to phones', () => {
  it('registers a device once per token, lists it without the token, and refuses bad input writing nothing', async () => {
    const me = tokens.get('push-a');
    const first = await api.call('POST', '/v1/me/devices', { token: me, body: { platform: 'apns', token: tokenOf('push-a') } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await api.call('POST', '/v1/me/devices', { token: me, body: { platform: 'apns', token: tokenOf('push-a') } });
    expect(again.body.deviceId).toBe(first.body.deviceId);
    const list = await api.call('GET', '/v1/me/devices', { token: me });
    expect(list.body.items).toEqual([{ deviceId: first.body.deviceId, platform: 'apns', registeredAt: expect.any(String) }]);
    expect(JSON.stringify(list.body)).not.toContain(tokenOf('push-a'));

    for (const body of [
      { platform: 'sms', token: tokenOf('push-a', 2) },
      { platform: 'fcm', token: 'short' },
      { platform: 'fcm', token: tokenOf('push-a', 3), extra: 1 },
    ]) {
      const r = await api.call('POST', '/v1/me/devices', { token: me, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await api.call('GET', '/v1/me/devices', { token: me })).body.items).toHaveLength(1);
    expect((await api.call('POST', '/v1/me/devices', { body: { platform: 'apns', token: tokenOf('push-a') } })).status).toBe(401);
    expect((await api.call('DELETE', '/v1/me/devices/dev_nope', { token: me })).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await api.call('PUT', '/v1/me/push-preferences', { token: me, body: { muted: ['everything'] } })).status).toBe(400);
  });

  it('R-SEAT-1: the draw pushes each seated player the seat, once, except to a player who turned seat pushes off', async () => {
    for (const p of ['push-b', 'push-c']) {
      const r = await api.call('POST', '/v1/me/devices', { token: tokens.get(p), body: { platform: 'fcm', token: tokenOf(p) } });
      expect(r.status).toBe(201);
    }
    const muted = await api.call('PUT', '/v1/me/push-preferences', { token: tokens.get('push-c'), body: { muted: ['seat'] } });
    expect(muted.body).toEqual({ muted: ['seat'] });
    expect((await api.call('GET', '/v1/me/push-preferences', { token: tokens.get('push-c') })).body).toEqual({ muted: ['seat'] });

    const created = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ seatsPerTable: 9 }, -60_000) });
    const t = `${base}/tournaments/${created.body.tournamentId}`;
    expect((await api.call('POST', `${t}/open-registration`, { token: owner })).status).toBe(200);
    for (const playerId of players)
      expect((await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId } })).status).toBe(201);
    expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
    const draw = await api.call('POST', `${t}/seating/draw`, { token: owner });
    expect(draw.status).toBe(200);
    await api.streams?.drain();

    const seats = (await api.call('GET', `${t}/tables`, { token: owner })).body.tables[0].seats as {
      seat: number;
      playerId: string | null;
    }[];
    const sent = api.push.sent.filter((p) => p.message.data.tournamentId === created.body.tournamentId);
    const byPlayer = (p: string) =>
      sent.filter((s) => s.message.data.type === 'seat.assigned' && s.endpoint.includes(p === 'push-a' ? 'apns' : 'fcm'));
    // push-a (apns) and push-b (fcm) have phones; push-c turned seat pushes off; push-d has no phone.
    expect(sent.map((s) => s.platform).sort()).toEqual(['apns', 'fcm']);
    const b = byPlayer('push-b')[0];
    expect(b?.message).toMatchObject({
      title: expect.stringContaining('Friday Deepstack'),
      body: expect.stringMatching(/your seat: table 1, seat \d/),
    });
    expect(b?.message.data.seat).toBe(seats.find((s) => s.playerId === 'push-b')?.seat);

    // The stream delivering the draw again pushes nothing more.
    await api.streams?.drain();
    expect(api.push.sent.filter((p) => p.message.data.tournamentId === created.body.tournamentId)).toHaveLength(2);
  });

  it('30 minutes before the start the scheduler reminds the registered players, on their phones too', async () => {
    // push-e (apns) and push-f (fcm, seat pushes off but not this kind) have phones; push-g has none.
    for (const [p, platform] of [
      ['push-e', 'apns'],
      ['push-f', 'fcm'],
    ] as const) {
      expect((await api.call('POST', '/v1/me/devices', { token: tokens.get(p), body: { platform, token: tokenOf(p) } })).status).toBe(201);
    }
    expect((await api.call('PUT', '/v1/me/push-preferences', { token: tokens.get('push-f'), body: { muted: ['seat'] } })).status).toBe(200);
    // The reminder is due 15 s from now: the tournament and its registrations must be in before, on a busy machine too.
    const start = Date.now() + 30 * 60_000 + 15_000;
    const body = {
      ...tournamentBody({ seatsPerTable: 9 }),
      startAt: new Date(start).toISOString(),
      lateRegEndsAt: new Date(start + 3_600_000).toISOString(),
    };
    const created = await api.call('POST', `${base}/tournaments`, { token: owner, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const t = `${base}/tournaments/${created.body.tournamentId}`;
    expect((await api.call('POST', `${t}/open-registration`, { token: owner })).status).toBe(200);
    for (const playerId of ['push-e', 'push-f', 'push-g']) {
      const r = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const reminders = () =>
      api.push.sent.filter(
        (p) => p.message.data.tournamentId === created.body.tournamentId && p.message.data.type === 'tournament.starting',
      );
    await expect.poll(() => reminders().length, { timeout: 45_000, interval: 250 }).toBe(2);
    expect(
      reminders()
        .map((p) => p.platform)
        .sort(),
    ).toEqual(['apns', 'fcm']);
    expect(reminders()[0]?.message).toMatchObject({
      title: 'Friday Deepstack',
      body: 'starts in 30 minutes',
      data: { startAt: new Date(start).toISOString() },
    });
    // The feed has it too.
    const feed = await api.call('GET', '/v1/me/notifications?limit=20', { token: tokens.get('push-g') });
    expect(feed.body.items.map((n: { type: string }) => n.type)).toContain('tournament.starting');
  }, 90_000);

  it('a removed device gets no more pushes', async () => {
    const me = tokens.get('push-d');
    const r = await api.call('POST', '/v1/me/devices', { token: me, body: { platform: 'fcm', token: tokenOf('push-d') } });
    expect((await api.call('DELETE', `/v1/me/devices/${r.body.deviceId}`, { token: me })).status).toBe(204);
    expect((await api.call('GET', '/v1/me/devices', { token: me })).body.items).toEqual([]);
  });

  it('R-PD-1: erasing the account removes its phones and push choices, at the push service too', async () => {
    const me = tokens.get('push-b');
    const before = await pushSettings('push-b');
    expect(before.devices).toHaveLength(1);
    expect((await api.call('PUT', '/v1/me/push-preferences', { token: me, body: { muted: ['results'] } })).status).toBe(200);
    expect((await api.call('DELETE', '/v1/me', { token: me })).status).toBe(200);
    expect(await pushSettings('push-b')).toEqual({ devices: [], muted: [] });
    expect(api.push.gone.has(before.devices[0]!.endpoint)).toBe(true);
  });
});
