import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

let api: TestApi;
let owner: string;
let t: string;

beforeAll(async () => {
  api = await startTestApi();
  const c = await clubWithOwner(api, 'floor-owner');
  owner = c.owner;
  const created = await api.call('POST', `${c.base}/tournaments`, {
    token: owner,
    body: tournamentBody({ seatsPerTable: 4, reentry: 50_000, prizes: [{ place: 1, description: 'Кубок' }] }, -60_000),
  });
  t = `${c.base}/tournaments/${created.body.tournamentId}`;
  await api.call('POST', `${t}/open-registration`, { token: owner });
  for (let i = 0; i < 6; i++) {
    await makePlayer(api, `fp${i}`);
    const r = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId: `fp${i}` } });
    await api.call('POST', `${t}/registrations/${r.body.item.registrationId}/check-in`, { token: owner });
  }
  await api.call('POST', `${t}/start`, { token: owner });
});
afterAll(async () => api?.close());

const entryOf = async (playerId: string) =>
  (await api.call('GET', `${t}/entries?playerId=${playerId}&status=active`, { token: owner })).body.items[0].entryId as string;

describe('the floor over HTTP', () => {
  it('R-SEAT-1, R-KO-1, R-REENTRY-4, R-PLC-1: draw, knock out, re-enter seated at once, finish with results', async () => {
    const draw = await api.call('POST', `${t}/seating/draw`, { token: owner });
    expect(draw.status).toBe(200);
    expect(draw.body.tables.map((x: { players: number }) => x.players)).toEqual([3, 3]);

    const e0 = await entryOf('fp0');
    const e1 = await entryOf('fp1');
    const ko = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [e0], killers: [e1] } });
    expect(ko.status).toBe(201);
    expect(ko.body.items[0]).toMatchObject({ bustedEntryId: e0, eliminationNumber: 1, killers: [{ entryId: e1, credit: 1 }] });
    const dup = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [e0], killers: [e1] } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('ENTRY_NOT_ACTIVE');

    const re = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'reentry', playerId: 'fp0' } });
    expect(re.status).toBe(201);
    const tables = (await api.call('GET', `${t}/tables`, { token: owner })).body;
    const seated = tables.tables.flatMap((x: { seats: { entryId: string | null }[] }) => x.seats.map((s) => s.entryId)).filter(Boolean);
    expect(seated).toContain(re.body.item.entryId);
    expect(seated).toHaveLength(6);

    const cancel = await api.call('POST', `${t}/knockouts/${ko.body.items[0].knockoutId}/cancel`, { token: owner, body: {} });
    expect(cancel.body.code).toBe('PLAYER_REENTERED');

    // Everyone but fp1 goes out, one by one.
    for (const p of ['fp0', 'fp2', 'fp3', 'fp4', 'fp5']) {
      const r = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [await entryOf(p)], killers: [e1] } });
      expect(r.status).toBe(201);
    }
    const standings = await api.call('GET', `${t}/standings`, { token: owner });
    expect(standings.body.playersLeft).toBe(1);
    expect((await api.call('POST', `${t}/finish`, { token: owner })).body.status).toBe('finished');
    const results = await api.call('GET', `${t}/results`);
    expect(results.status).toBe(200);
    expect(results.body.rows[0]).toMatchObject({ place: 1, playerId: 'fp1', knockouts: 6, prize: 'Кубок', displayName: 'fp1' });
    expect(results.body.rows).toHaveLength(6);
    const csv = await api.call('GET', `${t}/results?format=csv`, { token: owner });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\n')[1]).toMatch(/^1,fp1,/);
    const moves = await api.call('GET', `${t}/moves`, { token: owner });
    expect(moves.status).toBe(200);

    // R-SEAT-2: players are told where to sit; R-PLC-1: and where they finished.
    const feed = (await api.call('GET', '/v1/me/notifications?limit=50', { token: await api.token('fp1') })).body.items;
    const types = feed.map((n: { type: string }) => n.type);
    expect(types).toContain('seat.assigned');
    expect(feed.find((n: { type: string }) => n.type === 'result')).toMatchObject({ data: { place: 1, knockouts: 6, prize: 'Кубок' } });
    const seat = feed.find((n: { type: string }) => n.type === 'seat.assigned');
    expect(seat.data).toMatchObject({ tableNumber: expect.any(Number), seat: expect.any(Number) });
  });
});
