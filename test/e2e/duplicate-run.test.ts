import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer } from '../support/tournament-fixtures';

/*
 * A Duplicate Poker event over HTTP (R-DUP-1..7): 36 players registered, one withdrawn before the start, so 35
 * sit at 4 tables of 9 with one table short by one. Three rounds with one elimination per seat group each.
 * Every round's chips are chosen per position (table, seat) below; the points, carry-overs and eliminations
 * they must give are worked out by hand from the rules and compared with what the API computes.
 */

const SCRIPT = join(import.meta.dirname, '../../scripts/verify-duplicate-commitment.py');
const OWNER = 'dup-owner';
const MANAGER = 'dup-manager';
const DEALER = 'dup-dealer';
const PLAYERS = Array.from({ length: 36 }, (_, i) => `dup-p${String(i + 1).padStart(2, '0')}`);
const STACK = 10_000;

type Res = Awaited<ReturnType<TestApi['call']>>;
type Seat = { seat: number; playerId: string | null; name: string | null };
type RoundV = {
  round: number;
  status: string;
  tableSize: number;
  tables: { table: number; seats: Seat[] }[];
  commitment: string;
  seed: string | null;
  results: ResultV[] | null;
  disagreements: { table: number; seat: number }[];
};
type ResultV = {
  playerId: string;
  table: number;
  seat: number;
  chips: number;
  carryIn: number;
  points: number;
  total: number;
  carryOut: number;
  eliminated: boolean;
  groupSize: number;
};

/*
 * Chips minus the starting stack, by table (rows) and seat (columns); `E` marks an empty seat's count.
 * Every row adds up to 0 (chips only move within a table) and so does every seat column, so that each seat
 * group's average is the starting stack and, under `chips-vs-average`, a player's points are his delta itself.
 *
 * Round 1 (5 hands, T25/T25, cap 20 x 25 = 500). Table 1 is not counted: its dealer records the five hands,
 * in each of which everybody folds to the big blind. Hand h has the button on seat h, the small blind on h+1
 * and the big blind on h+2, so the small blind loses 25 to the big blind: seat 2 -25 (hand 1), seat 3 +25-25,
 * seat 4, 5, 6 likewise even, seat 7 +25 (hand 5). Table 4's seat 9 is empty; it never posts in hands 1-5.
 */
const R1: (number | null)[][] = [
  [0, -25, 0, 0, 0, 0, 25, 0, 0],
  [500, 25, -300, 200, -100, 0, -200, 0, -125],
  [500, -400, 300, -600, 100, 700, -25, -700, 125],
  [-1000, 400, 0, 400, 0, -700, 200, 700, null],
];
/** Lowest of each seat group (R-DUP-4): seat 1 T4 (-1000), 2 T3 (-400), 3 T2 (-300), 4 T3, 5 T2, 6 T4, 7 T2, 8 T3, 9 T2. */
const R1_OUT = ['4/1', '3/2', '2/3', '3/4', '2/5', '4/6', '2/7', '3/8', '2/9'];

/*
 * Round 2 (26 players: 3 tables, the third short by one at seat 9; 6 hands at 25/50, cap 1000). Carry-ins are
 * within +-500, so a gap above 1000 between the two lowest of a group decides the elimination whoever sits there.
 */
const R2: (number | null)[][] = [
  [3000, -2000, 1500, -1500, 0, 2500, -3000, 1000, -1500],
  [0, 2000, -3000, 0, 1500, -2000, 1500, -1500, 1500],
  [-3000, 0, 1500, 1500, -1500, -500, 1500, 500, null],
];
const R2_OUT = ['3/1', '1/2', '2/3', '1/4', '3/5', '2/6', '1/7', '2/8', '1/9'];

/*
 * Round 3 (17 players: 2 tables, the second short at seat 9; 12 hands at 50/100, cap 2000). The empty seat
 * posts the big blind in hand 7 and the small blind in hand 8 and ends 150 down; table 2's seat 8 is 150 up
 * to balance. Seat 8's group then averages +75: table 1 seat 8 scores -2200-75 = -2275, table 2 seat 8 +2275.
 * Seat 9 is alone at its number: a group of one scores 0 and is never eliminated.
 */
const R3: (number | null)[][] = [
  [3000, -2500, 2500, -3000, 2600, -2600, 2200, -2200, 0],
  [-3000, 2500, -2500, 3000, -2600, 2600, -2200, 2350, -150],
];
const R3_POINTS: number[][] = [
  [3000, -2500, 2500, -3000, 2600, -2600, 2200, -2275, 0],
  [-3000, 2500, -2500, 3000, -2600, 2600, -2200, 2275, 0],
];
const R3_OUT = ['2/1', '1/2', '2/3', '1/4', '2/5', '1/6', '2/7', '1/8'];

const clamp = (v: number, cap: number) => Math.max(-cap, Math.min(cap, v));

let api: TestApi;
let owner: string;
let manager: string;
let dealer: string;
let base: string;
let ev: string;
let version = 0;

const etagOf = (r: Res) => Number((r.headers.get('etag') ?? '').replaceAll('"', ''));

async function ok(r: Promise<Res>, status = 200): Promise<Res> {
  const res = await r;
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

const getRound = async (n: number): Promise<RoundV> => (await ok(api.call('GET', `${ev}/rounds/${n}`, { token: owner }))).body;

/** Everybody folds in turn from the seat left of the big blind until one player is left (empty seats are folded already). */
function foldAround(seats: Seat[], hand: number) {
  const n = seats.length;
  const bb = ((hand - 1 + 2) % n) + 1;
  const order = Array.from({ length: n }, (_, k) => ((bb + k) % n) + 1);
  let live = seats.filter((s) => s.playerId !== null).length;
  const actions: { seat: number; action: 'fold' }[] = [];
  for (const seat of order) {
    if (live === 1) break;
    if (seats[seat - 1]?.playerId === null) continue;
    actions.push({ seat, action: 'fold' });
    live--;
  }
  return actions;
}

function countsBody(round: RoundV, tableNo: number, deltas: (number | null)[][]) {
  const t = round.tables.find((x) => x.table === tableNo)!;
  const row = deltas[tableNo - 1]!;
  return {
    counts: t.seats
      .filter((s) => s.playerId !== null)
      .map((s) => ({ playerId: s.playerId as string, chips: STACK + (row[s.seat - 1] as number) })),
    emptySeats: t.seats.filter((s) => s.playerId === null).map((s) => ({ seat: s.seat, chips: STACK + (row[s.seat - 1] ?? 0) })),
  };
}

const positionOf = (round: RoundV): Map<string, string> =>
  new Map(
    round.tables.flatMap((t) =>
      t.seats.filter((s) => s.playerId !== null).map((s) => [s.playerId as string, `${t.table}/${s.seat}`] as const),
    ),
  );

async function enter(round: RoundV, tableNo: number, deltas: (number | null)[][]) {
  const res = await ok(
    api.call('PUT', `${ev}/rounds/${round.round}/tables/${tableNo}/counts`, {
      token: manager,
      body: countsBody(round, tableNo, deltas),
      headers: { 'if-match': `"${version}"` },
    }),
  );
  version = etagOf(res);
}

async function recordHands(round: RoundV, tableNo: number, hands: number[]): Promise<Res[]> {
  const t = round.tables.find((x) => x.table === tableNo)!;
  const out: Res[] = [];
  for (const hand of hands)
    out.push(
      await ok(
        api.call('PUT', `${ev}/rounds/${round.round}/tables/${tableNo}/hands/${hand}`, {
          token: dealer,
          body: { actions: foldAround(t.seats, hand) },
        }),
      ),
    );
  version = etagOf(out.at(-1) as Res);
  return out;
}

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, OWNER);
  owner = club.owner;
  base = club.base;
  manager = await api.token(MANAGER);
  dealer = await api.token(DEALER);
  await ok(api.call('POST', `${base}/members`, { token: owner, body: { userId: MANAGER, role: 'manager' } }));
  await ok(api.call('POST', `${base}/members`, { token: owner, body: { userId: DEALER, role: 'dealer' } }));
}, 120_000);
afterAll(async () => api?.close());

describe('Duplicate Poker: 36 players, 4 tables, 3 rounds (R-DUP-1..7)', { timeout: 90_000 }, () => {
  /** Each player's expected carry-over after the rounds played so far, from the tables above. */
  const carry = new Map<string, number>();
  const r1Pos = new Map<string, string>();
  let round1: RoundV;
  let p01Token: string;

  it('R-DUP-1: an event with rounds of 5, 6 and 12 hands at fixed levels and one starting stack; one player withdraws', async () => {
    p01Token = await makePlayer(api, 'dup-p01');
    const bad = await api.call('POST', `${base}/duplicate-events`, {
      token: manager,
      body: { name: 'x', players: PLAYERS.map((p) => ({ playerId: p, name: p })), settings: { rounds: [{ hands: 9 }] } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'DUPLICATE_SETTINGS_INVALID', errors: [{ field: 'rounds[0].hands' }] });
    const res = await ok(
      api.call('POST', `${base}/duplicate-events`, {
        token: manager,
        body: {
          name: 'Duplicate Thursday',
          players: PLAYERS.map((p, i) => ({ playerId: p, name: `Player ${i + 1}` })),
          settings: {
            rounds: [{ hands: 5 }, { hands: 6, smallBlind: 25, bigBlind: 50 }, { hands: 12, smallBlind: 50, bigBlind: 100 }],
            startingStack: STACK,
            carryOverCapBB: 20,
          },
        },
      }),
      201,
    );
    expect(res.body.settings).toMatchObject({
      startingStack: 10_000,
      seatsPerTable: 9,
      points: 'chips-vs-average',
      elimination: { scope: 'seat-group', count: 1 },
      tieRule: 'keep-tied',
      carryOverCapBB: 20,
    });
    expect(res.body.settings.rounds[0]).toEqual({ hands: 5, smallBlind: 25, bigBlind: 25, ante: 0, anteType: 'none' });
    ev = `${base}/duplicate-events/${res.body.eventId}`;
    const w = await ok(api.call('DELETE', `${ev}/players/dup-p36`, { token: manager }));
    version = etagOf(w);
    expect(w.body.players.filter((p: { status: string }) => p.status === 'active')).toHaveLength(35);
  });

  it('R-DUP-5: 35 players on 4 tables of 9, the last short by one at seat 9; R-DUP-2: the decks are committed before the round', async () => {
    const res = await ok(api.call('POST', `${ev}/start`, { token: manager, headers: { 'if-match': `"${version}"` } }));
    version = etagOf(res);
    round1 = await getRound(1);
    expect(round1.tableSize).toBe(9);
    expect(round1.tables.map((t) => t.seats.filter((s) => s.playerId).length)).toEqual([9, 9, 9, 8]);
    expect(round1.tables[3]?.seats[8]?.playerId).toBeNull();
    expect(round1.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(round1.seed).toBeNull();
    for (const [p, pos] of positionOf(round1)) r1Pos.set(p, pos);
    expect(r1Pos.has('dup-p36')).toBe(false);
    // Anyone can read the commitment before the round.
    const pub = await ok(api.call('GET', `${ev}/rounds/1`));
    expect(pub.body.commitment).toBe(round1.commitment);
    expect(pub.body.decks).toBeNull();
  });

  it('R-DUP-3: each player is told their seat', async () => {
    const feed = await ok(api.call('GET', '/v1/me/notifications', { token: p01Token }));
    const seat = feed.body.items.find((n: { type: string }) => n.type === 'duplicate.seat');
    const [table, s] = (r1Pos.get('dup-p01') as string).split('/').map(Number);
    expect(seat).toMatchObject({ data: { round: 1, table, seat: s } });
  });

  it('R-DUP-2: deck sheets only for the roles the club grants, every read recorded; a refused read writes nothing', async () => {
    const denied = await api.call('GET', `${ev}/rounds/1/decks`, { token: dealer });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('DECK_ACCESS_DENIED');
    expect((await api.call('GET', `${ev}/rounds/1/decks`, { token: manager })).status).toBe(403);
    expect((await ok(api.call('GET', `${ev}/deck-reads`, { token: owner }))).body.items).toEqual([]);
    const sheets = await ok(api.call('GET', `${ev}/rounds/1/decks`, { token: owner }));
    expect(sheets.body.hands).toHaveLength(5);
    expect(sheets.body.tables).toEqual([1, 2, 3, 4]);
    expect(sheets.body.hands[0].order).toHaveLength(52);
    expect(sheets.body.hands[0].holes).toHaveLength(9);
    expect(sheets.body.hands[0].printable).toContain('position 1 on top');
    await ok(api.call('PUT', `${base}/duplicate-deck-access`, { token: owner, body: { roles: ['manager'] } }));
    await ok(api.call('GET', `${ev}/rounds/1/decks`, { token: manager }));
    expect((await api.call('GET', `${ev}/rounds/1/decks`, { token: dealer })).status).toBe(403);
    const reads = (await ok(api.call('GET', `${ev}/deck-reads`, { token: owner }))).body.items;
    expect(reads.map((r: { actorId: string; round: number }) => [r.actorId, r.round])).toEqual([
      [OWNER, 1],
      [MANAGER, 1],
    ]);
    expect(reads[0].at).toMatch(/^\d{4}-/);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const good = countsBody(round1, 2, R1);
    const bump = { ...good, counts: good.counts.map((c, i) => (i === 0 ? { ...c, chips: c.chips + 1 } : c)) };
    const sum = await api.call('PUT', `${ev}/rounds/1/tables/2/counts`, { token: manager, body: bump });
    expect(sum.status).toBe(422);
    expect(sum.body.code).toBe('COUNT_TOTAL_MISMATCH');
    const stranger = round1.tables[0]!.seats[0]!.playerId as string;
    const elsewhere = await api.call('PUT', `${ev}/rounds/1/tables/2/counts`, {
      token: manager,
      body: { ...good, counts: [...good.counts.slice(1), { playerId: stranger, chips: good.counts[0]!.chips }] },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.code).toBe('COUNT_PLAYER_NOT_AT_TABLE');
    const early = await api.call('POST', `${ev}/rounds/1/reveal`, { token: manager });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('ROUND_NOT_CLOSED');
    const stale = await api.call('PUT', `${ev}/rounds/1/tables/2/counts`, {
      token: manager,
      body: good,
      headers: { 'if-match': `"${version - 1}"` },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_MISMATCH');
    const incomplete = await api.call('POST', `${ev}/rounds/1/close`, { token: manager });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.code).toBe('ROUND_INCOMPLETE');
    const now = await ok(api.call('GET', ev, { token: owner }));
    expect(now.body.version).toBe(version);
    expect(now.body.rounds[0]).toMatchObject({ countsEntered: [], seed: null, status: 'playing' });
  });

  it('R-DUP-7: dealers record hands; the server replays them on the known decks and flags counts that differ', async () => {
    const t1 = await recordHands(round1, 1, [1, 2, 3, 4, 5]);
    expect(t1[0]!.body.stacks.find((s: { seat: number }) => s.seat === 3)).toEqual({ seat: 3, start: 10_000, end: 10_025, net: 25 });
    const again = await api.call('PUT', `${ev}/rounds/1/tables/1/hands/5`, {
      token: dealer,
      body: { actions: foldAround(round1.tables[0]!.seats, 5) },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('HAND_ALREADY_RECORDED');
    const illegal = await api.call('PUT', `${ev}/rounds/1/tables/2/hands/1`, {
      token: dealer,
      body: { actions: [{ seat: 4, action: 'check' }] },
    });
    expect(illegal.status).toBe(422);
    expect(illegal.body.code).toBe('ACTION_ILLEGAL');
    // Table 2 records its hands too, but the floor's counts say otherwise: they stand, and the difference is flagged.
    await recordHands(round1, 2, [1, 2, 3, 4, 5]);
    const t1View = await ok(api.call('GET', `${ev}/rounds/1/tables/1`, { token: dealer }));
    expect(t1View.body.replayed.map((x: { chips: number }) => x.chips - STACK)).toEqual(R1[0]);
    version = (await ok(api.call('GET', ev, { token: owner }))).body.version;
    for (const t of [2, 3, 4]) await enter(round1, t, R1);
    const t2View = await ok(api.call('GET', `${ev}/rounds/1/tables/2`, { token: manager }));
    expect(t2View.body.disagreements.map((d: { seat: number }) => d.seat)).toEqual([1, 2, 3, 4, 5, 7, 9]);
  });

  it('R-DUP-3, R-DUP-4, R-DUP-6: round 1 ranks each seat group, caps the carry-over at 20 x 25 and eliminates the lowest of each group', async () => {
    const res = await ok(api.call('POST', `${ev}/rounds/1/close`, { token: manager, headers: { 'if-match': `"${version}"` } }));
    version = etagOf(res);
    const r = await getRound(1);
    expect(r.disagreements.filter((d) => d.table === 2).map((d) => d.seat)).toEqual([1, 2, 3, 4, 5, 7, 9]);
    expect(r.results).toHaveLength(35);
    for (const p of r.results!) {
      const pos = r1Pos.get(p.playerId) as string;
      const [t, s] = pos.split('/').map(Number) as [number, number];
      const delta = R1[t - 1]![s - 1] as number;
      expect({ pos, chips: p.chips, points: p.points, carryOut: p.carryOut, eliminated: p.eliminated }).toEqual({
        pos,
        chips: STACK + delta,
        points: delta,
        carryOut: clamp(delta, 500),
        eliminated: R1_OUT.includes(pos),
      });
      expect(p.groupSize).toBe(s === 9 ? 3 : 4);
      carry.set(p.playerId, clamp(delta, 500));
    }
    // The cap bites: +700 (table 3 seat 6, table 4 seat 8) carries +500.
    expect(r.results!.filter((p) => p.points === 700).map((p) => p.carryOut)).toEqual([500, 500]);
    const closedTwice = await api.call('POST', `${ev}/rounds/1/close`, { token: manager });
    expect(closedTwice.status).toBe(409);
    expect(closedTwice.body.code).toBe('ROUND_CLOSED');
    const feed = await ok(api.call('GET', '/v1/me/notifications', { token: p01Token }));
    const result = feed.body.items.find((n: { type: string }) => n.type === 'duplicate.round-result');
    const mine = r.results!.find((p) => p.playerId === 'dup-p01')!;
    expect(result).toMatchObject({ data: { round: 1, total: mine.total, eliminated: mine.eliminated } });
  });

  it('R-DUP-2: after the round the seed is revealed and the commitment verifies with the standalone script', async () => {
    const rev = await ok(api.call('POST', `${ev}/rounds/1/reveal`, { token: manager }));
    version = etagOf(rev);
    expect(rev.body.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(rev.body.commitment).toBe(round1.commitment);
    expect(rev.body.decks).toHaveLength(5);
    const again = await api.call('POST', `${ev}/rounds/1/reveal`, { token: manager });
    expect(again.status).toBe(409);
    const pub = await ok(api.call('GET', `${ev}/rounds/1`));
    const check = spawnSync('python3', [SCRIPT, '--round', '-'], { input: JSON.stringify(pub.body), encoding: 'utf8', timeout: 30_000 });
    expect(check.stdout).toContain('matches');
    expect(check.stdout).toContain('published decks match');
    expect(check.status).toBe(0);
    const forged = spawnSync('python3', [SCRIPT, '--round', '-'], {
      input: JSON.stringify({ ...pub.body, seed: `${pub.body.seed}0` }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(forged.status).toBe(1);
  });

  it("R-DUP-7: the diagram of a closed round is public: each seat group, its cards, each table's line and result", async () => {
    const d = await ok(api.call('GET', `${ev}/rounds/1/hands/1/diagram`));
    expect(d.body.board).toHaveLength(5);
    expect(d.body.seatGroups).toHaveLength(9);
    const seat3 = d.body.seatGroups[2];
    expect(seat3.cards).toHaveLength(2);
    expect(seat3.tables.map((t: { recorded: boolean }) => t.recorded)).toEqual([true, true, false, false]);
    expect(seat3.tables[0].moves).toEqual([{ street: 'preflop', action: 'big-blind', amount: 25 }]);
    expect(seat3.tables[0].net).toBe(25);
    const screen = await ok(api.call('GET', `${ev}/screen?round=1&hand=1`));
    expect(screen.headers.get('content-type')).toContain('text/html');
    expect(screen.body).toContain('Round 1, hand 1');
    expect(screen.body).toContain('Round 1 standings');
  });

  it('R-DUP-4, R-DUP-6: round 2 reseats the 26 survivors on 3 tables; carry-ins add up; the lowest total of each group goes', async () => {
    const r2 = await getRound(2);
    const pos2 = positionOf(r2);
    const survivors = [...r1Pos.keys()].filter((p) => !R1_OUT.includes(r1Pos.get(p) as string));
    expect([...pos2.keys()].sort()).toEqual(survivors.sort());
    expect(r2.tables.map((t) => t.seats.filter((s) => s.playerId).length)).toEqual([9, 9, 8]);
    // Three floor desks at once, without If-Match: the conditional writes take turns and none is lost.
    await Promise.all(
      [1, 2, 3].map((t) => ok(api.call('PUT', `${ev}/rounds/2/tables/${t}/counts`, { token: manager, body: countsBody(r2, t, R2) }))),
    );
    const entered = (await ok(api.call('GET', ev, { token: owner }))).body;
    expect(entered.rounds[1].countsEntered).toEqual([1, 2, 3]);
    version = entered.version;
    const res = await ok(api.call('POST', `${ev}/rounds/2/close`, { token: manager, headers: { 'if-match': `"${version}"` } }));
    version = etagOf(res);
    const done = await getRound(2);
    for (const p of done.results!) {
      const pos = pos2.get(p.playerId) as string;
      const [t, s] = pos.split('/').map(Number) as [number, number];
      const points = R2[t - 1]![s - 1] as number;
      const total = (carry.get(p.playerId) as number) + points;
      expect({ pos, carryIn: p.carryIn, points: p.points, total: p.total, carryOut: p.carryOut, eliminated: p.eliminated }).toEqual({
        pos,
        carryIn: carry.get(p.playerId),
        points,
        total,
        carryOut: clamp(total, 1000),
        eliminated: R2_OUT.includes(pos),
      });
      carry.set(p.playerId, clamp(total, 1000));
    }
  });

  it('R-DUP-5: round 3, the empty seat posts its blinds in the hands recorded; the lowest of each group goes and the event ends', async () => {
    const r3 = await getRound(3);
    const pos3 = positionOf(r3);
    expect(pos3.size).toBe(17);
    expect(r3.tables[1]!.seats[8]!.playerId).toBeNull();
    const hands = await recordHands(r3, 2, [1, 2, 3, 4, 5, 6, 7]);
    // Hand 7: button on seat 7, small blind 8, big blind 9 = the empty seat, which posts 100 and loses its blind.
    const seat9 = hands[6]!.body.stacks.find((s: { seat: number }) => s.seat === 9);
    expect(seat9.start).toBe(STACK);
    expect(seat9.end).toBeLessThan(STACK);
    const live = await ok(api.call('GET', `${ev}/rounds/3/hands/7/diagram`, { token: owner }));
    expect(live.body.seatGroups[8].tables[1]).toMatchObject({
      playerId: null,
      moves: [{ street: 'preflop', action: 'big-blind', amount: 100 }],
    });
    // While the round is played, the public sees no cards.
    expect((await api.call('GET', `${ev}/rounds/3/hands/7/diagram`)).status).toBe(404);
    for (const t of [1, 2]) await enter(r3, t, R3);
    const res = await ok(api.call('POST', `${ev}/rounds/3/close`, { token: manager, headers: { 'if-match': `"${version}"` } }));
    version = etagOf(res);
    expect(res.body.status).toBe('finished');
    const done = await getRound(3);
    for (const p of done.results!) {
      const pos = pos3.get(p.playerId) as string;
      const [t, s] = pos.split('/').map(Number) as [number, number];
      const points = R3_POINTS[t - 1]![s - 1] as number;
      const total = (carry.get(p.playerId) as number) + points;
      expect({ pos, points: p.points, total: p.total, carryOut: p.carryOut, eliminated: p.eliminated }).toEqual({
        pos,
        points,
        total,
        carryOut: clamp(total, 2000),
        eliminated: R3_OUT.includes(pos),
      });
    }
    const standings = await ok(api.call('GET', `${ev}/standings`));
    expect(standings.body.rounds).toHaveLength(3);
    const active = standings.body.field.filter((f: { status: string }) => f.status === 'active');
    expect(active).toHaveLength(9);
    expect(standings.body.field.filter((f: { status: string }) => f.status === 'eliminated')).toHaveLength(26);
  });

  it('results are reproducible from the stored inputs: the same counts and seating give the same standings', async () => {
    const event = (await ok(api.call('GET', ev, { token: owner }))).body;
    const { computeRound } = await import('../../domain/duplicate/results');
    for (const r of event.rounds as (RoundV & { level: { bigBlind: number } })[]) {
      const chips = Object.fromEntries(r.results!.map((p) => [p.playerId, p.chips]));
      const carryIn = Object.fromEntries(r.results!.map((p) => [p.playerId, p.carryIn]));
      const tables = r.tables.map((t) => ({ table: t.table, seats: t.seats.map((s) => s.playerId) }));
      const again = computeRound({ settings: event.settings, round: r.level, tables, carryIn, chips });
      expect(again.players.map((p) => [p.playerId, p.total, p.carryOut, p.eliminated, p.place])).toEqual(
        r.results!.map((p) => [p.playerId, p.total, p.carryOut, p.eliminated, (p as ResultV & { place: number }).place]),
      );
    }
  });
});
