import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../domain/core/random';
import {
  afterKnockout,
  balance,
  bigBlindSeat,
  moverSeat,
  movePlayer,
  nextBigBlindSeat,
  setButton,
  setSeatingPolicy,
  tableSkew,
  worstFreeSeat,
} from '../../../domain/seating';
import type { SeatingPolicy, SeatingState, Table } from '../../../domain/seating';
import { activeSizes, deepFreeze, drawn, expectCode, makeCtx, occupants, tableByNumber, violations } from './helpers';

const table = (seats: (string | null)[], button = 0): Table => ({ id: 't', number: 1, seats, status: 'active', button });

/** 30 players on three full 10-seat tables; table 1 loses the players of seats 5 and 7. */
function twoOutAtTableOne(policy?: Partial<SeatingPolicy>): { before: SeatingState; after: ReturnType<typeof afterKnockout> } {
  const s0 = drawn(30, 10, 3, policy);
  const t1 = tableByNumber(s0, 1);
  const s1 = afterKnockout(s0, { entryId: t1.seats[5] as string }, makeCtx(11)).state;
  expect(s1.moves).toHaveLength(0);
  const before = deepFreeze(s1);
  return { before, after: afterKnockout(before, { entryId: t1.seats[7] as string }, makeCtx(12)) };
}

describe('positions at a table', () => {
  it('R-SEAT-3: the big blind is the second occupied seat after the button; the next one follows it', () => {
    const t = table(['a', null, 'b', 'c', null, 'd']);
    expect(bigBlindSeat(t)).toBe(3);
    expect(nextBigBlindSeat(t)).toBe(5);
    expect(worstFreeSeat(t)).toBe(4);
    const moved = table(['a', null, 'b', 'c', null, 'd'], 3);
    expect(bigBlindSeat(moved)).toBe(0);
    expect(nextBigBlindSeat(moved)).toBe(2);
    expect(worstFreeSeat(moved)).toBe(1);
  });

  it('R-SEAT-3: heads-up the button posts the small blind, so the button player is next to post the big blind', () => {
    expect(bigBlindSeat(table(['a', 'b', null]))).toBe(1);
    expect(nextBigBlindSeat(table(['a', 'b', null]))).toBe(0);
    // Dead button: the two players after it post small and big blind.
    expect(bigBlindSeat(table([null, 'a', 'b']))).toBe(2);
    expect(nextBigBlindSeat(table([null, 'a', 'b']))).toBe(1);
    expect(nextBigBlindSeat(table([null, 'a', null]))).toBe(1);
    expect(nextBigBlindSeat(table([null, null, null]))).toBeUndefined();
    expect(worstFreeSeat(table([null, null, null], 1))).toBe(2);
  });
});

describe('balancing', () => {
  it('R-SEAT-2: a knockout leaving a skew over the allowed one moves a player from a fuller table', () => {
    const { before, after } = twoOutAtTableOne();
    expect(activeSizes(before)).toEqual([9, 10, 10]);
    expect(activeSizes(after.state)).toEqual([9, 9, 10]);
    const t2 = tableByNumber(before, 2);
    const t1 = tableByNumber(before, 1);
    expect(after.state.moves).toHaveLength(1);
    // Tables 2 and 3 are equally full: the lower number gives. Button 0, blinds at 1 and 2: seat 3 moves.
    // At table 1 the big blind is seat 2, so the first free seat after it (5) is the worst position.
    expect(after.state.moves[0]).toMatchObject({
      entryId: t2.seats[3],
      from: { tableId: t2.id, seat: 3 },
      to: { tableId: t1.id, seat: 5 },
      reason: 'balance',
      by: 'floor-1',
    });
    expect(violations(after.state)).toEqual([]);
  });

  it('R-SEAT-2: the moved player is notified through a player_moved event', () => {
    const { after } = twoOutAtTableOne();
    const move = after.state.moves[0];
    expect(after.events).toContainEqual({
      type: 'seating.player_moved',
      moveId: move?.id,
      entryId: move?.entryId,
      from: move?.from,
      to: move?.to,
      reason: 'balance',
    });
  });

  it('R-SEAT-2: the fullest table gives first', () => {
    const { after } = twoOutAtTableOne();
    const s = after.state;
    const t1 = tableByNumber(s, 1);
    const next = afterKnockout(s, { entryId: t1.seats[0] as string }, makeCtx(13));
    expect(activeSizes(next.state)).toEqual([9, 9, 9]);
    expect(next.state.moves.at(-1)?.from?.tableId).toBe(tableByNumber(s, 3).id);
  });

  it('R-SEAT-2: balance evens out a skew left by the floor, one move at a time', () => {
    let s = drawn(24, 10, 5);
    expect(activeSizes(s)).toEqual([8, 8, 8]);
    const t3 = tableByNumber(s, 3);
    for (const [i, entryId] of occupants(t3).slice(0, 4).entries()) {
      const target = tableByNumber(s, i < 2 ? 1 : 2);
      s = movePlayer(s, { entryId, to: { tableId: target.id, seat: 8 + (i % 2) } }, makeCtx(20 + i)).state;
    }
    expect(activeSizes(s)).toEqual([10, 10, 4]);
    const r = balance(deepFreeze(s), makeCtx(30));
    expect(activeSizes(r.state)).toEqual([8, 8, 8]);
    expect(r.events.filter((e) => e.type === 'seating.player_moved')).toHaveLength(4);
    expect(tableSkew(r.state)).toBe(0);

    const loose = setSeatingPolicy(s, { allowedSkew: 2 }, makeCtx()).state;
    const r2 = balance(loose, makeCtx(30));
    expect(r2.state.moves.length - loose.moves.length).toBe(3);
    expect(tableSkew(r2.state)).toBe(2);
  });

  it('R-SEAT-2: refuses an allowed skew below 1, which no field could always reach', () => {
    const s = drawn(11, 10);
    expectCode(() => setSeatingPolicy(s, { allowedSkew: 0 }, makeCtx()), 'ALLOWED_SKEW_INVALID');
    expectCode(() => setSeatingPolicy(s, { allowedSkew: 1.5 }, makeCtx()), 'ALLOWED_SKEW_INVALID');
  });

  it('R-SEAT-3: with the last-seat rule the highest occupied seat moves', () => {
    const { before, after } = twoOutAtTableOne({ mover: 'last_seat' });
    expect(after.state.moves[0]?.from).toEqual({ tableId: tableByNumber(before, 2).id, seat: 9 });
  });

  it('R-SEAT-3: the big-blind rule follows the button the floor sets', () => {
    const s0 = drawn(30, 10, 3);
    const t1 = tableByNumber(s0, 1);
    const t2 = tableByNumber(s0, 2);
    let s = setButton(s0, { tableId: t2.id, seat: 6 }, makeCtx()).state;
    s = afterKnockout(s, { entryId: t1.seats[5] as string }, makeCtx()).state;
    s = afterKnockout(s, { entryId: t1.seats[7] as string }, makeCtx()).state;
    // Button 6: small blind 7, big blind 8, next to post the big blind 9.
    expect(s.moves[0]?.from).toEqual({ tableId: t2.id, seat: 9 });
  });

  it('R-SEAT-3: a random mover is drawn by lot with a recorded seed that replays the choice', () => {
    const froms = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const s0 = drawn(30, 10, 3, { mover: 'random' });
      const t1 = tableByNumber(s0, 1);
      const s1 = afterKnockout(s0, { entryId: t1.seats[5] as string }, makeCtx()).state;
      const r = afterKnockout(s1, { entryId: t1.seats[7] as string }, makeCtx(seed));
      const move = r.state.moves[0];
      expect(move?.seed).toEqual(expect.any(Number));
      const giver = s1.tables[move?.from?.tableId as string] as Table;
      expect(moverSeat(giver, 'random', () => seededRandom(move?.seed as number))).toBe(move?.from?.seat);
      froms.add(move?.from?.seat as number);
    }
    expect(froms.size).toBeGreaterThan(1);
  });
});
