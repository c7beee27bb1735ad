import { describe, expect, it } from 'vitest';
import { afterHandKnockout, afterKnockout } from '../../../domain/seating';
import { activeSizes, deepFreeze, drawn, expectRefusedUnchanged, makeCtx, tableByNumber, violations } from './helpers';

describe('a hand that busts several players', () => {
  it('R-SEAT-6, R-KO-4: every seat of the hand is freed before balancing runs once', () => {
    // 8 players on two tables of 4, then one out at table 2: 4/3.
    let s = drawn(8, 4, 3);
    s = deepFreeze(afterKnockout(s, { entryId: tableByNumber(s, 2).seats[3] as string }, makeCtx()).state);
    const pair = [tableByNumber(s, 2).seats[1] as string, tableByNumber(s, 1).seats[0] as string];
    const r = afterHandKnockout(s, { entryIds: pair }, makeCtx());
    // 3/2 is within the skew: nobody moves. One by one, 4/2 would have moved a player for nothing.
    expect(activeSizes(r.state)).toEqual([3, 2]);
    expect(r.state.moves).toEqual([]);
    expect(r.events.map((e) => e.type)).toEqual(['seating.seat_freed', 'seating.seat_freed']);
    expect(r.freed).toEqual([
      { tableId: tableByNumber(s, 2).id, seat: 1 },
      { tableId: tableByNumber(s, 1).id, seat: 0 },
    ]);
    expect(violations(r.state)).toEqual([]);
    const oneByOne = afterKnockout(
      afterKnockout(s, { entryId: pair[0] as string }, makeCtx()).state,
      { entryId: pair[1] as string },
      makeCtx(),
    );
    expect(oneByOne.state.moves).toHaveLength(1);
  });

  it('R-SEAT-6: balances once the seats are free, and refuses an unseated or repeated entry unchanged', () => {
    const s = deepFreeze(drawn(8, 4, 3));
    const t2 = tableByNumber(s, 2);
    const r = afterHandKnockout(s, { entryIds: [t2.seats[0] as string, t2.seats[1] as string] }, makeCtx());
    expect(activeSizes(r.state)).toEqual([3, 3]);
    expect(r.state.moves).toHaveLength(1);
    expect(r.state.moves[0]).toMatchObject({ reason: 'balance', to: { tableId: t2.id } });
    expectRefusedUnchanged(s, (x) => afterHandKnockout(x, { entryIds: [t2.seats[0] as string, 'ghost'] }, makeCtx()), 'ENTRY_NOT_SEATED');
    expectRefusedUnchanged(
      s,
      (x) => afterHandKnockout(x, { entryIds: [t2.seats[0] as string, t2.seats[0] as string] }, makeCtx()),
      'DUPLICATE_ENTRY',
    );
  });
});
