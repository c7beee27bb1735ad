import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, type Res } from '../support/http-expectations';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/*
 * Two flights into a day 2 over HTTP (R-FLIGHT-1). Flight 1A: four players, two out, the survivors bagged
 * (a count off by 1,000 and a missing survivor are refused first; a retried bag has one effect). Flight 1B,
 * later the same evening (R-REG-1: the windows do not overlap), has the player of 1A again and bags three.
 * The day 2 takes one stack per player (the player in both keeps his larger one), draws its seats from the
 * committed seed and plays to a winner; the event's places put every day-1 bust below the day 2.
 */

const SCRIPT = join(import.meta.dirname, '../../scripts/verify-seat-draw.py');
const MIN = 60_000;
const STACK = 20_000;
const OWNER = 'flight-owner';
const A = ['fl-a1', 'fl-a2', 'fl-a3'];
const B = ['fl-b1', 'fl-b2', 'fl-b3'];
const BOTH = 'fl-both';

let api: TestApi;
let owner: string;
let base: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  await Promise.all([...A, ...B, BOTH].map((p) => makePlayer(api, p)));
});
afterAll(async () => api?.close());

const ok = (r: Res, status = 200) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};

/** A tournament of the club starting `startIn` from now, expected to last `minutes`. */
async function tournament(name: string, startIn: number, minutes: number): Promise<{ id: string; path: string }> {
  const start = Date.now() + startIn;
  const body = tournamentBody(
    {
      name,
      startingStack: STACK,
      seatsPerTable: 9,
      lateRegEndsAt: new Date(start + 10 * MIN).toISOString(),
      expectedDurationMinutes: minutes,
    },
    startIn,
  );
  const created = ok(await api.call('POST', `${base}/tournaments`, { token: owner, body }), 201);
  return { id: created.body.tournamentId, path: `${base}/tournaments/${created.body.tournamentId}` };
}

/** Opens, enters the players, starts and seats a flight; answers the entry of each player. */
async function runFlight(path: string, players: string[]): Promise<Map<string, string>> {
  ok(await api.call('POST', `${path}/open-registration`, { token: owner }));
  const entries = new Map<string, string>();
  for (const playerId of players) {
    const r = ok(await api.call('POST', `${path}/entries`, { token: owner, body: { kind: 'late_registration', playerId } }), 201);
    entries.set(playerId, r.body.item.entryId);
  }
  ok(await api.call('POST', `${path}/start`, { token: owner }));
  ok(await api.call('POST', `${path}/seating/draw`, { token: owner }));
  return entries;
}

const knockout = async (path: string, busted: string, killer: string) =>
  ok(await api.call('POST', `${path}/knockouts`, { token: owner, body: { busted: [busted], killers: [killer] } }), 201);
const versionOf = async (path: string) => ok(await api.call('GET', path, { token: owner })).body.version as number;

describe('R-FLIGHT-1: two flights into a day 2 with one player in both', { timeout: 300_000 }, () => {
  let day2: { id: string; path: string };
  let fa: { id: string; path: string };
  let fb: { id: string; path: string };
  let ea: Map<string, string>;
  let eb: Map<string, string>;
  let d2Entry: Map<string, string>;

  it('R-FLIGHT-1: the day 2 names its flights; a tournament of another club is not found', async () => {
    day2 = await tournament('Main Event Day 2', 24 * 60 * MIN, 600);
    // 1A's window ends before 1B starts: one player may play both (R-REG-1).
    fa = await tournament('Main Event Day 1A', MIN, 20);
    fb = await tournament('Main Event Day 1B', 30 * MIN, 20);
    const linked = ok(await api.call('PUT', `${day2.path}/flights`, { token: owner, body: { flightIds: [fa.id, fb.id] } }));
    expect(linked.body).toMatchObject({ tournamentId: day2.id, flightIds: [fa.id, fb.id], stackRule: 'largest' });
    // The same list again changes nothing.
    const again = ok(await api.call('PUT', `${day2.path}/flights`, { token: owner, body: { flightIds: [fa.id, fb.id] } }));
    expect(again.body.version).toBe(linked.body.version);

    const other = await clubWithOwner(api, 'flight-other-owner');
    const start = Date.now() + 24 * 60 * MIN;
    const theirs = ok(
      await api.call('POST', `${other.base}/tournaments`, {
        token: other.owner,
        body: tournamentBody({ name: 'Their Day 2' }, start - Date.now()),
      }),
      201,
    );
    const foreign = await api.call('PUT', `${other.base}/tournaments/${theirs.body.tournamentId}/flights`, {
      token: other.owner,
      body: { flightIds: [fa.id] },
    });
    expectProblem(foreign, 404, 'TOURNAMENT_NOT_FOUND');
    expectProblem(
      await api.call('PUT', `${day2.path}/flights`, { token: owner, body: { flightIds: ['trn_nowhere'] } }),
      404,
      'TOURNAMENT_NOT_FOUND',
    );
    expectProblem(
      await api.call('PUT', `${other.base}/tournaments/${theirs.body.tournamentId}/flights`, {
        token: owner,
        body: { flightIds: [fa.id] },
      }),
      404,
      'CLUB_NOT_FOUND',
    );
    expectProblem(await api.call('PUT', `${day2.path}/flights`, { token: owner, body: { flightIds: [day2.id] } }), 422, 'FLIGHTS_INVALID');
    // A flight cannot be a day 2 of its own.
    expectProblem(await api.call('PUT', `${fa.path}/flights`, { token: owner, body: { flightIds: [fb.id] } }), 409, 'DAY2_IS_A_FLIGHT');
  });

  it('R-FLIGHT-1: bagging refuses counts off the chips in play (with the difference) and a missing survivor; a retry has one effect', async () => {
    ea = await runFlight(fa.path, [...A, BOTH]);
    const e = (p: string) => ea.get(p) as string;
    await knockout(fa.path, e('fl-a3'), e('fl-a1'));
    await knockout(fa.path, e('fl-a2'), e(BOTH));

    const short = await api.call('POST', `${fa.path}/flight/bag`, {
      token: owner,
      body: {
        counts: [
          { entryId: e('fl-a1'), chips: 45_000 },
          { entryId: e(BOTH), chips: 34_000 },
        ],
      },
    });
    expectProblem(short, 422, 'BAG_CHIPS_MISMATCH');
    expect(short.body.detail).toContain('1000 fewer than the 80000 chips in play');
    expect(short.body.errors[0]).toMatchObject({ field: 'counts', message: 'difference -1000 against 80000 chips in play' });

    const incomplete = await api.call('POST', `${fa.path}/flight/bag`, {
      token: owner,
      body: { counts: [{ entryId: e('fl-a1'), chips: 80_000 }] },
    });
    expectProblem(incomplete, 422, 'BAG_INCOMPLETE');
    expect(incomplete.body.detail).toContain(e(BOTH));

    // While it plays, its clock is public (the screens read it without a token).
    expect(ok(await api.call('GET', `${fa.path}/clock`)).body.tournamentId).toBe(fa.id);

    const v = await versionOf(fa.path);
    const counts = [
      { entryId: e('fl-a1'), chips: 45_000 },
      { entryId: e(BOTH), chips: 35_000 },
    ];
    const headers = { 'if-match': `"${v}"`, 'idempotency-key': 'bag-1a' };
    const bagged = ok(await api.call('POST', `${fa.path}/flight/bag`, { token: owner, headers, body: { counts } }));
    expect(bagged.body).toMatchObject({ tournamentId: fa.id, day2Id: day2.id, total: 80_000, version: v + 1 });
    expect(bagged.body.bagged).toHaveLength(2);
    const retried = ok(await api.call('POST', `${fa.path}/flight/bag`, { token: owner, headers, body: { counts } }));
    expect(retried.body).toEqual(bagged.body);
    expect(await versionOf(fa.path)).toBe(v + 1);
    expectProblem(await api.call('POST', `${fa.path}/flight/bag`, { token: owner, body: { counts } }), 409, 'FLIGHT_ALREADY_BAGGED');
    // Its survivors play on day 2: the flight takes no more knockouts.
    const late = await api.call('POST', `${fa.path}/knockouts`, { token: owner, body: { busted: [e(BOTH)], killers: [e('fl-a1')] } });
    expectProblem(late, 409, 'FLIGHT_BAGGED');
    // The counts are the flight's last recorded stacks (R-CHIP-1).
    const chips = ok(await api.call('GET', `${fa.path}/chip-counts`, { token: owner })).body;
    expect(chips.chipLeader).toMatchObject({ entryId: e('fl-a1'), chips: 45_000 });
  });

  it('R-FLIGHT-1: a bagged flight reports finished: its status, the club list, the public clock and the catalogue', async () => {
    expect(ok(await api.call('GET', fa.path, { token: owner })).body.status).toBe('finished');
    const from = new Date(Date.now() - 60 * MIN).toISOString();
    const listed = ok(await api.call('GET', `${base}/tournaments?from=${encodeURIComponent(from)}&limit=50`, { token: owner })).body;
    const status = (id: string) => (listed.items as { tournamentId: string; status: string }[]).find((t) => t.tournamentId === id)?.status;
    expect([status(fa.id), status(fb.id), status(day2.id)]).toEqual(['finished', 'announced', 'announced']);
    // Outsiders see a running clock only: the bagged flight's is gone, as a finished tournament's.
    expectProblem(await api.call('GET', `${fa.path}/clock`), 404, 'CLUB_NOT_FOUND');
    expect(ok(await api.call('GET', `${fa.path}/clock`, { token: owner })).body.tournamentId).toBe(fa.id);
    // The public catalogue lists what one can still register for: the day 2 and flight 1B, not the bagged 1A.
    const catalogue = ok(await api.call('GET', `/v1/catalog/tournaments?from=${encodeURIComponent(from)}&limit=100`)).body;
    const ids = (catalogue.items as { tournamentId: string }[]).map((t) => t.tournamentId);
    expect(ids).toEqual(expect.arrayContaining([day2.id, fb.id]));
    expect(ids).not.toContain(fa.id);
  });

  it('R-FLIGHT-1: a stale If-Match is refused like on any floor command', async () => {
    eb = await runFlight(fb.path, [...B, BOTH]);
    const stale = await api.call('POST', `${fb.path}/flight/bag`, {
      token: owner,
      headers: { 'if-match': '"1"' },
      body: { counts: [{ entryId: eb.get('fl-b1'), chips: 80_000 }] },
    });
    expectProblem(stale, 409, 'VERSION_MISMATCH');
  });

  it('R-FLIGHT-1: the day 2 takes one stack per player, the larger of the player in both, and draws its seats from the committed seed', async () => {
    const e = (p: string) => eb.get(p) as string;
    // A count recorded before a bust is the stack that orders equal day-1 places (below).
    ok(await api.call('POST', `${fb.path}/chip-counts`, { token: owner, body: { counts: [{ entryId: e('fl-b3'), chips: 15_000 }] } }));
    await knockout(fb.path, e('fl-b3'), e('fl-b1'));
    ok(await api.call('POST', `${day2.path}/open-registration`, { token: owner }));
    expectProblem(await api.call('POST', `${day2.path}/day2/qualify`, { token: owner }), 409, 'FLIGHT_NOT_BAGGED');
    const counts = [
      { entryId: e('fl-b1'), chips: 30_000 },
      { entryId: e('fl-b2'), chips: 20_000 },
      { entryId: e(BOTH), chips: 30_000 },
    ];
    ok(await api.call('POST', `${fb.path}/flight/bag`, { token: owner, body: { counts } }));
    // The seats are drawn on a seed committed to before the field is known (R-DRAW-1).
    expectProblem(await api.call('POST', `${day2.path}/day2/qualify`, { token: owner }), 409, 'SEAT_DRAW_NOT_COMMITTED');
    const committed = ok(await api.call('POST', `${day2.path}/seating/commitment`, { token: owner })).body;
    expect(committed.commitment).toMatch(/^[0-9a-f]{64}$/);

    // R-REG-1: a qualifier registered in a tournament at the day 2's time (fl-b2, in a side event) holds the
    // field back: 409 naming him and that tournament, nothing written. Once he is out of it, the day 2 takes him.
    const side = await tournament('Day 2 side event', 25 * 60 * MIN, 240);
    ok(await api.call('POST', `${side.path}/open-registration`, { token: owner }));
    const sideReg = ok(await api.call('POST', `${side.path}/registrations`, { token: owner, body: { playerId: 'fl-b2' } }), 201);
    const unqualified = await versionOf(day2.path);
    const clash = await api.call('POST', `${day2.path}/day2/qualify`, { token: owner });
    expectProblem(clash, 409, 'DAY2_PARALLEL_REGISTRATIONS');
    expect(clash.body.clashes).toEqual([{ playerId: 'fl-b2', tournamentId: side.id }]);
    expect(await versionOf(day2.path)).toBe(unqualified);
    ok(await api.call('DELETE', `${side.path}/registrations/${sideReg.body.item.registrationId}`, { token: owner }));
    // His schedule lets go of the side event from the event stream (docs/decisions.md).
    await api.streams?.drain();

    const field = ok(await api.call('POST', `${day2.path}/day2/qualify`, { token: owner })).body;
    expect(field).toMatchObject({ tournamentId: day2.id, total: 130_000, tables: 1 });
    expect(field.qualifiers).toMatchObject([
      { playerId: 'fl-a1', chips: 45_000, flightId: fa.id, flightEntryId: ea.get('fl-a1'), alsoBagged: [] },
      { playerId: 'fl-b1', chips: 30_000, flightId: fb.id, alsoBagged: [] },
      { playerId: 'fl-b2', chips: 20_000, flightId: fb.id, alsoBagged: [] },
      { playerId: BOTH, chips: 35_000, flightId: fa.id, flightEntryId: ea.get(BOTH), alsoBagged: [fb.id] },
    ]);
    d2Entry = new Map(field.qualifiers.map((q: { playerId: string; entryId: string }) => [q.playerId, q.entryId]));
    const chips = ok(await api.call('GET', `${day2.path}/chip-counts`, { token: owner })).body;
    expect(chips.chipsInPlay.total).toBe(130_000);
    expect(chips.playersLeft).toBe(4);

    const tables = ok(await api.call('GET', `${day2.path}/tables`, { token: owner })).body;
    const seated = tables.tables.flatMap((t: { seats: { entryId: string | null }[] }) =>
      t.seats.flatMap((x) => (x.entryId ? [x.entryId] : [])),
    );
    expect(seated.sort()).toEqual([...d2Entry.values()].sort());
    const proof = ok(await api.call('GET', `${day2.path}/seating/draw-proof`, { token: owner })).body;
    expect(proof.commitment).toBe(committed.commitment);
    const file = join(mkdtempSync(join(tmpdir(), 'day2-')), 'tables.json');
    writeFileSync(file, JSON.stringify(tables));
    const check = spawnSync('python3', [SCRIPT, '--proof', '-', '--tables', file], {
      input: JSON.stringify(proof),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('published tables match the derived draw');

    // The day 2's registrations reach the players' schedules from the stream: now the side event refuses them.
    await api.streams?.drain();
    expectProblem(
      await api.call('POST', `${side.path}/registrations`, { token: owner, body: { playerId: 'fl-b2' } }),
      422,
      'PARALLEL_REGISTRATION',
    );

    expectProblem(await api.call('POST', `${day2.path}/day2/qualify`, { token: owner }), 409, 'DAY2_ALREADY_QUALIFIED');
    expectProblem(await api.call('PUT', `${day2.path}/flights`, { token: owner, body: { flightIds: [fa.id] } }), 409, 'DAY2_UNDER_WAY');
  });

  it('R-FLIGHT-1: event places: the day 2 first, then every day-1 bust by his flight place, then by his last stack', async () => {
    expectProblem(await api.call('GET', `${day2.path}/event-places`, { token: owner }), 409, 'PLACES_NOT_READY');
    ok(await api.call('POST', `${day2.path}/start`, { token: owner }));
    const e = (p: string) => d2Entry.get(p) as string;
    await knockout(day2.path, e('fl-b2'), e('fl-a1'));
    await knockout(day2.path, e('fl-b1'), e(BOTH));
    await knockout(day2.path, e(BOTH), e('fl-a1'));
    const places = ok(await api.call('GET', `${day2.path}/event-places`, { token: owner })).body;
    expect(places.flightIds).toEqual([fa.id, fb.id]);
    // 1A: fl-a3 out first, fl-a2 second, two bagged: flight places 4 and 3. 1B: fl-b3 out first with three
    // bagged: flight place 4, as fl-a3's; his recorded 15,000 ranks him above fl-a3, who has no count.
    expect(
      places.rows.map((r: { place: number; playerId: string; stage: string; tournamentId: string }) => [
        r.place,
        r.playerId,
        r.stage,
        r.tournamentId,
      ]),
    ).toEqual([
      [1, 'fl-a1', 'day2', day2.id],
      [2, BOTH, 'day2', day2.id],
      [3, 'fl-b1', 'day2', day2.id],
      [4, 'fl-b2', 'day2', day2.id],
      [5, 'fl-a2', 'day1', fa.id],
      [6, 'fl-b3', 'day1', fb.id],
      [7, 'fl-a3', 'day1', fa.id],
    ]);
    const csv = ok(await api.call('GET', `${day2.path}/event-places?format=csv`, { token: owner }));
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('place,playerId,stage,tournamentId,lastEntryId');
    expect(lines[6]).toBe(`6,fl-b3,day1,${fb.id},${eb.get('fl-b3')}`);
    // A flight is no day 2; another club's staff do not see the event.
    expectProblem(await api.call('GET', `${fa.path}/event-places`, { token: owner }), 409, 'NOT_A_DAY2');
    const stranger = await api.token('flight-other-owner');
    expectProblem(await api.call('GET', `${day2.path}/event-places`, { token: stranger }), 404, 'CLUB_NOT_FOUND');
  });
});
