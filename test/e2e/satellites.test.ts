import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { expectProblem } from '../support/http-expectations';
import { ok, retryingCall } from '../support/season-play';

/**
 * Satellites end to end (R-SAT-1..3): a tournament whose setting `satellite` awards seats in a target;
 * the standings show its bubble; the knockout that leaves N players (or the floor's finish, once late
 * registration is over) ends it; the players left share place 1 and each holds a ticket to the target,
 * which enters it. A winner already in the target: the seat passes down, or a ticket to another event.
 *
 * A satellite ends only once late registration is over (the field may still grow before), so the
 * satellites below are set up with a late-registration deadline a little ahead and played after it.
 */
let api: TestApi;
let owner: string;
let base: string;
let otherBase: string;
let otherOwner: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Each satellite's set-up runs within this much of its creation; the knockouts that end it after its deadline. */
const SETUP_MS = 60_000;
const SLOW = { timeout: 300_000 };
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 200));

/** The API as a client uses it: a 503 is retried after its Retry-After (test/support/season-play.ts). */
let call: TestApi['call'];

/** A target tournament, open for registration, `days` days ahead. */
async function target(name: string, days: number): Promise<string> {
  const t = ok(await call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ name }, days * DAY) }), 201);
  ok(await call('POST', `${base}/tournaments/${t.tournamentId}/open-registration`, { token: owner }), 200);
  return t.tournamentId as string;
}

interface Satellite {
  id: string;
  path: string;
  entry: Record<string, string>;
  lateEnd: number;
}

/** A running satellite with one entry per player, late registration open for SETUP_MS. */
async function satellite(
  name: string,
  satelliteSetting: Record<string, unknown>,
  players: string[],
  setupMs = SETUP_MS,
): Promise<Satellite> {
  const lateEnd = Date.now() + setupMs;
  const body = {
    ...tournamentBody({ name, satellite: satelliteSetting }, -60_000),
    lateRegEndsAt: new Date(lateEnd).toISOString(),
  };
  const t = ok(await call('POST', `${base}/tournaments`, { token: owner, body }), 201);
  const path = `${base}/tournaments/${t.tournamentId}`;
  ok(await call('POST', `${path}/open-registration`, { token: owner }), 200);
  const entry: Record<string, string> = {};
  for (const playerId of players) {
    entry[playerId] = ok(
      await call('POST', `${path}/entries`, { token: owner, body: { kind: 'late_registration', playerId } }),
      201,
    ).item.entryId;
  }
  ok(await call('POST', `${path}/start`, { token: owner }), 200);
  expect(Date.now(), 'the set-up ran past the late-registration deadline').toBeLessThan(lateEnd);
  return { id: t.tournamentId, path, entry, lateEnd };
}

const knockout = (s: Satellite, busted: string, killer: string) =>
  call('POST', `${s.path}/knockouts`, { token: owner, body: { busted: [s.entry[busted]], killers: [s.entry[killer]] } });

const ticketsOf = async (player: string) =>
  (await call('GET', '/v1/me/tickets', { token: await api.token(player) })).body.items as {
    ticketId: string;
    target: Record<string, unknown>;
    source: { kind: string; tournamentId?: string; place?: number };
    status: string;
  }[];

const PLAYERS = [...['a1', 'a2', 'a3', 'a4', 'a5'], ...['b1', 'b2', 'b3', 'b4'], ...['c1', 'c2', 'c3', 'c4'], ...['d1', 'd2', 'd3']].map(
  (p) => `sat-${p}`,
);

let targetA = '';
let targetB = '';
let targetC = '';
let targetD = '';
let satA: Satellite;
let satB: Satellite;
let satC: Satellite;
let satD: Satellite;

beforeAll(async () => {
  api = await startTestApi();
  call = retryingCall(api);
  ({ owner, base } = await clubWithOwner(api, 'sat-owner'));
  ({ owner: otherOwner, base: otherBase } = await clubWithOwner(api, 'sat-other-owner'));
  for (const p of PLAYERS) await makePlayer(api, p);
  targetA = await target('Main Event A', 3);
  targetB = await target('Main Event B', 5);
  targetC = await target('Main Event C', 7);
  targetD = await target('Main Event D', 9);
  // R-SAT-3: these players already hold a registration in the target.
  ok(await call('POST', `${base}/tournaments/${targetB}/registrations`, { token: owner, body: { playerId: 'sat-b1' } }), 201);
  ok(await call('POST', `${base}/tournaments/${targetC}/registrations`, { token: owner, body: { playerId: 'sat-c1' } }), 201);
  const p = (ids: string[]) => ids.map((x) => `sat-${x}`);
  // One after another: a loaded DynamoDB Local answers bursts with 503.
  satD = await satellite(
    'Satellite D',
    { targetTournamentId: targetD, seats: 1, ticketValidDays: 10 },
    p(['d1', 'd2', 'd3']),
    2 * SETUP_MS,
  );
  // Satellite D reaches its one seat while late registration is still open: it does not end then.
  ok(await knockout(satD, 'sat-d3', 'sat-d1'), 201);
  const still = ok(await knockout(satD, 'sat-d2', 'sat-d1'), 201);
  expect(still.satelliteEnded).toBeUndefined();
  expectProblem(await call('POST', `${satD.path}/finish`, { token: owner }), 409, 'SATELLITE_NOT_ENDED');
  expect(Date.now(), 'the set-up ran past the late-registration deadline').toBeLessThan(satD.lateEnd);
  satA = await satellite('Satellite A', { targetTournamentId: targetA, seats: 2 }, p(['a1', 'a2', 'a3', 'a4', 'a5']));
  satB = await satellite(
    'Satellite B',
    { targetTournamentId: targetB, seats: 2, alreadyInTarget: 'pass_to_next' },
    p(['b1', 'b2', 'b3', 'b4']),
  );
  satC = await satellite(
    'Satellite C',
    { targetTournamentId: targetC, entriesPerSeat: 2, alreadyInTarget: 'other_event', otherEventTarget: { kind: 'club' } },
    p(['c1', 'c2', 'c3', 'c4']),
  );
  await sleepUntil(Math.max(satA.lateEnd, satB.lateEnd, satC.lateEnd, satD.lateEnd));
}, 600_000);
afterAll(async () => api?.close());

describe('R-SAT-1, R-SAT-2: a satellite ends when its seats are decided', SLOW, () => {
  it('R-SAT-1, R-SAT-2: the bubble at N + 1, the knockout reaching N ends it, the players left share place 1 and hold a ticket that enters the target', async () => {
    const standings = async () => ok(await call('GET', `${satA.path}/standings`, { token: owner }), 200).satellite;
    expect(await standings()).toEqual({ playersLeft: 5, entries: 5, seats: 2, eliminationsToSeats: 3, onBubble: false, ended: false });
    expectProblem(await call('POST', `${satA.path}/finish`, { token: owner }), 409, 'SATELLITE_NOT_ENDED');
    ok(await knockout(satA, 'sat-a5', 'sat-a1'), 201);
    ok(await knockout(satA, 'sat-a4', 'sat-a2'), 201);
    expect(await standings()).toMatchObject({ playersLeft: 3, seats: 2, eliminationsToSeats: 1, onBubble: true, ended: false });
    const last = ok(await knockout(satA, 'sat-a3', 'sat-a1'), 201);
    expect(last.satelliteEnded).toBe(true);

    const t = ok(await call('GET', satA.path, { token: owner }), 200);
    expect(t.status).toBe('finished');
    expect(t.settings.satellite).toEqual({ targetTournamentId: targetA, seats: 2, alreadyInTarget: 'pass_to_next', ticketValidDays: 90 });
    const results = ok(await call('GET', `${satA.path}/results`, { token: owner }), 200);
    expect(results.final).toBe(true);
    expect(results.rows.map((r: { playerId: string; place: number }) => [r.playerId, r.place])).toEqual([
      ['sat-a1', 1],
      ['sat-a2', 1],
      ['sat-a3', 3],
      ['sat-a4', 4],
      ['sat-a5', 5],
    ]);
    expect(results.rows[0].prize).toContain(targetA);
    expect(results.rows[2].prize).toBeUndefined();

    for (const winner of ['sat-a1', 'sat-a2']) {
      const mine = (await ticketsOf(winner)).filter((x) => x.source.kind === 'satellite');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        target: { kind: 'tournament', tournamentId: targetA },
        source: { kind: 'satellite', tournamentId: satA.id, place: 1 },
        status: 'issued',
      });
    }
    expect(await ticketsOf('sat-a3')).toEqual([]);

    // The seat enters the target: the ticket covers the entry (R-TICKET-3), once.
    const seat = (await ticketsOf('sat-a1'))[0]?.ticketId as string;
    const reg = ok(
      await call('POST', `${base}/tournaments/${targetA}/registrations`, {
        token: owner,
        body: { playerId: 'sat-a1', ticketId: seat },
      }),
      201,
    );
    expect(reg.item.ticketId).toBe(seat);
    expect((await ticketsOf('sat-a1'))[0]?.status).toBe('used');
    // A finished satellite finishes once.
    expect((await call('POST', `${satA.path}/finish`, { token: owner })).status).toBe(409);
  });

  it('R-SAT-2: reached while late registration was open, the floor ends it after the deadline', async () => {
    expect(ok(await call('GET', `${satD.path}/standings`, { token: owner }), 200).satellite).toMatchObject({
      playersLeft: 1,
      seats: 1,
      ended: true,
    });
    const finished = ok(await call('POST', `${satD.path}/finish`, { token: owner }), 200);
    expect(finished.status).toBe('finished');
    const mine = await ticketsOf('sat-d1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ target: { kind: 'tournament', tournamentId: targetD }, source: { place: 1 } });
    const expiresAt = Date.parse((mine[0] as unknown as { expiresAt: string }).expiresAt);
    expect(expiresAt - Date.parse(finished.updatedAt)).toBe(10 * DAY);
  });
});

describe('R-SAT-3: a winner already in the target', SLOW, () => {
  it('R-SAT-3: pass_to_next: the seat of a winner registered in the target goes to the next place', async () => {
    ok(await knockout(satB, 'sat-b4', 'sat-b1'), 201);
    expect(ok(await knockout(satB, 'sat-b3', 'sat-b2'), 201).satelliteEnded).toBe(true);
    expect(await ticketsOf('sat-b1')).toEqual([]);
    for (const [player, place] of [
      ['sat-b2', 1],
      ['sat-b3', 3],
    ] as const) {
      const mine = await ticketsOf(player);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ target: { kind: 'tournament', tournamentId: targetB }, source: { kind: 'satellite', place } });
    }
    expect(await ticketsOf('sat-b4')).toEqual([]);
    const rows = ok(await call('GET', `${satB.path}/results`, { token: owner }), 200).rows as { playerId: string; prize?: string }[];
    expect(rows.find((r) => r.playerId === 'sat-b1')?.prize).toBeUndefined();
    expect(rows.find((r) => r.playerId === 'sat-b3')?.prize).toContain(targetB);
  });

  it('R-SAT-1, R-SAT-3: one seat per 2 entries; other_event: a winner registered in the target takes a ticket to another event', async () => {
    expect(ok(await call('GET', `${satC.path}/standings`, { token: owner }), 200).satellite).toMatchObject({ seats: 2 });
    ok(await knockout(satC, 'sat-c4', 'sat-c1'), 201);
    expect(ok(await knockout(satC, 'sat-c3', 'sat-c2'), 201).satelliteEnded).toBe(true);
    const c1 = await ticketsOf('sat-c1');
    expect(c1).toHaveLength(1);
    expect(c1[0]).toMatchObject({ target: { kind: 'club' }, source: { kind: 'satellite', tournamentId: satC.id, place: 1 } });
    expect((await ticketsOf('sat-c2'))[0]).toMatchObject({ target: { kind: 'tournament', tournamentId: targetC } });
    expect(await ticketsOf('sat-c3')).toEqual([]);
  });
});

describe('R-SAT-1: bad satellite settings are 4xx problems, never a 500', () => {
  const create = (satelliteSetting: unknown, b = base, token = owner) =>
    call('POST', `${b}/tournaments`, { token, body: tournamentBody({ name: 'Bad satellite', satellite: satelliteSetting }, 2 * DAY) });

  it('R-SAT-1: unknown targets are 404; out-of-range seats and contradictory fields 422; wrong types 400', async () => {
    expectProblem(await create({ targetTournamentId: 'trn_none', seats: 2 }), 404, 'SATELLITE_TARGET_NOT_FOUND');
    expectProblem(await create({ targetSeriesId: 'ser_none', seats: 2 }), 404, 'SATELLITE_TARGET_NOT_FOUND');
    // Another club's tournament is not there for this club.
    const theirs = ok(await call('POST', `${otherBase}/tournaments`, { token: otherOwner, body: tournamentBody({}, 4 * DAY) }), 201);
    expectProblem(await create({ targetTournamentId: theirs.tournamentId, seats: 2 }), 404, 'SATELLITE_TARGET_NOT_FOUND');
    for (const seats of [0, -1]) expectProblem(await create({ targetTournamentId: targetA, seats }), 422, 'SATELLITE_SETTINGS_INVALID');
    expectProblem(await create({ targetTournamentId: targetA, entriesPerSeat: 0 }), 422, 'SATELLITE_SETTINGS_INVALID');
    expectProblem(await create({ targetTournamentId: targetA, seats: 41 }), 422, 'SATELLITE_SETTINGS_INVALID');
    expectProblem(await create({ targetTournamentId: targetA, seats: 2, ticketValidDays: 0 }), 422, 'SATELLITE_SETTINGS_INVALID');
    for (const bad of [
      { seats: 2 },
      { targetTournamentId: targetA, targetSeriesId: 'ser_x', seats: 2 },
      { targetTournamentId: targetA },
      { targetTournamentId: targetA, seats: 2, entriesPerSeat: 3 },
      { targetTournamentId: targetA, seats: 2, alreadyInTarget: 'other_event' },
      { targetTournamentId: targetA, seats: 2, otherEventTarget: { kind: 'club' } },
    ]) {
      const res = await create(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain('satellite.');
    }
    expectProblem(
      await create({
        targetTournamentId: targetA,
        seats: 2,
        alreadyInTarget: 'other_event',
        otherEventTarget: { kind: 'club', upToFeeLevel: '5000 ₽' },
      }),
      422,
      'MONEY_WORDING',
    );
    for (const bad of [
      { targetTournamentId: targetA, seats: 'two' },
      { targetTournamentId: targetA, seats: 2, extra: 1 },
      'satellite',
      [],
    ]) {
      expectProblem(await create(bad), 400, 'VALIDATION_FAILED');
    }
  });

  it('R-SAT-1: a target that is over, or the satellite itself, is refused (422)', async () => {
    const gone = await target('Cancelled main', 11);
    ok(await call('POST', `${base}/tournaments/${gone}/cancel`, { token: owner }), 200);
    expectProblem(await create({ targetTournamentId: gone, seats: 1 }), 422, 'SATELLITE_TARGET_INVALID');
    expectProblem(await create({ targetTournamentId: satA.id, seats: 1 }), 422, 'SATELLITE_TARGET_INVALID');
    const own = ok(await create({ targetTournamentId: targetB, seats: 1 }), 201);
    expectProblem(
      await call('PATCH', `${base}/tournaments/${own.tournamentId}`, {
        token: owner,
        body: { satellite: { targetTournamentId: own.tournamentId, seats: 1 } },
      }),
      422,
      'SATELLITE_TARGET_INVALID',
    );
    // Cleared with null, it is an ordinary tournament again.
    const cleared = ok(await call('PATCH', `${base}/tournaments/${own.tournamentId}`, { token: owner, body: { satellite: null } }), 200);
    expect(cleared.settings.satellite).toBeUndefined();
  });
});
