/**
 * A field larger than one batch of notifications (30 players): the draw's seats and the finish's places are
 * kept once for the event in the tournament's feed buckets, and every player's feed still shows their own
 * seat and place, once, while the phones are pushed as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, openAndBuyIn, tournamentBody } from '../support/tournament-fixtures';

let api: TestApi;
let owner: string;
let t: string;
let tournamentId: string;
const players = Array.from({ length: 30 }, (_, i) => `fieldp${i}`);
let entryOf: Map<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  const c = await clubWithOwner(api, 'field-owner');
  owner = c.owner;
  const created = await api.call('POST', `${c.base}/tournaments`, {
    token: owner,
    body: tournamentBody({ seatsPerTable: 10, prizes: [{ place: 1, description: 'Кубок' }] }, -60_000),
  });
  tournamentId = created.body.tournamentId;
  t = `${c.base}/tournaments/${tournamentId}`;
  for (const p of players) await makePlayer(api, p);
  const phone = await api.call('POST', '/v1/me/devices', {
    token: await api.token('fieldp3'),
    body: { platform: 'fcm', token: `fcm-field-${'x'.repeat(120)}` },
  });
  expect(phone.status).toBe(201);
  entryOf = await openAndBuyIn(api, owner, t, players);
  expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
}, 120_000);
afterAll(async () => api?.close());

const feedOf = async (playerId: string) =>
  (await api.call('GET', '/v1/me/notifications?limit=50', { token: await api.token(playerId) })).body.items as {
    notificationId: string;
    type: string;
    tournamentId: string;
    title: string;
    data: Record<string, unknown>;
  }[];

describe("a field's notifications by reference", () => {
  it('R-SEAT-1, R-PLC-1: every player reads their own seat and place, once; the phone is pushed its seat', async () => {
    expect((await api.call('POST', `${t}/seating/draw`, { token: owner })).status).toBe(200);
    await api.streams?.drain();
    const tables = (await api.call('GET', `${t}/tables`, { token: owner })).body.tables as {
      number: number;
      seats: { seat: number; playerId: string | null }[];
    }[];
    const seatOf = (p: string) => {
      for (const table of tables) for (const s of table.seats) if (s.playerId === p) return { tableNumber: table.number, seat: s.seat };
      throw new Error(`${p} not seated`);
    };
    for (const p of ['fieldp0', 'fieldp3', 'fieldp17', 'fieldp29']) {
      const seats = (await feedOf(p)).filter((n) => n.type === 'seat.assigned' && n.tournamentId === tournamentId);
      expect(seats).toHaveLength(1);
      expect(seats[0]?.data).toMatchObject(seatOf(p));
      expect(seats[0]?.title).toContain(`table ${seatOf(p).tableNumber}, seat ${seatOf(p).seat}`);
    }
    const pushed = api.push.sent.filter((s) => s.message.data.tournamentId === tournamentId && s.message.data.type === 'seat.assigned');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.message.data.seat).toBe(seatOf('fieldp3').seat);

    // Everyone but fieldp0 goes out, in order: fieldp29 first (30th), fieldp1 last (2nd).
    const winner = entryOf.get('fieldp0') as string;
    for (const p of [...players].reverse().slice(0, -1)) {
      const r = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [entryOf.get(p)], killers: [winner] } });
      expect(r.status).toBe(201);
    }
    expect((await api.call('POST', `${t}/finish`, { token: owner })).body.status).toBe('finished');
    await api.streams?.drain();
    for (const [p, place] of [
      ['fieldp0', 1],
      ['fieldp1', 2],
      ['fieldp17', 18],
      ['fieldp29', 30],
    ] as const) {
      const results = (await feedOf(p)).filter((n) => n.type === 'result' && n.tournamentId === tournamentId);
      expect(results, p).toHaveLength(1);
      expect(results[0]?.data).toMatchObject({ place });
      expect(new Set((await feedOf(p)).map((n) => n.notificationId)).size).toBe((await feedOf(p)).length);
    }
    expect((await feedOf('fieldp0')).find((n) => n.type === 'result')?.data).toMatchObject({ place: 1, knockouts: 29, prize: 'Кубок' });
    expect(
      api.push.sent
        .filter((s) => s.message.data.tournamentId === tournamentId && s.message.data.type === 'result')
        .map((s) => s.message.data.place),
    ).toEqual([4]);
  });
});
