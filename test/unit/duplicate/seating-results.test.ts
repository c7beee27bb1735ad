import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawSeating, seatGroups, seatOf, type DupTable } from '../../../domain/duplicate/seating';
import { computeRound, eliminateFrom, groupPoints, type PlayerRoundResult, type RoundInputs } from '../../../domain/duplicate/results';
import { resolveSettings } from '../../../domain/duplicate/settings';
import { isDomainError } from '../../../domain/core/errors';
import { PROPERTY_TEST } from '../../support/property';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(3, '0')}`);
const SETTINGS: RoundInputs['settings'] = {
  points: 'chips-vs-average',
  elimination: { scope: 'seat-group', count: 1 },
  tieRule: 'keep-tied',
  carryOverCapBB: 20,
};

describe('seating (R-DUP-5)', () => {
  it('R-DUP-5: every player sits once, tables differ by one at most, empty seats are the highest seat numbers', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 120 }),
        fc.integer({ min: 2, max: 9 }),
        fc.string({ minLength: 1, maxLength: 10 }),
        (n, size, seed) => {
          fc.pre(Math.ceil(n / size) >= 2);
          const plan = drawSeating(ids(n), seed, size);
          const seated = plan.tables.flatMap((t) => t.seats.filter((p) => p !== null));
          expect(seated.sort()).toEqual(ids(n));
          const counts = plan.tables.map((t) => t.seats.filter((p) => p !== null).length);
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
          for (const t of plan.tables) {
            const firstEmpty = t.seats.indexOf(null);
            if (firstEmpty >= 0) expect(t.seats.slice(firstEmpty).every((p) => p === null)).toBe(true);
            expect(t.seats).toHaveLength(plan.tableSize);
          }
          // The draw is its seed's: the same seed gives the same seats.
          expect(drawSeating(ids(n), seed, size)).toEqual(plan);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('R-DUP-5: 35 players on tables of 9: four tables, one short by one with seat 9 empty', () => {
    const plan = drawSeating(ids(35), 'x', 9);
    expect(plan.tables.map((t) => t.seats.filter(Boolean).length)).toEqual([9, 9, 9, 8]);
    expect(plan.tables[3]?.seats[8]).toBeNull();
    expect(seatGroups(plan.tables).get(9)).toHaveLength(3);
    expect(seatGroups(plan.tables).get(1)).toHaveLength(4);
    const p = plan.tables[0]?.seats[0] as string;
    expect(seatOf(plan.tables, p)).toEqual({ table: 1, seat: 1 });
  });

  it('refuses a field that makes a single table: nothing to compare with', () => {
    try {
      drawSeating(ids(9), 's', 9);
      expect.fail('one table passed');
    } catch (e) {
      expect(isDomainError(e) && e.code).toBe('FIELD_TOO_SMALL');
    }
  });
});

/** Two tables of three; seat groups {a1, b1}, {a2, b2}, {a3, b3}. */
const TABLES: DupTable[] = [
  { table: 1, seats: ['a1', 'a2', 'a3'] },
  { table: 2, seats: ['b1', 'b2', 'b3'] },
];

describe('points, carry-over and elimination (R-DUP-3, R-DUP-4, R-DUP-6)', () => {
  it('R-DUP-3: points compare a player only with the same seat at other tables', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.constantFrom('chips-vs-average', 'rank' as const),
        (c, other, points) => {
          const chips = { a1: c[0], a2: c[1], a3: c[2], b1: c[3], b2: c[4], b3: c[5] } as Record<string, number>;
          const base = computeRound({ settings: { ...SETTINGS, points }, round: { bigBlind: 50 }, tables: TABLES, carryIn: {}, chips });
          // Changing seat 2's and seat 3's results leaves seat 1's points as they were.
          const moved = computeRound({
            settings: { ...SETTINGS, points },
            round: { bigBlind: 50 },
            tables: TABLES,
            carryIn: {},
            chips: { ...chips, a2: other, b3: other },
          });
          const pts = (r: typeof base, id: string) => r.players.find((p) => p.playerId === id)?.points;
          expect(pts(moved, 'a1')).toBe(pts(base, 'a1'));
          expect(pts(moved, 'b1')).toBe(pts(base, 'b1'));
          // Normalised: a group's points add up to zero (up to rounding of the average).
          for (const seat of [1, 2, 3]) {
            const sum = base.players.filter((p) => p.seat === seat).reduce((a, p) => a + p.points, 0);
            expect(Math.abs(sum)).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('R-DUP-3: chips against the seat average (Match Poker) and rank points, worked by hand', () => {
    expect(groupPoints('chips-vs-average', [12_000, 9_000, 9_000], 25)).toEqual([2000, -1000, -1000]);
    // (3*10001 - 30002)/3 = 0.33 -> 0; (3*10000 - 30002)/3 = -0.67 -> -1
    expect(groupPoints('chips-vs-average', [10_001, 10_001, 10_000], 25)).toEqual([0, 0, -1]);
    expect(groupPoints('rank', [12_000, 9_000, 9_000, 5_000], 25)).toEqual([75, 0, 0, -75]);
    expect(groupPoints('chips-vs-average', [7_000], 25)).toEqual([0]);
  });

  it('R-DUP-6: the carry-over is the total capped to n x BB either way, and becomes the next starting total', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 6, maxLength: 6 }),
        (c, n, bb, carry) => {
          const names = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3'];
          const chips = Object.fromEntries(names.map((id, i) => [id, c[i] as number]));
          const carryIn = Object.fromEntries(names.map((id, i) => [id, carry[i] as number]));
          const r = computeRound({ settings: { ...SETTINGS, carryOverCapBB: n }, round: { bigBlind: bb }, tables: TABLES, carryIn, chips });
          for (const p of r.players) {
            expect(p.total).toBe(p.carryIn + p.points);
            expect(Math.abs(p.carryOut)).toBeLessThanOrEqual(n * bb);
            expect(p.carryOut).toBe(Math.max(-n * bb, Math.min(n * bb, p.total)));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('R-DUP-4: the lowest total of each seat group goes; ties on total break on chips, then keep or eliminate all tied', () => {
    const p = (playerId: string, total: number, chips: number) => ({ playerId, total, chips }) as PlayerRoundResult;
    const pool = [p('x', 100, 5000), p('y', -50, 4000), p('z', -50, 4000), p('w', -50, 3000)];
    expect(eliminateFrom(pool, SETTINGS)).toEqual(['w']);
    expect(eliminateFrom(pool, { ...SETTINGS, elimination: { scope: 'seat-group', count: 2 } })).toEqual(['w']);
    expect(eliminateFrom(pool, { ...SETTINGS, elimination: { scope: 'seat-group', count: 2 }, tieRule: 'eliminate-tied' })).toEqual([
      'w',
      'y',
      'z',
    ]);
    expect(eliminateFrom(pool, { ...SETTINGS, elimination: { scope: 'seat-group', share: 0.5 } })).toEqual(['w']);
    // Never the whole group: a seat alone at its number stays; an all-tied group keeps everyone.
    expect(eliminateFrom([p('solo', -900, 100)], SETTINGS)).toEqual([]);
    expect(eliminateFrom([p('a', 0, 10), p('b', 0, 10)], { ...SETTINGS, tieRule: 'eliminate-tied' })).toEqual([]);
  });

  it('R-DUP-4: field scope takes the lowest totals across all seats; places follow total then chips', () => {
    const chips = { a1: 12_000, b1: 8_000, a2: 10_500, b2: 9_500, a3: 10_000, b3: 10_000 };
    const r = computeRound({
      settings: { ...SETTINGS, elimination: { scope: 'field', count: 2 } },
      round: { bigBlind: 25 },
      tables: TABLES,
      carryIn: {},
      chips,
    });
    expect(r.players.map((x) => [x.playerId, x.points, x.place])).toEqual([
      ['a1', 2000, 1],
      ['a2', 500, 2],
      ['a3', 0, 3],
      ['b3', 0, 3],
      ['b2', -500, 5],
      ['b1', -2000, 6],
    ]);
    expect(r.eliminated.sort()).toEqual(['b1', 'b2']);
  });

  it("R-DUP-4: a round may set its own elimination count or share, which replaces the event's for that round", () => {
    const chips = { a1: 12_000, b1: 8_000, a2: 10_500, b2: 9_500, a3: 10_000, b3: 9_000 };
    const base = { settings: SETTINGS, tables: TABLES, carryIn: {}, chips };
    expect(computeRound({ ...base, round: { bigBlind: 25 } }).eliminated.sort()).toEqual(['b1', 'b2', 'b3']);
    expect(computeRound({ ...base, round: { bigBlind: 25, elimination: { scope: 'field', count: 1 } } }).eliminated).toEqual(['b1']);
    expect(computeRound({ ...base, round: { bigBlind: 25, elimination: { scope: 'seat-group', count: 0 } } }).eliminated).toEqual([]);
    expect(() => resolveSettings({ name: 'x', rounds: [{ hands: 6, elimination: { scope: 'field' } }] }, 36)).toThrow(
      /rounds\[0\]\.elimination/,
    );
  });

  it('reproducible: the same stored inputs give the same results, whatever order they are listed in', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 6, maxLength: 6 }), (c) => {
        const names = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3'];
        const chips = Object.fromEntries(names.map((id, i) => [id, c[i] as number]));
        const reversed = Object.fromEntries(Object.entries(chips).reverse());
        const one = computeRound({ settings: SETTINGS, round: { bigBlind: 25 }, tables: TABLES, carryIn: {}, chips });
        const two = computeRound({
          settings: SETTINGS,
          round: { bigBlind: 25 },
          tables: structuredClone(TABLES),
          carryIn: {},
          chips: reversed,
        });
        expect(JSON.parse(JSON.stringify(two))).toEqual(JSON.parse(JSON.stringify(one)));
      }),
      { numRuns: 50 },
    );
  });
});

describe('settings (R-DUP-1)', () => {
  it('R-DUP-1: rounds of 5-7 or 12-24 hands at a fixed level; the same stack of 5,000 to 10,000 for every round', () => {
    const s = resolveSettings({ name: 'Duplicate night' }, 36);
    expect(s.rounds).toHaveLength(3);
    expect(s.rounds[0]).toEqual({ hands: 12, smallBlind: 25, bigBlind: 25, ante: 0, anteType: 'none' });
    expect(s.startingStack).toBe(10_000);
    expect(resolveSettings({ name: 'Big field' }, 120).rounds[0]?.hands).toBe(6);
    for (const bad of [4, 8, 11, 25]) {
      try {
        resolveSettings({ name: 'x', rounds: [{ hands: bad }] }, 36);
        expect.fail(`${bad} hands passed`);
      } catch (e) {
        expect(isDomainError(e) && e.code).toBe('DUPLICATE_SETTINGS_INVALID');
        expect(isDomainError(e) && e.errors?.[0]?.field).toBe('rounds[0].hands');
      }
    }
    for (const stack of [4_999, 10_001]) {
      expect(() => resolveSettings({ name: 'x', startingStack: stack }, 36)).toThrow(/startingStack/);
    }
    expect(() => resolveSettings({ name: 'x', seatsPerTable: 10 }, 36)).toThrow(/seatsPerTable/);
    expect(() => resolveSettings({ name: 'x', elimination: { scope: 'field', count: 1, share: 0.2 } }, 36)).toThrow(
      /either count or share/,
    );
    expect(
      resolveSettings({ name: 'x', rounds: [{ hands: 5 }, { hands: 24, bigBlind: 100, smallBlind: 50, ante: 25 }] }, 36).rounds[1],
    ).toEqual({ hands: 24, smallBlind: 50, bigBlind: 100, ante: 25, anteType: 'classic' });
  });
});
