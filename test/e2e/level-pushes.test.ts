import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { pushSettings } from '../../functions/adapters/push/devices';
import { askersOf } from '../../functions/adapters/push/level-asks';

/*
 * A push at each new level, over real HTTP, to the players who asked for it (`levels: true` under
 * /v1/me/push-preferences) and to no one else: the tournament's set of askers follows the choice made before
 * or after registering, a choice turned off again, and a registration withdrawn.
 */

/** Asks, then registers. */
const EARLY = 'lvl-early';
/** Registers, then asks. */
const LATE = 'lvl-late';
/** Asks, registers, turns levels off again. */
const OFF = 'lvl-off';
/** Asks, registers, withdraws. */
const GONE = 'lvl-gone';
/** Registers and never asks. */
const NEVER = 'lvl-never';
const PLAYERS = [EARLY, LATE, OFF, GONE, NEVER];

let api: TestApi;
let owner: string;
let base: string;
const tokens = new Map<string, string>();

const prefs = (p: string, levels: boolean) =>
  api.call('PUT', '/v1/me/push-preferences', { token: tokens.get(p), body: { muted: [], ...(levels ? { levels } : {}) } });

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'lvl-owner'));
  for (const p of PLAYERS) {
    tokens.set(p, await makePlayer(api, p));
    const device = await api.call('POST', '/v1/me/devices', {
      token: tokens.get(p),
      body: { platform: 'fcm', token: `${p}_device_token_0123456789abcdef` },
    });
    expect(device.status).toBe(201);
  }
});
afterAll(async () => api?.close());

describe('level pushes to the players who asked', () => {
  it('a new level is pushed to who asked before or after registering, not after turning it off, withdrawing, or never asking', async () => {
    for (const p of [EARLY, OFF, GONE]) expect((await prefs(p, true)).body).toEqual({ muted: [], levels: true });

    const created = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ seatsPerTable: 9 }, -60_000) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tournamentId: string = created.body.tournamentId;
    const t = `${base}/tournaments/${tournamentId}`;
    expect((await api.call('POST', `${t}/open-registration`, { token: owner })).status).toBe(200);
    const registrations = new Map<string, string>();
    for (const playerId of PLAYERS) {
      const r = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      registrations.set(playerId, r.body.item.registrationId);
    }
    await api.streams?.drain();
    const clubId = base.split('/').pop()!;
    expect((await askersOf(clubId, tournamentId)).sort()).toEqual([EARLY, GONE, OFF].sort());

    expect((await prefs(LATE, true)).status).toBe(200);
    expect((await prefs(OFF, false)).body).toEqual({ muted: [] });
    expect((await api.call('DELETE', `${t}/registrations/${registrations.get(GONE)}`, { token: owner })).status).toBeLessThan(300);
    await api.streams?.drain();
    expect((await askersOf(clubId, tournamentId)).sort()).toEqual([EARLY, LATE].sort());

    for (const p of [EARLY, LATE, OFF, NEVER]) {
      const checkIn = await api.call('POST', `${t}/registrations/${registrations.get(p)}/check-in`, { token: owner });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    }
    expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
    expect((await api.call('POST', `${t}/seating/draw`, { token: owner })).status).toBe(200);
    expect((await api.call('POST', `${t}/clock/start`, { token: owner })).status).toBe(200);
    await api.streams?.drain();
    const next = await api.call('POST', `${t}/clock/next`, { token: owner });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    await api.streams?.drain();

    const endpoints = new Map<string, string>();
    for (const p of PLAYERS) endpoints.set((await pushSettings(p)).devices[0]!.endpoint, p);
    const levelPushes = api.push.sent.filter(
      (s) => s.message.data.tournamentId === tournamentId && s.message.data.type === 'level.started',
    );
    const pushedTo = (levelIndex: number) =>
      levelPushes
        .filter((s) => s.message.data.levelIndex === levelIndex)
        .map((s) => endpoints.get(s.endpoint))
        .sort();
    expect(pushedTo(1)).toEqual([EARLY, LATE].sort());
    // Every registered player has the level in their feed, asked or not.
    const feed = await api.call('GET', '/v1/me/notifications?limit=50', { token: tokens.get(NEVER) });
    expect(feed.body.items.map((n: { type: string }) => n.type)).toContain('level.started');
  });
});
