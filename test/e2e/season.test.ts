import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordinal, rate, rating } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import {
  expectedStandings,
  knockOut,
  ok,
  openAndStart,
  retryingCall,
  type Hand,
  type ScriptedFinish,
  type StandingRow,
} from '../support/season-play';

/*
 * One season of a club, end to end over HTTP: a series of three tournaments (R-SER-1), a league over
 * the series with linear points plus one per knockout credit (R-LEAGUE-1..3), a satellite whose two
 * seats are tickets to the third tournament (R-SAT-1, R-SAT-2, R-TICKET-1..3), and the cross-club
 * rating the club opted in to (R-RATE-1). Every knockout is scripted, so the places and credits are known
 * here; the expected standings and ratings are computed in the test from the rules and the published
 * rating model (openskill, Bradley-Terry full pairing, the parameters of docs/decisions.md).
 */

let api: TestApi;
let call: TestApi['call'];
let owner: string;
let base: string;
let clubId: string;

const SLOW = { timeout: 300_000 };
/** The satellite's late registration stays open this long after its set-up: it ends only after that (R-SAT-2). */
const SATELLITE_LATE_MS = 60_000;
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 200));

const LEAGUE_PLAYERS = ['ssn-p1', 'ssn-p2', 'ssn-p3', 'ssn-p4'];
const SATELLITE_PLAYERS = ['ssn-q1', 'ssn-q2', 'ssn-q3'];

let seriesId = '';
const night: string[] = [];
let leagueId = '';
let satellite = '';
let satelliteLateEnd = 0;
let satelliteEntry: Record<string, string> = {};

/** The league's rule: linear, plus one point per knockout credit. */
const POINTS = { kind: 'linear', knockoutPoints: 1 } as const;
const points = (f: ScriptedFinish, r: { place: number; knockouts: number }) => f.entries - r.place + 1 + r.knockouts;

/** The finishes scripted below (the first busted is last; the one left wins). */
const F1: ScriptedFinish = {
  entries: 4,
  paid: 1,
  rows: {
    'ssn-p1': { place: 1, knockouts: 2 },
    'ssn-p2': { place: 2, knockouts: 1 },
    'ssn-p3': { place: 3, knockouts: 0 },
    'ssn-p4': { place: 4, knockouts: 0 },
  },
};
const H1: Hand[] = [
  ['ssn-p4', 'ssn-p1'],
  ['ssn-p3', 'ssn-p2'],
  ['ssn-p2', 'ssn-p1'],
];
const F2: ScriptedFinish = {
  entries: 4,
  paid: 1,
  rows: {
    'ssn-p3': { place: 1, knockouts: 3 },
    'ssn-p4': { place: 2, knockouts: 0 },
    'ssn-p2': { place: 3, knockouts: 0 },
    'ssn-p1': { place: 4, knockouts: 0 },
  },
};
const H2: Hand[] = [
  ['ssn-p1', 'ssn-p3'],
  ['ssn-p2', 'ssn-p3'],
  ['ssn-p4', 'ssn-p3'],
];
/** The third night: the two seat holders and two league players. */
const F3: ScriptedFinish = {
  entries: 4,
  paid: 1,
  rows: {
    'ssn-q1': { place: 1, knockouts: 2 },
    'ssn-p1': { place: 2, knockouts: 1 },
    'ssn-q2': { place: 3, knockouts: 0 },
    'ssn-p2': { place: 4, knockouts: 0 },
  },
};
const H3: Hand[] = [
  ['ssn-p2', 'ssn-q1'],
  ['ssn-q2', 'ssn-p1'],
  ['ssn-p1', 'ssn-q1'],
];

/** The stream consumer's work so far (standings and ratings are projections), with room for a busy machine. */
const drained = async () => api.streams?.drain(120_000);

const standings = async (): Promise<StandingRow[]> => {
  await drained();
  return ok(await call('GET', `${base}/leagues/${leagueId}/standings`), 200).items;
};

const ticketsOf = async (player: string) =>
  ok(await call('GET', '/v1/me/tickets', { token: await api.token(player) }), 200).items as {
    ticketId: string;
    target: Record<string, unknown>;
    source: { kind: string; tournamentId?: string; place?: number };
    status: string;
    usedFor?: { tournamentId: string; registrationId: string };
  }[];

/** Plays a night of the series with `field` to its finish by `hands`. */
async function playNight(id: string, field: string[], hands: Hand[]): Promise<void> {
  const path = `${base}/tournaments/${id}`;
  const entry = await openAndStart(call, path, owner, field);
  await knockOut(call, path, owner, entry, hands);
  expect(ok(await call('POST', `${path}/finish`, { token: owner }), 200).status).toBe('finished');
}

/** R-RATE-1 as published: one openskill update per finish, in finish order, by place (shared places tie). */
type R = { mu: number; sigma: number; tournaments: number };
const OPTIONS = { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, z: 3 };
function rated(prior: Record<string, R>, places: Record<string, number>): Record<string, R> {
  const players = Object.keys(places);
  const before = players.map((p) => prior[p] ?? { ...rating({}, OPTIONS), tournaments: 0 });
  const after = rate(
    before.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
    { ...OPTIONS, model: bradleyTerryFull, rank: players.map((p) => places[p] as number) },
  );
  const out = { ...prior };
  players.forEach((p, i) => {
    const a = after[i]?.[0] as { mu: number; sigma: number };
    out[p] = { mu: a.mu, sigma: a.sigma, tournaments: (before[i] as R).tournaments + 1 };
  });
  return out;
}
const placesOf = (f: ScriptedFinish) => Object.fromEntries(Object.entries(f.rows).map(([p, r]) => [p, r.place]));

beforeAll(async () => {
  api = await startTestApi();
  call = retryingCall(api);
  ({ owner, base, clubId } = await clubWithOwner(api, 'ssn-owner'));
  for (const p of [...LEAGUE_PLAYERS, ...SATELLITE_PLAYERS]) await makePlayer(api, p);
  ok(await call('PUT', `${base}/rating-opt-in`, { token: owner, body: { optIn: true } }), 200);
  seriesId = ok(
    await call('POST', `${base}/series`, {
      token: owner,
      body: { name: 'Зимний сезон', description: 'Три вечера и отборочный', startsOn: '2026-01-01', endsOn: '2026-12-31' },
    }),
    201,
  ).seriesId;
  // The first two nights join the series when they are announced, the third afterwards (R-SER-1).
  for (const n of [1, 2]) {
    const t = ok(
      await call('POST', `${base}/tournaments`, { token: owner, body: { ...tournamentBody({ name: `Вечер ${n}` }, -60_000), seriesId } }),
      201,
    );
    expect(t.seriesId).toBe(seriesId);
    night.push(t.tournamentId);
  }
  const third = ok(await call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ name: 'Вечер 3' }, -60_000) }), 201);
  night.push(third.tournamentId);
  ok(await call('PUT', `${base}/tournaments/${third.tournamentId}/series-membership`, { token: owner, body: { seriesId } }), 200);

  // The satellite to night 3 runs beside the first two nights (other players), its late registration open a while.
  satelliteLateEnd = Date.now() + SATELLITE_LATE_MS;
  const sat = ok(
    await call('POST', `${base}/tournaments`, {
      token: owner,
      body: {
        ...tournamentBody({ name: 'Отборочный на вечер 3', satellite: { targetTournamentId: third.tournamentId, seats: 2 } }, -60_000),
        lateRegEndsAt: new Date(satelliteLateEnd).toISOString(),
      },
    }),
    201,
  );
  satellite = sat.tournamentId;
  satelliteEntry = await openAndStart(call, `${base}/tournaments/${satellite}`, owner, SATELLITE_PLAYERS);
  expect(Date.now(), 'the set-up ran past the satellite’s late-registration deadline').toBeLessThan(satelliteLateEnd);
}, 300_000);
afterAll(async () => api?.close());

describe('a season: a series, its league, a satellite, tickets and the rating', SLOW, () => {
  it('R-SER-1, R-LEAGUE-1: the series lists its three nights in the catalogue; the league over it starts empty', async () => {
    const page = ok(await call('GET', `/v1/catalog/series/${seriesId}?clubId=${clubId}`), 200);
    expect(page.schedule.map((t: { tournamentId: string }) => t.tournamentId).sort()).toEqual([...night].sort());
    const league = ok(
      await call('POST', `${base}/leagues`, {
        token: owner,
        body: { name: 'Лига сезона', source: { kind: 'series', seriesId }, points: POINTS },
      }),
      201,
    );
    expect(league.formula).toBe('entries - place + 1 + 1 * knockouts');
    leagueId = league.leagueId;
    expect(await standings()).toEqual([]);
  });

  it('R-LEAGUE-3, R-LEAGUE-4, R-RATE-1: each night of the series adds its points; the players are rated', async () => {
    await playNight(night[0] as string, LEAGUE_PLAYERS, H1);
    const after1 = expectedStandings([F1], points);
    expect(after1.map((r) => [r.playerId, r.points])).toEqual([
      ['ssn-p1', 6],
      ['ssn-p2', 4],
      ['ssn-p3', 2],
      ['ssn-p4', 1],
    ]);
    expect(await standings()).toEqual(after1);

    await playNight(night[1] as string, LEAGUE_PLAYERS, H2);
    const after2 = expectedStandings([F1, F2], points);
    // p3: 2 + (4 + 3); p1: 6 + 1; p2: 4 + 2; p4: 1 + 3.
    expect(after2.map((r) => [r.playerId, r.place, r.points])).toEqual([
      ['ssn-p3', 1, 9],
      ['ssn-p1', 2, 7],
      ['ssn-p2', 3, 6],
      ['ssn-p4', 4, 4],
    ]);
    expect(await standings()).toEqual(after2);
    const board = ok(await call('GET', '/v1/ratings?limit=100'), 200).items as { playerId: string; tournaments: number }[];
    expect(board.map((r) => [r.playerId, r.tournaments]).sort()).toEqual(LEAGUE_PLAYERS.map((p) => [p, 2]));
  });

  it('R-SAT-1, R-SAT-2, R-TICKET-2: the satellite ends at two players left; both share place 1 and hold a ticket to night 3; the league does not count it', async () => {
    await sleepUntil(satelliteLateEnd);
    const path = `${base}/tournaments/${satellite}`;
    const standingsOf = async () => ok(await call('GET', `${path}/standings`, { token: owner }), 200).satellite;
    expect(await standingsOf()).toMatchObject({ playersLeft: 3, seats: 2, onBubble: true, ended: false });
    const [last] = await knockOut(call, path, owner, satelliteEntry, [['ssn-q3', 'ssn-q1']]);
    expect(last?.body.satelliteEnded).toBe(true);
    const results = ok(await call('GET', `${path}/results`, { token: owner }), 200);
    expect(results.rows.map((r: { playerId: string; place: number }) => [r.playerId, r.place])).toEqual([
      ['ssn-q1', 1],
      ['ssn-q2', 1],
      ['ssn-q3', 3],
    ]);
    for (const holder of ['ssn-q1', 'ssn-q2']) {
      const mine = await ticketsOf(holder);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        target: { kind: 'tournament', tournamentId: night[2] },
        source: { kind: 'satellite', tournamentId: satellite, place: 1 },
        status: 'issued',
      });
    }
    expect(await ticketsOf('ssn-q3')).toEqual([]);
    // Not a night of the series: the table is the one after night 2.
    expect(await standings()).toEqual(expectedStandings([F1, F2], points));
  });

  it('R-TICKET-3, R-LEAGUE-4, R-RATE-1: the seat holders enter night 3 on their tickets (desk and app); its finish completes the table and the rating', async () => {
    const path = `${base}/tournaments/${night[2]}`;
    ok(await call('POST', `${path}/open-registration`, { token: owner }), 200);
    const [q1, q2] = [(await ticketsOf('ssn-q1'))[0]?.ticketId, (await ticketsOf('ssn-q2'))[0]?.ticketId] as [string, string];
    const registrations: Record<string, string> = {
      'ssn-q1': ok(await call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'ssn-q1', ticketId: q1 } }), 201).item
        .registrationId,
      'ssn-q2': ok(
        await call('POST', '/v1/me/registrations', {
          token: await api.token('ssn-q2'),
          body: { clubId, tournamentId: night[2], ticketId: q2 },
        }),
        201,
      ).item.registrationId,
    };
    for (const p of ['ssn-p1', 'ssn-p2'])
      registrations[p] = ok(await call('POST', `${path}/registrations`, { token: owner, body: { playerId: p } }), 201).item.registrationId;
    const entry: Record<string, string> = {};
    for (const [p, reg] of Object.entries(registrations))
      entry[p] = ok(await call('POST', `${path}/registrations/${reg}/check-in`, { token: owner }), 200).item.entryId;

    for (const [holder, ticketId] of [
      ['ssn-q1', q1],
      ['ssn-q2', q2],
    ] as const) {
      const [ticket] = await ticketsOf(holder);
      expect(ticket).toMatchObject({
        ticketId,
        status: 'used',
        usedFor: { tournamentId: night[2], registrationId: registrations[holder] },
      });
      const fees = ok(await call('GET', `${path}/players/${holder}/fees`, { token: owner }), 200);
      expect(fees.debt).toBe(0);
      expect(fees.operations).toEqual([expect.objectContaining({ kind: 'buy_in', amount: 0, cover: 'ticket', ticketId })]);
    }
    const paid = ok(await call('GET', `${path}/players/ssn-p1/fees`, { token: owner }), 200);
    expect(paid.operations).toEqual([expect.objectContaining({ kind: 'buy_in', amount: 150_000 })]);
    expect(paid.operations[0]).not.toHaveProperty('cover', 'ticket');
    // The club's tickets: the two seats, both used.
    const club = ok(await call('GET', `${base}/tickets`, { token: owner }), 200).items as { ticketId: string; status: string }[];
    expect(club.map((t) => [t.ticketId, t.status]).sort()).toEqual(
      [
        [q1, 'used'],
        [q2, 'used'],
      ].sort(),
    );

    expect(ok(await call('POST', `${path}/start`, { token: owner }), 200).status).toBe('running');
    await knockOut(call, path, owner, entry, H3);
    expect(ok(await call('POST', `${path}/finish`, { token: owner }), 200).status).toBe('finished');

    const table = expectedStandings([F1, F2, F3], points);
    // p1: 7 + (3 + 1); p3 9; p2: 6 + 1; q1: 4 + 2; p4 4; q2: 2.
    expect(table.map((r) => [r.playerId, r.place, r.points, r.played])).toEqual([
      ['ssn-p1', 1, 11, 3],
      ['ssn-p3', 2, 9, 2],
      ['ssn-p2', 3, 7, 3],
      ['ssn-q1', 4, 6, 1],
      ['ssn-p4', 5, 4, 2],
      ['ssn-q2', 6, 2, 1],
    ]);
    expect(await standings()).toEqual(table);
    const mine = ok(await call('GET', '/v1/me/leagues', { token: await api.token('ssn-q1') }), 200).items;
    expect(mine).toEqual([expect.objectContaining({ leagueId, standing: table.find((r) => r.playerId === 'ssn-q1') })]);

    // R-RATE-1: the four finishes of the opted-in club, in their order, the satellite's shared place a tie.
    const satellitePlaces = { 'ssn-q1': 1, 'ssn-q2': 1, 'ssn-q3': 3 };
    const expected = rated(rated(rated(rated({}, placesOf(F1)), placesOf(F2)), satellitePlaces), placesOf(F3));
    const board = ok(await call('GET', '/v1/ratings?limit=100'), 200).items as (R & { playerId: string; ordinal: number })[];
    expect(board.map((r) => r.playerId).sort()).toEqual(Object.keys(expected).sort());
    for (const r of board) {
      const e = expected[r.playerId] as R;
      expect(r.mu).toBeCloseTo(e.mu, 9);
      expect(r.sigma).toBeCloseTo(e.sigma, 9);
      expect(r.ordinal).toBeCloseTo(ordinal(e, OPTIONS), 9);
      expect(r.tournaments).toBe(e.tournaments);
    }
    // The satellite's two seat holders were rated equal there, then apart by night 3.
    const history = ok(await call('GET', '/v1/ratings/players/ssn-q1'), 200);
    expect(history.items.map((h: { tournamentId: string; place: number }) => [h.tournamentId, h.place])).toEqual([
      [night[2], 1],
      [satellite, 1],
    ]);
  });
});
