import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody, openAndBuyIn } from '../support/tournament-fixtures';

/*
 * A whole evening of seating over HTTP: the draw of 45 players, knockouts with automatic balancing,
 * table breaks, a re-entry and a late entry, floor moves and their undo, the final table and heads-up.
 * Two small tournaments follow for the big-blind mover rule and the manual balancing mode.
 */

type Seat = { seat: number; entryId: string | null; playerId: string | null };
type TableV = { tableId: string; number: number; status: 'active' | 'broken'; button: number | null; seats: Seat[]; players: number };
type Flags = { headsUp: boolean; finalTableReady: boolean; tableToBreak: string | null };
type TablesV = { version: number; seatsPerTable: number; finalTableId: string | null; tables: TableV[]; flags: Flags };
type SeatRefV = { tableId: string; tableNumber: number; seat: number };
type MoveV = {
  moveId: string;
  entryId: string;
  from: SeatRefV | null;
  to: SeatRefV;
  reason: string;
  by: string;
  at: string;
  seed?: number;
  undoes?: string;
  proposalId?: string;
};
type ProposalV = { proposalId: string; entryId: string; from: SeatRefV; to: SeatRefV; reason: string };
type Res = Awaited<ReturnType<TestApi['call']>>;

const OWNER = 'seat-owner';
const DAY = 86_400_000;
const players = Array.from({ length: 46 }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);

let api: TestApi;
let owner: string;
let base: string;
let startedAt: number;

beforeAll(async () => {
  startedAt = Date.now();
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  // Profiles are separate items: they can be made at once. Entries of one tournament go one by one.
  await Promise.all(players.map((p) => makePlayer(api, p)));
});
afterAll(async () => api?.close());

/** A running tournament whose players bought in (late registration before the start: register + check-in at once). */
async function runningTournament(over: Record<string, unknown>, startInMs: number, field: readonly string[]) {
  const created = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody(over, startInMs) });
  expect(created.status).toBe(201);
  const t = `${base}/tournaments/${created.body.tournamentId}`;
  const entryOf = await openAndBuyIn(api, owner, t, field);
  expect((await api.call('POST', `${t}/start`, { token: owner })).body.status).toBe('running');
  return { t, entryOf };
}

const getTables = async (t: string): Promise<TablesV> => {
  const r = await api.call('GET', `${t}/tables`, { token: owner });
  expect(r.status).toBe(200);
  return r.body as TablesV;
};
const getMoves = async (t: string): Promise<MoveV[]> => (await api.call('GET', `${t}/moves`, { token: owner })).body.items as MoveV[];
const getProposals = async (t: string): Promise<ProposalV[]> =>
  (await api.call('GET', `${t}/seating/proposals`, { token: owner })).body.items as ProposalV[];

const activeOf = (v: TablesV) => v.tables.filter((x) => x.status === 'active');
const byNumber = (v: TablesV, n: number) => v.tables.find((x) => x.number === n) as TableV;
const byId = (v: TablesV, id: string) => v.tables.find((x) => x.tableId === id) as TableV;
const counts = (v: TablesV) => Object.fromEntries(activeOf(v).map((x) => [x.number, x.players]));
const occupied = (x: TableV) => x.seats.filter((s): s is Seat & { entryId: string } => s.entryId !== null);
const freeSeatsOf = (x: TableV) => x.seats.filter((s) => s.entryId === null).map((s) => s.seat);

/** entry -> where it sits; fails when an entry sits twice. */
function seatsOf(v: TablesV): Map<string, { tableId: string; tableNumber: number; seat: number }> {
  const out = new Map<string, { tableId: string; tableNumber: number; seat: number }>();
  for (const x of v.tables) {
    for (const s of occupied(x)) {
      expect(out.has(s.entryId), `${s.entryId} seated twice`).toBe(false);
      out.set(s.entryId, { tableId: x.tableId, tableNumber: x.number, seat: s.seat });
    }
  }
  return out;
}

/**
 * What must hold after every operation: seats numbered 1..n, one entry per seat, nobody seated twice,
 * exactly the entries in play seated, broken tables empty, and (R-SEAT-2) the skew within the allowed 1.
 */
function checkInvariants(v: TablesV, inPlay: ReadonlySet<string>, broken: ReadonlySet<string>, skew = 1) {
  for (const x of v.tables) {
    expect(x.seats.map((s) => s.seat)).toEqual(Array.from({ length: v.seatsPerTable }, (_, i) => i + 1));
    expect(x.players).toBe(occupied(x).length);
    if (x.status === 'broken') expect(occupied(x)).toEqual([]);
  }
  const seated = seatsOf(v);
  expect(new Set(seated.keys())).toEqual(inPlay);
  for (const id of broken) expect(byId(v, id).status).toBe('broken');
  const sizes = activeOf(v).map((x) => x.players);
  expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(skew);
}

/** A refusal: a 4xx problem with its code. Callers then check the version did not move. */
function expectProblem(r: Res, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
}

describe('45 players on five tables of nine, down to heads-up (auto balancing)', () => {
  let t: string;
  let entryOf: Map<string, string>;
  let view: TablesV;
  let moves: MoveV[] = [];
  const inPlay = new Set<string>();
  const broken = new Set<string>();
  const bustedEntries: string[] = [];

  beforeAll(async () => {
    ({ t, entryOf } = await runningTournament({ seatsPerTable: 9, reentry: 50_000 }, -60_000, players.slice(0, 45)));
    for (const e of entryOf.values()) inPlay.add(e);
  });

  /** The lowest-numbered active table among those with `size` players. */
  const lowestAt = (v: TablesV, size: number) =>
    activeOf(v)
      .filter((x) => x.players === size)
      .sort((a, b) => a.number - b.number)[0] as TableV;

  /**
   * Knocks out `victim` and checks the seating after it: the seat is freed, balancing made exactly
   * the one move the rules call for (fullest lowest-numbered table to the emptiest), recorded in the
   * audit with reason, actor and time, and nobody else changed seat.
   */
  async function knockOut(victim: string) {
    const before = view;
    const seatsBefore = seatsOf(before);
    const from = seatsBefore.get(victim);
    expect(from).toBeDefined();
    const killer =
      [...seatsBefore].find(([e, s]) => e !== victim && s.tableId !== from?.tableId)?.[0] ?? [...inPlay].find((e) => e !== victim);
    const r = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [victim], killers: [killer] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.version).toBeGreaterThan(before.version);
    inPlay.delete(victim);
    bustedEntries.push(victim);
    view = await getTables(t);
    const all = await getMoves(t);
    const fresh = all.slice(moves.length);
    moves = all;
    checkInvariants(view, inPlay, broken);

    // By hand: the sizes once the seat is free; a skew above 1 calls for one balancing move.
    const sizes = new Map(activeOf(before).map((x) => [x.number, x.players - (x.tableId === from?.tableId ? 1 : 0)]));
    const max = Math.max(...sizes.values());
    const min = Math.min(...sizes.values());
    const seatsAfter = seatsOf(view);
    if (max - min > 1) {
      expect(fresh).toHaveLength(1);
      const m = fresh[0] as MoveV;
      expect(m.reason).toBe('balance');
      expect(m.by).toBe(OWNER);
      expect(Date.parse(m.at)).toBeGreaterThanOrEqual(startedAt);
      expect(Date.parse(m.at)).toBeLessThanOrEqual(Date.now());
      const giver = Math.min(...[...sizes].filter(([, n]) => n === max).map(([k]) => k));
      const receiver = Math.min(...[...sizes].filter(([, n]) => n === min).map(([k]) => k));
      expect(m.from?.tableNumber).toBe(giver);
      expect(m.to.tableNumber).toBe(receiver);
      expect(m.from).toEqual(seatsBefore.get(m.entryId));
      expect(seatsAfter.get(m.entryId)).toEqual(m.to);
    } else {
      expect(fresh).toEqual([]);
    }
    for (const [e, s] of seatsAfter) if (!fresh.some((m) => m.entryId === e)) expect(s).toEqual(seatsBefore.get(e));

    // R-SEAT-6: what the floor may do next, in the knockout's answer and in the tables view.
    const active = activeOf(view).length;
    const flags = {
      headsUp: inPlay.size === 2,
      finalTableReady: inPlay.size >= 2 && inPlay.size <= 9 && active > 1 && view.finalTableId === null,
    };
    expect(r.body.flags).toEqual(flags);
    expect(view.flags).toMatchObject(flags);
    expect(view.flags.tableToBreak !== null).toBe(active > 1 && inPlay.size <= (active - 1) * 9);
    return r;
  }

  /** The next victim: a player at the lowest-numbered table with the fewest players, so balancing has work. */
  const nextVictim = () => {
    const sizes = activeOf(view).map((x) => x.players);
    return (occupied(lowestAt(view, Math.min(...sizes)))[0] as Seat).entryId as string;
  };

  async function breakTable(tableId: string) {
    const before = view;
    const leaving = occupied(byId(before, tableId)).map((s) => s.entryId);
    const r = await api.call('POST', `${t}/tables/${tableId}/break`, { token: owner });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    view = r.body as TablesV;
    broken.add(tableId);
    const all = await getMoves(t);
    const fresh = all.slice(moves.length);
    moves = all;
    checkInvariants(view, inPlay, broken);
    expect(byId(view, tableId).status).toBe('broken');
    // Every player of the broken table went to another table, by one recorded lot.
    const breakMoves = fresh.filter((m) => m.reason === 'break');
    expect(breakMoves.map((m) => m.entryId).sort()).toEqual([...leaving].sort());
    expect(new Set(breakMoves.map((m) => m.seed)).size).toBe(1);
    expect(breakMoves[0]?.seed).toEqual(expect.any(Number));
    const after = seatsOf(view);
    for (const e of leaving) expect(after.get(e)?.tableId).not.toBe(tableId);
  }

  it('R-SEAT-1: the draw spreads 45 players 9/9/9/9/9, each seated once', async () => {
    const draw = await api.call('POST', `${t}/seating/draw`, { token: owner });
    expect(draw.status).toBe(200);
    view = draw.body as TablesV;
    expect(view.tables.map((x) => [x.number, x.status, x.players])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'active', 9]));
    checkInvariants(view, inPlay, broken, 0);
    expect(view.flags).toEqual({ headsUp: false, finalTableReady: false, tableToBreak: null });
    expect(await getMoves(t)).toEqual([]);
  });

  it('R-SEAT-7, R-SEAT-4: nothing to undo, no room to break a table, no second draw: 409 with a code, version unchanged', async () => {
    const v0 = view.version;
    expectProblem(await api.call('POST', `${t}/moves/undo`, { token: owner }), 409, 'NOTHING_TO_UNDO');
    expectProblem(await api.call('POST', `${t}/tables/${byNumber(view, 1).tableId}/break`, { token: owner }), 409, 'NOT_ENOUGH_SEATS');
    expectProblem(await api.call('POST', `${t}/seating/draw`, { token: owner }), 409, 'SEATING_ALREADY_DRAWN');
    // Every seat is taken: a move anywhere lands on an occupied seat.
    const [a, b] = [occupied(byNumber(view, 1))[0] as Seat, byNumber(view, 2)];
    expectProblem(
      await api.call('POST', `${t}/moves`, { token: owner, body: { entryId: a.entryId, to: { tableId: b.tableId, seat: 3 } } }),
      409,
      'SEAT_OCCUPIED',
    );
    const after = await getTables(t);
    expect(after.version).toBe(v0);
    expect(after.tables).toEqual(view.tables);
  });

  it('R-SEAT-2, R-SEAT-6: knockouts one by one, each followed by the balancing move it calls for, audited', async () => {
    while (inPlay.size > 36) await knockOut(nextVictim());
    // Knocked out at the shortest table each time: by hand, seven moves (tables 2,3,4,5,2,3,4 to table 1) give 7/7/7/7/8.
    expect(moves.map((m) => [m.reason, m.from?.tableNumber, m.to.tableNumber])).toEqual(
      [2, 3, 4, 5, 2, 3, 4].map((n) => ['balance', n, 1]),
    );
    expect(counts(view)).toEqual({ 1: 7, 2: 7, 3: 7, 4: 7, 5: 8 });
    // A busted player has no seat to move from.
    const v0 = view.version;
    const free = byNumber(view, 1);
    expectProblem(
      await api.call('POST', `${t}/moves`, {
        token: owner,
        body: { entryId: bustedEntries[0], to: { tableId: free.tableId, seat: freeSeatsOf(free)[0] } },
      }),
      409,
      'ENTRY_NOT_SEATED',
    );
    expect((await getTables(t)).version).toBe(v0);
  });

  it('R-SEAT-4: at 36 players the highest table breaks, its players go elsewhere, and it is never used again', async () => {
    const t5 = byNumber(view, 5);
    expect(view.flags.tableToBreak).toBe(t5.tableId);
    await breakTable(t5.tableId);
    expect(counts(view)).toEqual({ 1: 9, 2: 9, 3: 9, 4: 9 });
    const v0 = view.version;
    expectProblem(await api.call('POST', `${t}/tables/${t5.tableId}/break`, { token: owner }), 409, 'TABLE_BROKEN');
    const someone = occupied(byNumber(view, 1))[0]?.entryId;
    expectProblem(
      await api.call('POST', `${t}/moves`, { token: owner, body: { entryId: someone, to: { tableId: t5.tableId, seat: 1 } } }),
      409,
      'TABLE_BROKEN',
    );
    expectProblem(
      await api.call('POST', `${t}/moves`, { token: owner, body: { entryId: someone, to: { tableId: 'tbl_unknown', seat: 1 } } }),
      404,
      'TABLE_NOT_FOUND',
    );
    expectProblem(await api.call('POST', `${t}/tables/tbl_unknown/break`, { token: owner }), 404, 'TABLE_NOT_FOUND');
    expect((await getTables(t)).version).toBe(v0);
  });

  it('R-SEAT-5, R-REENTRY-4: a re-entry with every table full opens a new table (never the broken one); a late entry sits at the shortest table', async () => {
    // Four full tables: the re-entry opens table 6 (5 is broken, its number is not reused), which balancing then fills.
    const firstOut = players.find((p) => entryOf.get(p) === bustedEntries[0]) as string;
    const re = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'reentry', playerId: firstOut } });
    expect(re.status, JSON.stringify(re.body)).toBe(201);
    const reEntry = re.body.item.entryId as string;
    inPlay.add(reEntry);
    view = await getTables(t);
    checkInvariants(view, inPlay, broken);
    // By hand: 9/9/9/9 + 1 -> moves from tables 1,2,3,4,1,2 to table 6 -> 7/7/8/8/7.
    expect(counts(view)).toEqual({ 1: 7, 2: 7, 3: 8, 4: 8, 6: 7 });
    expect(seatsOf(view).get(reEntry)?.tableNumber).toBe(6);
    let all = await getMoves(t);
    const fresh = all.slice(moves.length);
    expect(fresh.map((m) => [m.reason, m.from?.tableNumber ?? null, m.to.tableNumber])).toEqual([
      ['late_entry', null, 6],
      ['balance', 1, 6],
      ['balance', 2, 6],
      ['balance', 3, 6],
      ['balance', 4, 6],
      ['balance', 1, 6],
      ['balance', 2, 6],
    ]);
    moves = all;

    // A new player buys in late: the fewest players are 7, the lowest such table is 1.
    const late = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId: 's46' } });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const lateEntry = late.body.item.entryId as string;
    inPlay.add(lateEntry);
    view = await getTables(t);
    checkInvariants(view, inPlay, broken);
    expect(seatsOf(view).get(lateEntry)?.tableNumber).toBe(1);
    expect(counts(view)).toEqual({ 1: 8, 2: 7, 3: 8, 4: 8, 6: 7 });
    all = await getMoves(t);
    expect(all.slice(moves.length).map((m) => [m.entryId, m.reason, m.to.tableNumber])).toEqual([[lateEntry, 'late_entry', 1]]);
    moves = all;
  });

  it('R-SEAT-7: the floor moves a player to a free seat and undoes it; bad moves are refused without a change', async () => {
    const t3 = byNumber(view, 3);
    const t2 = byNumber(view, 2);
    const mover = occupied(t3)[0] as Seat & { entryId: string };
    const target = freeSeatsOf(t2)[0] as number;
    const moved = await api.call('POST', `${t}/moves`, {
      token: owner,
      body: { entryId: mover.entryId, to: { tableId: t2.tableId, seat: target } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    view = moved.body as TablesV;
    checkInvariants(view, inPlay, broken);
    expect(seatsOf(view).get(mover.entryId)).toEqual({ tableId: t2.tableId, tableNumber: 2, seat: target });
    expect(byNumber(view, 3).seats[mover.seat - 1]?.entryId).toBeNull();
    let all = await getMoves(t);
    expect(all).toHaveLength(moves.length + 1);
    const manual = all.at(-1) as MoveV;
    expect(manual).toMatchObject({
      entryId: mover.entryId,
      reason: 'manual',
      by: OWNER,
      from: { tableId: t3.tableId, tableNumber: 3, seat: mover.seat },
      to: { tableId: t2.tableId, tableNumber: 2, seat: target },
    });

    const undo = await api.call('POST', `${t}/moves/undo`, { token: owner });
    expect(undo.status).toBe(200);
    view = undo.body as TablesV;
    checkInvariants(view, inPlay, broken);
    expect(seatsOf(view).get(mover.entryId)).toEqual({ tableId: t3.tableId, tableNumber: 3, seat: mover.seat });
    all = await getMoves(t);
    expect(all).toHaveLength(moves.length + 2);
    // The audit keeps the move and appends its compensation.
    expect(all.at(-2)).toEqual(manual);
    expect(all.at(-1)).toMatchObject({ entryId: mover.entryId, reason: 'manual', undoes: manual.moveId, from: manual.to, to: manual.from });
    moves = all;

    const v0 = view.version;
    const other = occupied(byNumber(view, 1))[0] as Seat;
    expectProblem(
      await api.call('POST', `${t}/moves`, {
        token: owner,
        body: { entryId: mover.entryId, to: { tableId: byNumber(view, 1).tableId, seat: other.seat } },
      }),
      409,
      'SEAT_OCCUPIED',
    );
    expectProblem(
      await api.call('POST', `${t}/moves`, {
        token: owner,
        body: { entryId: mover.entryId, to: { tableId: t3.tableId, seat: mover.seat } },
      }),
      409,
      'SEAT_OCCUPIED',
    );
    expectProblem(
      await api.call('POST', `${t}/moves`, { token: owner, body: { entryId: mover.entryId, to: { tableId: [...broken][0], seat: 2 } } }),
      409,
      'TABLE_BROKEN',
    );
    expectProblem(
      await api.call('POST', `${t}/moves`, {
        token: owner,
        body: { entryId: bustedEntries[1], to: { tableId: t2.tableId, seat: target } },
      }),
      409,
      'ENTRY_NOT_SEATED',
    );
    // The move before the undone one is the late seating: it cannot be taken back.
    expectProblem(await api.call('POST', `${t}/moves/undo`, { token: owner }), 409, 'UNDO_NOT_POSSIBLE');
    const after = await getTables(t);
    expect(after.version).toBe(v0);
    expect(await getMoves(t)).toHaveLength(moves.length);
  });

  it('R-KO-6, R-SEAT-5: a cancelled knockout revives the player, who takes a seat at the shortest table', async () => {
    const victim = (occupied(byNumber(view, 3))[0] as Seat).entryId as string;
    const r = await knockOut(victim);
    expect(counts(view)).toEqual({ 1: 8, 2: 7, 3: 7, 4: 8, 6: 7 });
    const cancel = await api.call('POST', `${t}/knockouts/${r.body.items[0].knockoutId}/cancel`, {
      token: owner,
      body: { reason: 'wrong player named' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.item).toMatchObject({ status: 'cancelled', cancelledBy: OWNER, reason: 'wrong player named' });
    inPlay.add(victim);
    bustedEntries.pop();
    view = await getTables(t);
    checkInvariants(view, inPlay, broken);
    // Tables 2, 3 and 6 hold 7: the lowest number takes him, not necessarily his old table.
    expect(seatsOf(view).get(victim)?.tableNumber).toBe(2);
    expect(counts(view)).toEqual({ 1: 8, 2: 8, 3: 7, 4: 8, 6: 7 });
    const all = await getMoves(t);
    expect(all.slice(moves.length).map((m) => [m.entryId, m.reason, m.to.tableNumber])).toEqual([[victim, 'late_entry', 2]]);
    moves = all;
  });

  it('R-SEAT-2, R-SEAT-4, R-SEAT-6: down to nine with tables broken as they empty; then the final table is offered', async () => {
    while (inPlay.size > 9) {
      const r = await knockOut(nextVictim());
      expect(r.body.flags.finalTableReady).toBe(inPlay.size <= 9);
      if (view.flags.tableToBreak && inPlay.size > 9) await breakTable(view.flags.tableToBreak);
    }
    expect(broken.size).toBe(4);
    expect(view.flags.finalTableReady).toBe(true);
    expect(activeOf(view).length).toBe(2);
  });

  it('R-SEAT-7, R-SEAT-6: the final table is a new draw of the nine finalists on one new table; heads-up at two', async () => {
    const tablesBefore = view.tables.length;
    const ft = await api.call('POST', `${t}/final-table`, { token: owner });
    expect(ft.status, JSON.stringify(ft.body)).toBe(200);
    view = ft.body as TablesV;
    const final = activeOf(view);
    expect(final).toHaveLength(1);
    const table = final[0] as TableV;
    expect(view.finalTableId).toBe(table.tableId);
    expect(table.number).toBe(tablesBefore + 1);
    expect(table.players).toBe(9);
    for (const x of view.tables) if (x.tableId !== table.tableId) broken.add(x.tableId);
    checkInvariants(view, inPlay, broken, 0);
    const all = await getMoves(t);
    const drawn = all.slice(moves.length);
    moves = all;
    expect(drawn.map((m) => m.reason)).toEqual(Array(9).fill('final_table'));
    expect(new Set(drawn.map((m) => m.entryId))).toEqual(inPlay);
    expect(new Set(drawn.map((m) => m.seed)).size).toBe(1);
    expect(drawn.map((m) => m.to.seat).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(view.flags).toEqual({ headsUp: false, finalTableReady: false, tableToBreak: null });
    const v0 = view.version;
    expectProblem(await api.call('POST', `${t}/final-table`, { token: owner }), 409, 'FINAL_TABLE_ALREADY_ASSEMBLED');
    expect((await getTables(t)).version).toBe(v0);

    while (inPlay.size > 2) {
      const r = await knockOut((occupied(activeOf(view)[0] as TableV)[0] as Seat).entryId as string);
      expect(r.body.flags.headsUp).toBe(inPlay.size === 2);
    }
    expect(view.flags.headsUp).toBe(true);
    expect(activeOf(view)[0]?.players).toBe(2);
    // No move since the break ever went to a broken table.
    const breaks = new Map<string, number>();
    moves.forEach((m, i) => {
      if (m.reason === 'break' && m.from) breaks.set(m.from.tableId, Math.max(breaks.get(m.from.tableId) ?? -1, i));
    });
    for (const [tableId, last] of breaks) expect(moves.slice(last + 1).some((m) => m.to.tableId === tableId)).toBe(false);
  });
});

describe('R-SEAT-3: the big-blind mover rule follows the button the floor sets', () => {
  it('R-SEAT-3: with the button on seat 2, the player due the big blind next (seat 1) moves, to the worst free seat', async () => {
    const { t } = await runningTournament({ seatsPerTable: 4, balancing: { moveRule: 'big_blind_next' } }, DAY, players.slice(0, 8));
    let view = (await api.call('POST', `${t}/seating/draw`, { token: owner })).body as TablesV;
    expect(counts(view)).toEqual({ 1: 4, 2: 4 });
    const [t1, t2] = [byNumber(view, 1), byNumber(view, 2)];
    const button = await api.call('POST', `${t}/tables/${t1.tableId}/button`, { token: owner, body: { seat: 2 } });
    expect(button.status).toBe(200);
    expect(byNumber(button.body as TablesV, 1).button).toBe(2);
    expectProblem(await api.call('POST', `${t}/tables/${t1.tableId}/button`, { token: owner, body: { seat: 5 } }), 422, 'SEAT_INVALID');

    // Seats 2 and 3 of table 2 go out; the player on seat 1 there knocks them out.
    const killer = t2.seats[0]?.entryId;
    for (const seat of [2, 3]) {
      const r = await api.call('POST', `${t}/knockouts`, {
        token: owner,
        body: { busted: [t2.seats[seat - 1]?.entryId], killers: [killer] },
      });
      expect(r.status).toBe(201);
    }
    view = await getTables(t);
    const moves = await getMoves(t);
    // Button on seat 2: small blind 3, big blind 4, next big blind seat 1 (the default button on seat 1 would send seat 4).
    // Table 2 heads-up with the button (seat 1) live: big blind seat 4, the first free seat after it is seat 2.
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      entryId: t1.seats[0]?.entryId,
      reason: 'balance',
      by: OWNER,
      from: { tableId: t1.tableId, seat: 1 },
      to: { tableId: t2.tableId, seat: 2 },
    });
    expect(counts(view)).toEqual({ 1: 3, 2: 3 });
    expect(byNumber(view, 2).seats.map((s) => s.entryId)).toEqual([killer, t1.seats[0]?.entryId, null, t2.seats[3]?.entryId]);
  });
});

describe('R-SEAT-8: manual balancing mode', () => {
  it('R-SEAT-8: a knockout leaves a proposal and moves nobody; the floor confirms one, overrides another, rejects a third', async () => {
    const { t } = await runningTournament({ seatsPerTable: 4, balancing: { mode: 'manual' } }, 2 * DAY, players.slice(10, 22));
    let view = (await api.call('POST', `${t}/seating/draw`, { token: owner })).body as TablesV;
    expect(counts(view)).toEqual({ 1: 4, 2: 4, 3: 4 });
    const inPlay = new Set(seatsOf(view).keys());
    let movesSoFar = 0;
    const knock = async (tableNumber: number) => {
      const x = byNumber(view, tableNumber);
      const victim = (occupied(x)[0] as Seat).entryId as string;
      const killer = (occupied(byNumber(view, tableNumber === 1 ? 2 : 1))[0] as Seat).entryId;
      const r = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [victim], killers: [killer] } });
      expect(r.status).toBe(201);
      inPlay.delete(victim);
      const before = seatsOf(view);
      view = await getTables(t);
      // Manual mode: nobody moved, only the seat was freed.
      for (const [e, s] of seatsOf(view)) expect(s).toEqual(before.get(e));
      checkInvariants(view, inPlay, new Set(), 3);
      expect(await getMoves(t)).toHaveLength(movesSoFar);
      return getProposals(t);
    };

    // 4/4/4 -> 3/4/4: within the skew, nothing proposed; -> 2/4/4: one proposal, table 2 to table 1.
    expect(await knock(1)).toEqual([]);
    let proposals = await knock(1);
    expect(proposals).toHaveLength(1);
    const first = proposals[0] as ProposalV;
    expect(first).toMatchObject({ reason: 'balance', from: { tableNumber: 2 }, to: { tableNumber: 1 } });
    expect(counts(view)).toEqual({ 1: 2, 2: 4, 3: 4 });

    const confirmed = await api.call('POST', `${t}/seating/proposals/${first.proposalId}/confirm`, { token: owner });
    expect(confirmed.status).toBe(200);
    view = confirmed.body as TablesV;
    expect(seatsOf(view).get(first.entryId)).toEqual(first.to);
    let moves = await getMoves(t);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      entryId: first.entryId,
      reason: 'balance',
      proposalId: first.proposalId,
      by: OWNER,
      from: first.from,
      to: first.to,
    });
    movesSoFar = 1;
    expect(await getProposals(t)).toEqual([]);

    // 3/3/4 -> 3/2/4: table 3 to table 2 proposed; the floor puts the player on the other free seat instead.
    proposals = await knock(2);
    expect(proposals).toHaveLength(1);
    const second = proposals[0] as ProposalV;
    expect(second).toMatchObject({ from: { tableNumber: 3 }, to: { tableNumber: 2 } });
    const otherSeat = freeSeatsOf(byNumber(view, 2)).find((s) => s !== second.to.seat) as number;
    const overridden = await api.call('POST', `${t}/seating/proposals/${second.proposalId}/override`, {
      token: owner,
      body: { to: { tableId: second.to.tableId, seat: otherSeat } },
    });
    expect(overridden.status).toBe(200);
    view = overridden.body as TablesV;
    expect(seatsOf(view).get(second.entryId)).toEqual({ tableId: second.to.tableId, tableNumber: 2, seat: otherSeat });
    moves = await getMoves(t);
    expect(moves.at(-1)).toMatchObject({
      entryId: second.entryId,
      reason: 'manual',
      proposalId: second.proposalId,
      to: { seat: otherSeat },
    });
    movesSoFar = 2;

    // 3/3/3 -> 3/3/2 (nothing) -> 3/3/1: table 1 to table 3 proposed; the floor rejects it and nobody moves.
    expect(await knock(3)).toEqual([]);
    proposals = await knock(3);
    expect(proposals).toHaveLength(1);
    const third = proposals[0] as ProposalV;
    expect(third).toMatchObject({ from: { tableNumber: 1 }, to: { tableNumber: 3 } });
    const rejected = await api.call('POST', `${t}/seating/proposals/${third.proposalId}/reject`, { token: owner });
    expect(rejected.status).toBe(200);
    expect(counts(rejected.body as TablesV)).toEqual({ 1: 3, 2: 3, 3: 1 });
    expect(await getProposals(t)).toEqual([]);
    expect(await getMoves(t)).toHaveLength(2);
    const v0 = (rejected.body as TablesV).version;
    expectProblem(
      await api.call('POST', `${t}/seating/proposals/${third.proposalId}/confirm`, { token: owner }),
      404,
      'PROPOSAL_NOT_FOUND',
    );
    expect((await getTables(t)).version).toBe(v0);
  });
});

describe('R-SEAT-6: one knockout, one change: seats freed first, then balancing, then the waitlist', () => {
  it('R-SEAT-6, R-REG-2: a knockout that promotes a waiting player frees the seat first, so he takes it: no new table, no balancing', async () => {
    const field = players.slice(22, 31);
    const created = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody({ seatsPerTable: 4, seatLimit: 8 }, 3 * DAY),
    });
    const t = `${base}/tournaments/${created.body.tournamentId}`;
    await api.call('POST', `${t}/open-registration`, { token: owner });
    const regs: string[] = [];
    for (const playerId of field) {
      const r = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId } });
      expect(r.status).toBe(201);
      regs.push(r.body.item.registrationId);
      // The ninth waits; he is at the desk, so he is admitted the moment a place frees.
      expect((await api.call('POST', `${t}/registrations/${r.body.item.registrationId}/check-in`, { token: owner })).status).toBe(200);
    }
    expect(
      (await api.call('GET', `${t}/registrations?status=waitlisted`, { token: owner })).body.items.map(
        (r: { playerId: string }) => r.playerId,
      ),
    ).toEqual([field[8]]);
    await api.call('POST', `${t}/start`, { token: owner });
    let view = (await api.call('POST', `${t}/seating/draw`, { token: owner })).body as TablesV;
    expect(counts(view)).toEqual({ 1: 4, 2: 4 });
    // Full: a late buy-in has no place to give; it is refused and writes nothing (the waitlist is the way in).
    const full = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId: players[31] } });
    expectProblem(full, 409, 'SEAT_LIMIT_REACHED');
    expect((await getTables(t)).version).toBe(view.version);

    const t1 = byNumber(view, 1);
    const t2 = byNumber(view, 2);
    const victim = t1.seats[1]?.entryId as string;
    const ko = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [victim], killers: [t2.seats[0]?.entryId] } });
    expect(ko.status, JSON.stringify(ko.body)).toBe(201);
    view = await getTables(t);
    const promoted = (await api.call('GET', `${t}/entries?playerId=${field[8]}`, { token: owner })).body.items[0]?.entryId as string;
    expect(promoted).toEqual(expect.any(String));
    const inPlay = new Set(
      [...occupied(t1), ...occupied(t2)]
        .map((s) => s.entryId)
        .filter((e) => e !== victim)
        .concat(promoted),
    );
    checkInvariants(view, inPlay, new Set());
    // The freed seat at table 1 is the only free one: the promoted player takes it.
    expect(view.tables).toHaveLength(2);
    expect(counts(view)).toEqual({ 1: 4, 2: 4 });
    expect(seatsOf(view).get(promoted)).toMatchObject({ tableNumber: 1, seat: 2 });
    expect((await getMoves(t)).map((m) => [m.entryId, m.reason])).toEqual([[promoted, 'late_entry']]);

    // 4/4 -> one out at table 2 -> 4/3. Then one hand busts a player at each table: 3/2 is within
    // the skew, so nobody moves (balancing between the two frees would move someone for nothing).
    const out2 = byNumber(view, 2).seats[3]?.entryId as string;
    expect((await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [out2], killers: [promoted] } })).status).toBe(201);
    view = await getTables(t);
    inPlay.delete(out2);
    expect(counts(view)).toEqual({ 1: 4, 2: 3 });
    const pair = [byNumber(view, 2).seats[1]?.entryId as string, byNumber(view, 1).seats[0]?.entryId as string];
    const killer = [...inPlay].find((e) => !pair.includes(e));
    const double = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: pair, killers: [killer] } });
    expect(double.status, JSON.stringify(double.body)).toBe(201);
    expect(double.body.flags).toEqual({ headsUp: false, finalTableReady: false });
    for (const e of pair) inPlay.delete(e);
    view = await getTables(t);
    checkInvariants(view, inPlay, new Set());
    expect(counts(view)).toEqual({ 1: 3, 2: 2 });
    const moves = await getMoves(t);
    expect(moves.map((m) => m.reason)).toEqual(['late_entry']);
    expect(moves.some((m) => pair.includes(m.entryId))).toBe(false);
  });
});
