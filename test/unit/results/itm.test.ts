import { describe, expect, it } from 'vitest';
import { paidPlaces, standingsSummary, type EntryRef } from '../../../domain/results';
import { entry, expectRefusal, field, setStatus } from './fixtures';

describe('paidPlaces', () => {
  it('R-ITM-1: rounds percent x entries to the nearest place, halves up', () => {
    expect(paidPlaces(27, 15, 1)).toBe(4); // 4.05
    expect(paidPlaces(10, 15, 1)).toBe(2); // 1.5
    expect(paidPlaces(45, 10, 1)).toBe(5); // 4.5
    expect(paidPlaces(44, 10, 1)).toBe(4); // 4.4
    expect(paidPlaces(100, 12.5, 1)).toBe(13); // 12.5
  });

  it('R-ITM-1: never fewer than the minimum, never more than the field', () => {
    expect(paidPlaces(3, 10, 2)).toBe(2);
    expect(paidPlaces(2, 50, 3)).toBe(2);
    expect(paidPlaces(8, 100, 1)).toBe(8);
    expect(paidPlaces(0, 20, 1)).toBe(0);
  });

  it('R-ITM-1: refuses a minimum below 1, a percent outside 0..100 or a bad count', () => {
    for (const [count, percent, minimum, field] of [
      [10, 10, 0, 'minimum'],
      [10, 10, 1.5, 'minimum'],
      [10, 101, 1, 'percent'],
      [10, -1, 1, 'percent'],
      [10, Number.NaN, 1, 'percent'],
      [-1, 10, 1, 'entriesCount'],
      [2.5, 10, 1, 'entriesCount'],
    ] as const) {
      const err = expectRefusal('INVALID_ITM_SETTINGS', [], () => paidPlaces(count, percent, minimum), 'rule');
      expect(err.errors?.map((e) => e.field)).toEqual([field]);
    }
  });
});

describe('standingsSummary', () => {
  /** `total` entries of which the first `left` are still in play. */
  const entries = (total: number, left: number): EntryRef[] =>
    setStatus(
      field(total),
      field(total)
        .slice(left)
        .map((e) => e.id),
      'busted',
    );

  it('R-ITM-1: the field counts every entry including re-entries, never void ones', () => {
    // 10 players, 5 of them re-entered: 15 entries -> 10% is 1.5 -> 2 places (10 players would give 1).
    const players = field(10);
    const busted = setStatus(players, ['e1', 'e2', 'e3', 'e4', 'e5'], 'busted');
    const reentries = ['p1', 'p2', 'p3', 'p4', 'p5'].map((p, i) => entry(`r${i}`, p, 2));
    const voids = [entry('v1', 'p11', 1, 'void'), entry('v2', 'p12', 1, 'void')];
    const s = standingsSummary([...busted, ...reentries, ...voids], { percent: 10, minimum: 1 });
    expect(s.entries).toBe(15);
    expect(s.placesPaid).toBe(2);
    expect(s.playersLeft).toBe(10);
  });

  it('R-ITM-2: far from the money: eliminations left, no bubble', () => {
    expect(standingsSummary(entries(30, 6), { percent: 10, minimum: 1 })).toEqual({
      playersLeft: 6,
      entries: 30,
      placesPaid: 3,
      eliminationsToMoney: 3,
      onBubble: false,
      inTheMoney: false,
    });
  });

  it('R-ITM-2: on the bubble when exactly one more elimination reaches the places', () => {
    const s = standingsSummary(entries(30, 4), { percent: 10, minimum: 1 });
    expect(s.eliminationsToMoney).toBe(1);
    expect(s.onBubble).toBe(true);
    expect(s.inTheMoney).toBe(false);
    expect(standingsSummary(entries(30, 5), { percent: 10, minimum: 1 }).onBubble).toBe(false);
  });

  it('R-ITM-2: in the money when every remaining player is placed', () => {
    for (const left of [3, 2, 1]) {
      const s = standingsSummary(entries(30, left), { percent: 10, minimum: 1 });
      expect(s).toMatchObject({ eliminationsToMoney: 0, onBubble: false, inTheMoney: true });
    }
  });

  it('R-ITM-2: the minimum places apply to the live summary', () => {
    const s = standingsSummary(entries(12, 5), { percent: 10, minimum: 4 });
    expect(s.placesPaid).toBe(4);
    expect(s.onBubble).toBe(true);
  });
});
