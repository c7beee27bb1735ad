import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotent, newIdempotencyKey, ProblemError, unwrap, type SportPokerClient } from '../../client/src/index';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/**
 * A player's evening as the mobile app lives it, through the typed client only (client/): sign up,
 * browse the catalogue, register, follow my registrations, find my seat after the draw, read my
 * notifications. The club's side (check-in, start, draw) is the desk's and uses the usual helpers.
 * Every answer the client receives goes through the contract check (api.client uses api.checkedFetch).
 */
const HOUR = 3_600_000;
const CITY = 'Самара';

let api: TestApi;
let owner: string;
let clubId: string;
let base: string;
let tournamentId: string;
let upcomingId: string;
let me: SportPokerClient;
let registrationId: string;

/** A date of birth `years` years and `days` days before today (UTC). */
function bornYearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, clubId, base } = await clubWithOwner(api, 'app-owner', { name: 'Волга Покер', city: CITY }));
  const staff = async (method: string, path: string, body?: unknown) => {
    const res = await api.call(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  // Tonight's tournament, open for registration, and one announced for next week.
  tournamentId = (await staff('POST', `${base}/tournaments`, tournamentBody({ name: 'Вечерний турнир', seatsPerTable: 4 }, 2 * HOUR)))
    .tournamentId;
  await staff('POST', `${base}/tournaments/${tournamentId}/open-registration`);
  upcomingId = (await staff('POST', `${base}/tournaments`, tournamentBody({ name: 'Кубок недели' }, 7 * 24 * HOUR))).tournamentId;
  // Three other players fill the field so that the draw has a table to make.
  for (const p of ['app-p1', 'app-p2', 'app-p3']) {
    await makePlayer(api, p);
    const reg = await staff('POST', `${base}/tournaments/${tournamentId}/registrations`, { playerId: p });
    await staff('POST', `${base}/tournaments/${tournamentId}/registrations/${reg.item.registrationId}/check-in`);
  }
});
afterAll(async () => api?.close());

describe('the mobile app over the typed client', () => {
  it('R-AGE-1: sign-up refuses a minor with the UNDER_AGE problem and makes no profile', async () => {
    const kid = api.client({ token: await api.token('app-kid') });
    // Eighteen tomorrow: still a minor today.
    const body = { displayName: 'Kid', dateOfBirth: bornYearsAgo(18, 1), consent: true as const };
    const { data, error, response } = await kid.POST('/v1/players', { params: { header: idempotent() }, body });
    expect(response.status).toBe(422);
    expect(data).toBeUndefined();
    expect(error?.code).toBe('UNDER_AGE');
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // The same refusal, thrown typed by unwrap.
    const thrown = await unwrap(kid.POST('/v1/players', { body })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ProblemError);
    expect(thrown).toMatchObject({ status: 422, code: 'UNDER_AGE' });
    expect((await unwrap(kid.GET('/v1/me'))).player).toBeNull();
  });

  it('R-AGE-1: an adult signs up once; a retry with the same Idempotency-Key replays the answer', async () => {
    // The token comes from a function, as an app's sign-in SDK hands out a fresh one.
    const token = await api.token('app-anna');
    me = api.client({ token: async () => token });
    const key = newIdempotencyKey();
    // Eighteen since yesterday (yesterday rather than today keeps 29 February out of it).
    const body = { displayName: 'Anna', dateOfBirth: bornYearsAgo(18, -1), consent: true as const, city: CITY };
    const first = await me.POST('/v1/players', { params: { header: idempotent(key) }, body });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ displayName: 'Anna', dateOfBirth: body.dateOfBirth });
    const retry = await me.POST('/v1/players', { params: { header: idempotent(key) }, body });
    expect(retry.response.status).toBe(201);
    expect(retry.data).toEqual(first.data);
    // A new intent (another key) finds the profile made.
    const again = await me.POST('/v1/players', { params: { header: idempotent() }, body });
    expect(again.response.status).toBe(409);
    expect(again.error?.code).toBe('PLAYER_EXISTS');
    const profile = await unwrap(me.GET('/v1/me'));
    expect(profile.player).toMatchObject({ displayName: 'Anna', city: CITY });
  });

  it('R-CLUB-1: the catalogue of clubs and of upcoming tournaments needs no sign-in', async () => {
    const anonymous = api.client();
    const clubs = await unwrap(anonymous.GET('/v1/catalog/clubs', { params: { query: { city: CITY, limit: 10 } } }));
    expect(clubs.items.map((c) => c.clubId)).toEqual([clubId]);
    expect(clubs.items[0]).toMatchObject({ name: 'Волга Покер', city: CITY });
    expect(clubs.notice).toMatch(/independent third party/);

    const week = await unwrap(
      anonymous.GET('/v1/catalog/tournaments', {
        params: { query: { from: new Date().toISOString(), to: new Date(Date.now() + 8 * 24 * HOUR).toISOString(), limit: 100 } },
      }),
    );
    const mine = week.items.filter((t) => t.clubId === clubId);
    // By start time: tonight's first, then next week's.
    expect(mine.map((t) => [t.tournamentId, t.status])).toEqual([
      [tournamentId, 'registration_open'],
      [upcomingId, 'announced'],
    ]);
    // Paging with the cursor walks the same list one by one.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await unwrap(
        anonymous.GET('/v1/catalog/tournaments', { params: { query: { limit: 1, ...(cursor ? { cursor } : {}) } } }),
      );
      seen.push(...page.items.map((t) => t.tournamentId));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(expect.arrayContaining([tournamentId, upcomingId]));
  });

  it('registers for a tournament and sees it in my registrations; an announced one is refused with a problem code', async () => {
    const refused = await me.POST('/v1/me/registrations', { params: { header: idempotent() }, body: { clubId, tournamentId: upcomingId } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.code).toBe('REGISTRATION_NOT_OPEN');

    const key = newIdempotencyKey();
    const reg = await unwrap(me.POST('/v1/me/registrations', { params: { header: idempotent(key) }, body: { clubId, tournamentId } }));
    expect(reg.item).toMatchObject({ playerId: 'app-anna', status: 'registered' });
    registrationId = reg.item.registrationId;
    // A retry of the same tap does not register twice.
    const retry = await unwrap(me.POST('/v1/me/registrations', { params: { header: idempotent(key) }, body: { clubId, tournamentId } }));
    expect(retry.item.registrationId).toBe(registrationId);

    const mine = await unwrap(me.GET('/v1/me/registrations'));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      clubId,
      tournamentId,
      tournamentName: 'Вечерний турнир',
      tournamentStatus: 'registration_open',
      registrationId,
      registrationStatus: 'registered',
      eliminated: false,
      seat: null,
    });
  });

  it('my registrations need a sign-in: 401 UNAUTHENTICATED comes back as a typed problem', async () => {
    const { error, response } = await api.client().GET('/v1/me/registrations');
    expect(response.status).toBe(401);
    expect(error?.code).toBe('UNAUTHENTICATED');
  });

  it('the client is held to the contract: a request header the operation does not declare is a drift', async () => {
    // Listing my registrations takes no Idempotency-Key; sending one anyway must not pass unnoticed.
    await expect(me.GET('/v1/me/registrations', { headers: { 'Idempotency-Key': newIdempotencyKey() } })).rejects.toThrow(
      /listMyRegistrations .* request header idempotency-key is not declared/,
    );
  });

  it('R-REG-3, R-SEAT-1: after check-in, the start and the draw, my registration shows my seat, and a notification tells it', async () => {
    const t = `${base}/tournaments/${tournamentId}`;
    expect((await api.call('POST', `${t}/registrations/${registrationId}/check-in`, { token: owner })).status).toBe(200);
    expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
    const draw = await api.call('POST', `${t}/seating/draw`, { token: owner });
    expect(draw.status).toBe(200);
    // Where the desk's view puts me.
    const tables = draw.body.tables as { number: number; seats: { seat: number; playerId: string | null }[] }[];
    const where = tables.flatMap((x) =>
      x.seats.filter((s) => s.playerId === 'app-anna').map((s) => ({ tableNumber: x.number, seat: s.seat })),
    );
    expect(where).toHaveLength(1);

    const mine = await unwrap(me.GET('/v1/me/registrations'));
    expect(mine.items).toHaveLength(1);
    const [reg] = mine.items;
    expect(reg).toMatchObject({
      tournamentStatus: 'running',
      registrationStatus: 'checked_in',
      eliminated: false,
      entryId: expect.any(String),
    });
    expect(reg?.seat).toEqual(where[0]);

    const feed = await unwrap(me.GET('/v1/me/notifications', { params: { query: { limit: 50 } } }));
    const seat = feed.items.find((n) => n.type === 'seat.assigned' && n.tournamentId === tournamentId);
    expect(seat, JSON.stringify(feed.items.map((n) => n.type))).toBeDefined();
    expect(seat?.clubId).toBe(clubId);
    expect(seat?.data).toMatchObject(where[0] ?? {});
    // Nobody else's seat is in my feed.
    expect(feed.items.every((n) => n.tournamentId === tournamentId)).toBe(true);
    expect(feed.items.filter((n) => n.type === 'seat.assigned')).toHaveLength(1);
  });

  it('notifications page with a cursor that only their owner can use', async () => {
    const t = `${base}/tournaments/${tournamentId}`;
    // The clock's first level adds a notification for everyone in the tournament.
    expect((await api.call('POST', `${t}/clock/start`, { token: owner })).status).toBe(200);
    const all = await unwrap(me.GET('/v1/me/notifications', { params: { query: { limit: 100 } } }));
    expect(all.items.map((n) => n.type)).toEqual(expect.arrayContaining(['seat.assigned', 'level.started']));
    // Newest first.
    const times = all.items.map((n) => n.at);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await unwrap(me.GET('/v1/me/notifications', { params: { query: { limit: 1 } } }));
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const cursor = first.nextCursor ?? '';
    const second = await unwrap(me.GET('/v1/me/notifications', { params: { query: { limit: 1, cursor } } }));
    expect(second.items[0]?.notificationId).not.toBe(first.items[0]?.notificationId);
    expect([...first.items, ...second.items].map((n) => n.notificationId)).toEqual(all.items.slice(0, 2).map((n) => n.notificationId));

    const other = api.client({ token: await api.token('app-p1') });
    const stolen = await other.GET('/v1/me/notifications', { params: { query: { cursor } } });
    expect(stolen.response.status).toBe(400);
    expect(stolen.error?.code).toBe('CURSOR_INVALID');
  });
});
