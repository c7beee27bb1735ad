import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../domain/core/random';
import { afterKnockout, freeSeats, seatLateEntrant, tableSkew } from '../../../domain/seating';
import { activeSizes, deepFreeze, drawn, expectRefusedUnchanged, makeCtx, tableByNumber, violations } from './helpers';

describe('late entry and re-entry', () => {
  it('R-SEAT-5: sits at the table with the fewest players, on a free seat drawn by lot', () => {
    let s = drawn(30, 10, 2);
    const t2 = tableByNumber(s, 2);
    s = afterKnockout(s, { entryId: t2.seats[4] as string }, makeCtx()).state;
    s = deepFreeze(afterKnockout(s, { entryId: tableByNumber(s, 3).seats[1] as string }, makeCtx()).state);
    expect(activeSizes(s)).toEqual([10, 9, 9]);
    const r = seatLateEntrant(s, { entryId: 'late-1' }, makeCtx(8));
    const move = r.state.moves.at(-1);
    // Tables 2 and 3 both have 9: the lower number takes the entrant.
    expect(move).toMatchObject({ entryId: 'late-1', reason: 'late_entry', to: { tableId: t2.id } });
    expect(move?.from).toBeUndefined();
    const free = freeSeats(s.tables[t2.id] as never);
    expect(move?.to.seat).toBe(free[seededRandom(move?.seed as number).int(free.length)]);
    expect(violations(r.state)).toEqual([]);
  });

  it('R-SEAT-5: opens a new table when every seat is taken, then balances onto it', () => {
    const s = deepFreeze(drawn(20, 10, 2));
    const r = seatLateEntrant(s, { entryId: 'late-1' }, makeCtx());
    const opened = r.events.find((e) => e.type === 'seating.table_opened');
    expect(opened).toMatchObject({ number: 3 });
    expect(r.state.nextTableNumber).toBe(4);
    expect(activeSizes(r.state)).toEqual([7, 7, 7]);
    expect(tableSkew(r.state)).toBe(0);
    expect(r.state.moves.filter((m) => m.reason === 'balance')).toHaveLength(6);
  });

  it('R-SEAT-5: an entry already seated is refused', () => {
    const s = drawn(12, 6);
    expectRefusedUnchanged(s, (x) => seatLateEntrant(x, { entryId: 'e00001' }, makeCtx()), 'ENTRY_ALREADY_SEATED');
  });
});
