import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

let api: TestApi;
let owner: string;
let base: string;
let clubId: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base, clubId } = await clubWithOwner(api, 'td-owner'));
});
afterAll(async () => api?.close());

const create = (over: Record<string, unknown> = {}, startInMs?: number) =>
  api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody(over, startInMs) });

async function version(tid: string): Promise<number> {
  return (await api.call('GET', `${base}/tournaments/${tid}`, { token: owner })).body.version;
}

describe('announcing and editing', () => {
  it('R-LIFE-1, R-LIFE-2: announced, edited while announced, frozen after registration opens', async () => {
    const t = await create();
    expect(t.status).toBe(201);
    expect(t.body.status).toBe('announced');
    const tid = t.body.tournamentId;
    const edited = await api.call('PATCH', `${base}/tournaments/${tid}`, { token: owner, body: { buyIn: 200_000 } });
    expect(edited.status).toBe(200);
    expect(edited.body.settings.buyIn).toBe(200_000);
    expect((await api.call('POST', `${base}/tournaments/${tid}/open-registration`, { token: owner })).body.status).toBe(
      'registration_open',
    );
    const frozen = await api.call('PATCH', `${base}/tournaments/${tid}`, { token: owner, body: { buyIn: 1 } });
    expect(frozen.status).toBe(409);
    expect(frozen.body.code).toBe('SETTINGS_FROZEN');
    const wrong = await api.call('POST', `${base}/tournaments/${tid}/finish`, { token: owner });
    expect(wrong.status).toBe(409);
    expect((await api.call('POST', `${base}/tournaments/${tid}/cancel`, { token: owner })).body.status).toBe('cancelled');
  });

  it('R-LIFE-3: deadlines out of order are a 422 naming the field, and nothing is created', async () => {
    const before = (await api.call('GET', `${base}/tournaments`, { token: owner })).body.items.length;
    const start = Date.now() + 3_600_000;
    const res = await create({ lateRegEndsAt: new Date(start - 60_000).toISOString(), startAt: new Date(start).toISOString() });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('lateRegEndsAt');
    expect((await api.call('GET', `${base}/tournaments`, { token: owner })).body.items.length).toBe(before);
  });

  it.each([1, 11])('R-SEAT-1: %i seats per table is refused, never clamped', async (seats) => {
    const res = await create({ seatsPerTable: seats });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('seatsPerTable');
  });

  // A fraction is the wrong JSON type (the contract says integer); a negative whole amount breaks a rule.
  it.each([
    [-100, 422],
    [10.5, 400],
  ])('refuses the amount %d with %i', async (buyIn, status) => {
    const res = await create({ buyIn });
    expect(res.status).toBe(status);
    // The edge names the field by where it is (`body.buyIn`), the domain by its name.
    expect(res.body.errors.map((e: { field: string }) => e.field.replace(/^body\./, ''))).toContain('buyIn');
  });

  it('R-MONEY-2, R-PRZ-1: money wording in a prize row and a 201st row are refused', async () => {
    const money = await create({ prizes: [{ place: 1, description: 'Кубок и 10 000 ₽' }] });
    expect(money.status).toBe(422);
    expect(JSON.stringify(money.body.errors)).toContain('prizes');
    const rows = Array.from({ length: 201 }, (_, i) => ({ place: i + 1, description: 'Медаль' }));
    const many = await create({ prizes: rows });
    expect(many.status).toBe(422);
    expect((await create({ prizes: rows.slice(0, 200) })).status).toBe(201);
  });

  it('wrong types are a 400', async () => {
    const res = await create({ buyIn: 'a lot' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('registration, check-in, fees', () => {
  let tid: string;
  let path: string;
  beforeAll(async () => {
    tid = (await create({ seatLimit: 2 }, 10 * 3_600_000)).body.tournamentId;
    path = `${base}/tournaments/${tid}`;
    await api.call('POST', `${path}/open-registration`, { token: owner });
  });

  it('R-REG-2: beyond the seat limit a registration goes to the waitlist', async () => {
    for (const p of ['ann', 'ben', 'cat']) await makePlayer(api, p);
    const a = await api.call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'ann' } });
    const b = await api.call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'ben' } });
    const c = await api.call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'cat' } });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(c.body.item.status).toBe('waitlisted');
    expect(a.body.item.status).toBe('registered');
  });

  it('an unknown player is a 404 and nothing is written', async () => {
    const v = await version(tid);
    const res = await api.call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'ghost' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PLAYER_NOT_FOUND');
    expect(await version(tid)).toBe(v);
  });

  it('R-REG-1: a registration to a parallel tournament is refused', async () => {
    const other = (await create({}, 10 * 3_600_000 + 30 * 60_000)).body.tournamentId;
    await api.call('POST', `${base}/tournaments/${other}/open-registration`, { token: owner });
    const res = await api.call('POST', `${base}/tournaments/${other}/registrations`, { token: owner, body: { playerId: 'ann' } });
    expect(res.body.code).toBe('PARALLEL_REGISTRATION');
    expect(res.status).toBeGreaterThanOrEqual(409);
  });

  it('R-REG-3, R-FEE-1, R-FEE-2: check-in accrues the buy-in as debt; settle closes it in one record; cancel puts it back', async () => {
    const regs = (await api.call('GET', `${path}/registrations`, { token: owner })).body.items;
    const ann = regs.find((r: { playerId: string }) => r.playerId === 'ann');
    const ci = await api.call('POST', `${path}/registrations/${ann.registrationId}/check-in`, { token: owner });
    expect(ci.status).toBe(200);
    expect(ci.body.item.status).toBe('checked_in');
    const fees = await api.call('GET', `${path}/players/ann/fees`, { token: owner });
    expect(fees.body.debt).toBe(150_000);
    expect(fees.body.operations).toHaveLength(1);

    const cashier = await api.token('cassie');
    await api.call('POST', `${base}/members`, { token: owner, body: { userId: 'cassie', role: 'cashier' } });
    const s = await api.call('POST', `${path}/settlements`, {
      token: cashier,
      body: { playerId: 'ann', method: 'cash' },
      headers: { 'idempotency-key': 'settle-ann' },
    });
    expect(s.status).toBe(201);
    expect(s.body.item).toMatchObject({ amount: 150_000, method: 'cash', by: 'cassie', status: 'active' });
    const again = await api.call('POST', `${path}/settlements`, {
      token: cashier,
      body: { playerId: 'ann', method: 'cash' },
      headers: { 'idempotency-key': 'settle-ann' },
    });
    expect(again.body.item.settlementId).toBe(s.body.item.settlementId);
    const nothing = await api.call('POST', `${path}/settlements`, { token: cashier, body: { playerId: 'ann', method: 'cash' } });
    expect(nothing.status).toBe(200);
    expect(nothing.body.item).toBeNull();
    expect((await api.call('GET', `${path}/players/ann/fees`, { token: owner })).body.debt).toBe(0);

    const cancelled = await api.call('POST', `${path}/settlements/${s.body.item.settlementId}/cancel`, { token: cashier });
    expect(cancelled.body.item.status).toBe('cancelled');
    expect((await api.call('GET', `${path}/players/ann/fees`, { token: owner })).body.debt).toBe(150_000);
  });

  it('a dealer sees no fees and registers nobody', async () => {
    await api.call('POST', `${base}/members`, { token: owner, body: { userId: 'dan', role: 'dealer' } });
    const dealer = await api.token('dan');
    expect((await api.call('GET', `${path}/players/ann/fees`, { token: dealer })).status).toBe(403);
    expect((await api.call('POST', `${path}/registrations`, { token: dealer, body: { playerId: 'ben' } })).status).toBe(403);
    expect((await api.call('GET', `${path}/registrations`, { token: dealer })).status).toBe(200);
  });

  it('If-Match with a stale version is a 409 and changes nothing', async () => {
    const v = await version(tid);
    const res = await api.call('POST', `${path}/registrations`, {
      token: owner,
      body: { playerId: 'ben' },
      headers: { 'if-match': String(v - 1) },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('VERSION_MISMATCH');
    expect(await version(tid)).toBe(v);
  });

  it('two desks at once never lose an update', async () => {
    for (const p of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) await makePlayer(api, p);
    const t2 = (await create({}, 30 * 3_600_000)).body.tournamentId;
    await api.call('POST', `${base}/tournaments/${t2}/open-registration`, { token: owner });
    const results = await Promise.all(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((p) =>
        api.call('POST', `${base}/tournaments/${t2}/registrations`, { token: owner, body: { playerId: p } }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    const regs = (await api.call('GET', `${base}/tournaments/${t2}/registrations`, { token: owner })).body.items;
    expect(regs).toHaveLength(ok);
    expect(ok).toBeGreaterThanOrEqual(4);
    for (const r of results) expect([201, 409]).toContain(r.status);
  });
});

describe('players and the catalogue', () => {
  it('a player registers himself, sees it in /me/registrations and unregisters', async () => {
    const t = (await create({}, 50 * 3_600_000)).body.tournamentId;
    await api.call('POST', `${base}/tournaments/${t}/open-registration`, { token: owner });
    const zed = await makePlayer(api, 'zed');
    const reg = await api.call('POST', '/v1/me/registrations', { token: zed, body: { clubId, tournamentId: t } });
    expect(reg.status).toBe(201);
    const mine = await api.call('GET', '/v1/me/registrations', { token: zed });
    expect(mine.body.items[0]).toMatchObject({ tournamentId: t, registrationStatus: 'registered', tournamentStatus: 'registration_open' });
    const del = await api.call('DELETE', `/v1/me/registrations/${reg.body.item.registrationId}`, { token: zed });
    expect(del.body.item.status).toBe('cancelled');
    // Another player cannot unregister it.
    const amy = await makePlayer(api, 'amy');
    expect((await api.call('DELETE', `/v1/me/registrations/${reg.body.item.registrationId}`, { token: amy })).status).toBe(404);
  });

  it('the catalogue lists announced and open tournaments, not cancelled ones, without login', async () => {
    const t = (await create({ name: 'Catalogue Cup' }, 70 * 3_600_000)).body.tournamentId;
    const c = (await create({ name: 'Cancelled Cup' }, 71 * 3_600_000)).body.tournamentId;
    await api.call('POST', `${base}/tournaments/${c}/cancel`, { token: owner });
    const list = await api.call('GET', '/v1/catalog/tournaments?limit=100');
    const ids = list.body.items.map((i: { tournamentId: string }) => i.tournamentId);
    expect(ids).toContain(t);
    expect(ids).not.toContain(c);
    expect((await api.call('GET', '/v1/prize-presets')).body.items).toHaveLength(4);
  });
});
