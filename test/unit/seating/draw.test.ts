import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../domain/core/random';
import { emptySeating, initialDraw, layoutDraw, replayDraw } from '../../../domain/seating';
import { activeSizes, deepFreeze, drawn, entries, expectCode, makeCtx, NOW, tableByNumber, violations } from './helpers';
import { PROPERTY_TEST } from '../../support/property';

describe('initial draw', () => {
  it('R-SEAT-1: opens ceil(field / seats) tables and spreads the field evenly', () => {
    const state = drawn(23, 9);
    expect(Object.keys(state.tables)).toHaveLength(3);
    expect(activeSizes(state).sort()).toEqual([7, 8, 8]);
    expect(Object.keys(state.seatOf)).toHaveLength(23);
    expect(state.nextTableNumber).toBe(4);
    expect(violations(state)).toEqual([]);
  });

  it('R-SEAT-1: refuses seats per table outside 2..10 instead of clamping', () => {
    for (const bad of [0, 1, 11, 12, 2.5, Number.NaN]) {
      expectCode(() => initialDraw(undefined, { entryIds: entries(5), seatsPerTable: bad }, makeCtx()), 'SEATS_PER_TABLE_INVALID');
    }
    for (const ok of [2, 10]) {
      const s = initialDraw(undefined, { entryIds: entries(5), seatsPerTable: ok }, makeCtx()).state;
      expect(s.seatsPerTable).toBe(ok);
    }
  });

  it('R-SEAT-1: the seating is decided by lot and the recorded seed replays it', () => {
    const ids = entries(40);
    const a = initialDraw(undefined, { entryIds: ids, seatsPerTable: 9 }, makeCtx(1)).state;
    const b = initialDraw(undefined, { entryIds: ids, seatsPerTable: 9 }, makeCtx(2)).state;
    expect(a.draws).toHaveLength(1);
    const draw = a.draws[0];
    expect(draw).toMatchObject({ kind: 'initial', by: 'floor-1', at: NOW });
    // A different lot gives a different seating.
    expect(tableByNumber(a, 1).seats).not.toEqual(tableByNumber(b, 1).seats);
    // The recorded seed gives back the same seating, whatever order the entries are listed in.
    const replay = replayDraw([...ids].reverse(), 9, draw?.seed as number);
    replay.forEach((seats, i) => expect(tableByNumber(a, i + 1).seats).toEqual(seats));
  });

  it('R-SEAT-1: records the draw and reports every table as written', () => {
    const r = initialDraw(undefined, { entryIds: entries(12), seatsPerTable: 6 }, makeCtx());
    expect(r.events).toEqual([
      { type: 'seating.drawn', drawId: r.state.draws[0]?.id, seed: r.state.draws[0]?.seed, tables: 2, players: 12 },
    ]);
    expect(r.touchedTables.sort()).toEqual(Object.keys(r.state.tables).sort());
    expect(Object.values(r.state.tables).every((t) => t.button === 0 && t.status === 'active')).toBe(true);
  });

  it('R-SEAT-1: refuses a second draw and duplicate entries', () => {
    const state = deepFreeze(drawn(10, 5));
    expectCode(() => initialDraw(state, { entryIds: entries(10), seatsPerTable: 5 }, makeCtx()), 'SEATING_ALREADY_DRAWN');
    expectCode(() => initialDraw(undefined, { entryIds: ['a', 'b', 'a'], seatsPerTable: 5 }, makeCtx()), 'DUPLICATE_ENTRY');
  });

  it('R-SEAT-1: an empty field draws no table; a prepared empty seating keeps its policy', () => {
    const empty = emptySeating(8, { balancing: 'manual' });
    const r = initialDraw(empty, { entryIds: [], seatsPerTable: 8 }, makeCtx());
    expect(r.state.tables).toEqual({});
    expect(r.state.policy.balancing).toBe('manual');
  });

  it('R-SEAT-1: property: the draw is a permutation, even, and replays from its seed', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 250 }),
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        (n, seats, seed) => {
          const ids = entries(n);
          const state = initialDraw(undefined, { entryIds: ids, seatsPerTable: seats }, makeCtx(seed)).state;
          expect(violations(state)).toEqual([]);
          const seated = Object.values(state.tables).flatMap((t) => t.seats.filter((s) => s !== null));
          expect([...seated].sort()).toEqual(ids);
          expect(Object.keys(state.tables)).toHaveLength(Math.ceil(n / seats));
          const sizes = activeSizes(state);
          if (sizes.length) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          const layout = layoutDraw(ids, seats, seededRandom(state.draws[0]?.seed as number));
          layout.forEach((s, i) => expect(tableByNumber(state, i + 1).seats).toEqual(s));
        },
      ),
      { numRuns: 150 },
    );
  });
});
