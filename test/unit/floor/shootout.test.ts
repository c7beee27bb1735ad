import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError, type DomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { drawSeating } from '../../../domain/floor/seating';
import { cancelKnockoutOnFloor, recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { finishOnFloor } from '../../../domain/floor/results';
import { commitSeatDraw } from '../../../domain/floor/seat-draw';
import { seatNewEntries } from '../../../domain/floor/seat-new-entries';
import {
  assertShootoutSeating,
  closeShootoutRound,
  currentRound,
  isFinalRound,
  roundReached,
  shootoutView,
  tablesStillPlaying,
} from '../../../domain/floor/shootout';
import { breakTable, dealRoundRobin, provableRoundOrder, type Table } from '../../../domain/seating';
import { checkIn, register, validateSettings } from '../../../domain/tournaments';
import { MAX_ADVANCE_PER_TABLE, maxAdvancePerTable } from '../../../domain/tournaments/shootout-settings';
import { MAX_SEATS_PER_TABLE } from '../../../domain/tournaments/settings';
import { baseSettings, Desk, HOUR, START } from '../tournaments/harness';
import { PROPERTY_TEST } from '../../support/property';

let ids = 0;
const ctxAt = (now: number, seed = 1): Context => ({
  now,
  actor: { id: 'usr_floor', role: 'manager' },
  rng: seededRandom(seed),
  newId: (p) => `${p}_s${++ids}`,
});

const SEED = 'c2hvb3RvdXQtdGVzdC1zZWVkLTMyLWJ5dGVzLWxvbmctLS0';

/** A running shootout of `n` players, its seats drawn from a committed seed (R-DRAW-1). */
function shootout(n: number, seatsPerTable: number, advancePerTable = 1) {
  const desk = new Desk({ seatsPerTable, format: 'shootout', advancePerTable }, 'registration_open', START - HOUR);
  const entries = Array.from({ length: n }, (_, i) => desk.seat(`p${String(i).padStart(3, '0')}`));
  desk.status('running');
  const committed = commitSeatDraw(desk.state as FloorTournament, SEED, START);
  const drawn = drawSeating(committed, ctxAt(START + 60_000));
  return { t: drawn.state, entries };
}

const active = (t: FloorTournament): Table[] =>
  Object.values(t.seating?.tables ?? {})
    .filter((x) => x.status === 'active')
    .sort((a, b) => a.number - b.number);
const players = (x: Table) => x.seats.filter((s): s is string => s !== null);

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** A player gone from his seat and out of the field without a knockout (as a voided entry). */
function leaveTable(t: FloorTournament, entryId: string): FloorTournament {
  const s = t.seating as NonNullable<FloorTournament['seating']>;
  const at = s.seatOf[entryId] as { tableId: string; seat: number };
  const table = s.tables[at.tableId] as Table;
  const seats = table.seats.map((e) => (e === entryId ? null : e));
  const { [entryId]: _gone, ...seatOf } = s.seatOf;
  return {
    ...t,
    entries: { ...t.entries, [entryId]: { ...(t.entries[entryId] as FloorTournament['entries'][string]), status: 'void' } },
    seating: { ...s, tables: { ...s.tables, [table.id]: { ...table, seats } }, seatOf },
  };
}

/** Busts the first player of the table numbered `n`, knocked out by the table's last player. */
const bustAt = (t: FloorTournament, n: number, now: number) => {
  const table = active(t).find((x) => x.number === n) as Table;
  const [victim, ...rest] = players(table);
  return recordKnockoutOnFloor(t, { busted: [victim as string], killers: [rest[rest.length - 1] as string] }, ctxAt(now));
};

describe('shootout settings', () => {
  const club = { currency: 'RUB' };
  it('R-SHOOT-1: format shootout defaults to one advancing player per table; a regular tournament stores neither field', () => {
    expect(validateSettings(baseSettings({ format: 'shootout' }), club)).toMatchObject({ format: 'shootout', advancePerTable: 1 });
    const regular = validateSettings(baseSettings({ format: 'regular' }), club);
    expect(regular).not.toHaveProperty('format');
    expect(regular).not.toHaveProperty('advancePerTable');
  });

  it('R-SHOOT-1: advancePerTable is refused outside a shootout and above half the seats', () => {
    const code = (over: Record<string, unknown>) => refusal(() => validateSettings(baseSettings(over), club));
    expect(code({ advancePerTable: 2 }).errors?.map((e) => e.field)).toEqual(['advancePerTable']);
    expect(code({ format: 'shootout', seatsPerTable: 9, advancePerTable: 5 }).code).toBe('SHOOTOUT_SETTINGS_INVALID');
    expect(code({ format: 'shootout', advancePerTable: 0 }).code).toBe('SHOOTOUT_SETTINGS_INVALID');
    expect(code({ format: 'knockout' }).errors?.map((e) => e.field)).toEqual(['format']);
    expect(validateSettings(baseSettings({ format: 'shootout', seatsPerTable: 9, advancePerTable: 4 }), club).advancePerTable).toBe(4);
    // The contract's bound is the largest table's half.
    expect(maxAdvancePerTable(MAX_SEATS_PER_TABLE)).toBe(MAX_ADVANCE_PER_TABLE);
  });
});

describe('R-SHOOT-1: isolated tables', () => {
  it('R-SHOOT-1: a knockout frees the seat and moves nobody, where a regular tournament balances', () => {
    const { t } = shootout(18, 9);
    // Two busts at table 1 leave 7 against 9: a regular tournament would move a player.
    const once = bustAt(t, 1, START + HOUR).state;
    const twice = bustAt(once, 1, START + HOUR + 1);
    expect(twice.state.seating?.moves).toHaveLength(0);
    expect(twice.events.some((e) => e.type === 'seating.player_moved')).toBe(false);
    expect(twice.flags?.tableToBreak).toBeUndefined();
    expect(active(twice.state).map((x) => players(x).length)).toEqual([7, 9]);
  });

  it('R-SHOOT-1: breaking a table is refused; a bust at a decided table is refused naming it', () => {
    let s = shootout(12, 9).t;
    for (let i = 0; i < 3; i++) s = bustAt(s, 1, START + HOUR + i).state;
    const tableId = (active(s)[0] as Table).id;
    const broken = breakTable(s.seating as NonNullable<FloorTournament['seating']>, { tableId }, ctxAt(START + HOUR));
    expect(refusal(() => assertShootoutSeating(s, broken.events)).code).toBe('SHOOTOUT_TABLES_ISOLATED');
    const { t } = shootout(4, 2);
    const after = bustAt(t, 1, START + HOUR).state;
    const [one, two] = active(after) as [Table, Table];
    const e = refusal(() =>
      recordKnockoutOnFloor(after, { busted: [players(one)[0] as string], killers: [players(two)[0] as string] }, ctxAt(START + HOUR + 1)),
    );
    expect(e.code).toBe('SHOOTOUT_TABLE_DECIDED');
    expect(e.extensions).toEqual({ tables: [1] });
  });
});

describe('R-SHOOT-2: rounds', () => {
  it('R-SHOOT-2: closing while tables play is 409 naming them; once all are decided the floor closes and round 2 is drawn from the seed', () => {
    const { t } = shootout(27, 9, 2);
    expect(active(t).map((x) => players(x).length)).toEqual([9, 9, 9]);
    let s = t;
    for (let i = 0; i < 7; i++) s = bustAt(s, 1, START + HOUR + i).state;
    const e = refusal(() => closeShootoutRound(s, ctxAt(START + 2 * HOUR)));
    expect(e.code).toBe('SHOOTOUT_TABLES_STILL_PLAYING');
    expect(e.extensions).toEqual({ tables: [2, 3] });
    expect(tablesStillPlaying(s)).toEqual([2, 3]);
    for (let i = 0; i < 7; i++) s = bustAt(s, 2, START + HOUR + 10 + i).state;
    for (let i = 0; i < 6; i++) s = bustAt(s, 3, START + HOUR + 20 + i).state;
    // Table 3 is decided without a knockout (a player leaves it), so nothing has closed the round.
    s = leaveTable(s, players(active(s)[2] as Table)[0] as string);
    expect(currentRound(s)).toBe(1);
    const advancing = active(s).flatMap(players).sort();
    const closed = closeShootoutRound(s, ctxAt(START + 2 * HOUR));
    const r2 = closed.state;
    expect(currentRound(r2)).toBe(2);
    expect(isFinalRound(r2)).toBe(true);
    expect(closed.events.map((x) => x.type)).toEqual(['shootout.round_closed', 'seating.drawn', 'shootout.round_started']);
    // The round's players re-derived from the published seed and list: table 4 (numbers go on), seats in order.
    const order = provableRoundOrder(advancing, SEED, 2);
    expect(active(r2).map((x) => [x.number, x.seats])).toEqual([[4, dealRoundRobin(order, 9)[0]]]);
    expect(r2.shootout?.rounds[0]).toMatchObject({ round: 2, entryIds: advancing, firstTableNumber: 4, closedBy: 'floor' });
    expect(shootoutView(r2)).toMatchObject({ round: 2, final: true, tablesStillPlaying: [] });
    expect(refusal(() => closeShootoutRound(r2, ctxAt(START + 3 * HOUR))).code).toBe('SHOOTOUT_FINAL_ROUND');
  });

  it('R-SHOOT-2: the knockout that decides the last table closes the round; round 1 tables differ only when the field does not divide', () => {
    const even = shootout(20, 10).t;
    expect(active(even).map((x) => players(x).length)).toEqual([10, 10]);
    const { t } = shootout(21, 10);
    expect(active(t).map((x) => players(x).length)).toEqual([7, 7, 7]);
    const uneven = shootout(22, 10).t;
    expect(active(uneven).map((x) => players(x).length)).toEqual([8, 7, 7]);
    let s = t;
    for (const n of [1, 2]) for (let i = 0; i < 6; i++) s = bustAt(s, n, START + HOUR + n * 10 + i).state;
    for (let i = 0; i < 5; i++) s = bustAt(s, 3, START + HOUR + 40 + i).state;
    expect(currentRound(s)).toBe(1);
    const last = bustAt(s, 3, START + 2 * HOUR);
    expect(currentRound(last.state)).toBe(2);
    expect(last.state.shootout?.rounds[0]?.closedBy).toBe('knockout');
    expect(active(last.state).flatMap(players)).toHaveLength(3);
  });

  it('R-SHOOT-2: entries join in round 1 only; a knockout of a closed round cannot be cancelled', () => {
    const { t } = shootout(4, 2);
    const first = bustAt(t, 1, START + HOUR);
    const closed = bustAt(first.state, 2, START + HOUR + 1).state;
    expect(currentRound(closed)).toBe(2);
    expect(refusal(() => cancelKnockoutOnFloor(closed, { knockoutId: first.knockoutIds[0] as string }, ctxAt(START + HOUR + 2))).code).toBe(
      'SHOOTOUT_ROUND_CLOSED',
    );
    const ctx = ctxAt(START + HOUR + 3);
    const reg = register(closed, { playerId: 'late', otherRegistrations: [] }, ctx).state as FloorTournament;
    const regId = Object.values(reg.registrations).find((r) => r.playerId === 'late')?.id as string;
    const checked = checkIn(reg, { registrationId: regId }, ctx);
    expect(checked.events.some((e) => e.type === 'entry.created' && e.seatNow)).toBe(true);
    expect(refusal(() => seatNewEntries(checked.state as FloorTournament, checked.events, ctx)).code).toBe('SHOOTOUT_ROUND_CLOSED');
  });

  it('R-KO-6 in a shootout: a cancelled knockout of the round seats the player back at his table', () => {
    const { t } = shootout(18, 9);
    const ko = bustAt(t, 2, START + HOUR);
    const back = cancelKnockoutOnFloor(ko.state, { knockoutId: ko.knockoutIds[0] as string }, ctxAt(START + HOUR + 60_000)).state;
    const victim = players(active(t)[1] as Table)[0] as string;
    expect(back.seating?.tables[back.seating.seatOf[victim]?.tableId as string]?.number).toBe(2);
  });
});

describe('R-SHOOT-1, R-SHOOT-2: properties', () => {
  it(
    "R-SHOOT-1, R-SHOOT-2: no knockout changes another player's seat; places order by the round reached, then elimination",
    PROPERTY_TEST,
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 5, max: 40 }),
          fc.integer({ min: 2, max: 10 }),
          fc.integer({ min: 1, max: 5 }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          (n, seats, advanceWish, seed) => {
            const advance = Math.max(1, Math.min(advanceWish, Math.floor(seats / 2)));
            let { t } = shootout(n, seats, advance);
            const rng = seededRandom(seed);
            let now = START + HOUR;
            let closes = 0;
            for (let step = 0; step < 4 * n && active(t).flatMap(players).length > 1; step++) {
              const playing = tablesStillPlaying(t);
              if (!isFinalRound(t) && playing.length === 0) {
                t = closeShootoutRound(t, ctxAt(now++, seed)).state;
                closes++;
                continue;
              }
              const pick = playing[rng.int(playing.length)];
              const table = active(t).find((x) => x.number === pick) as Table;
              const here = players(table);
              const victim = here[rng.int(here.length)] as string;
              const killer = here.find((e) => e !== victim) as string;
              const before = t.seating?.seatOf ?? {};
              const r = recordKnockoutOnFloor(t, { busted: [victim], killers: [killer] }, ctxAt(now++, seed));
              if (currentRound(r.state) === currentRound(t)) {
                // R-SHOOT-1: everyone else sits where he sat.
                for (const [entryId, at] of Object.entries(before)) {
                  if (entryId !== victim) expect(r.state.seating?.seatOf[entryId]).toEqual(at);
                }
              } else closes++;
              t = r.state;
            }
            expect(active(t).flatMap(players)).toHaveLength(1);
            expect(currentRound(t)).toBe(closes + 1);
            const rows = finishOnFloor(t, ctxAt(now, seed)).state.results?.rows ?? [];
            expect(rows).toHaveLength(n);
            const koOf = (entryId: string) =>
              Object.values(t.knockouts?.knockouts ?? {}).find((k) => k.bustedEntryId === entryId && k.status === 'active')
                ?.eliminationNumber ?? Infinity;
            const sorted = [...rows].sort((a, b) => a.place - b.place);
            for (let i = 1; i < sorted.length; i++) {
              const hi = sorted[i - 1] as (typeof sorted)[number];
              const lo = sorted[i] as (typeof sorted)[number];
              const [rh, rl] = [roundReached(t, hi.lastEntryId) as number, roundReached(t, lo.lastEntryId) as number];
              expect(rh).toBeGreaterThanOrEqual(rl);
              if (rh === rl) expect(koOf(hi.lastEntryId)).toBeGreaterThan(koOf(lo.lastEntryId));
            }
          },
        ),
        { numRuns: 40, seed: 26 },
      );
    },
  );
});
