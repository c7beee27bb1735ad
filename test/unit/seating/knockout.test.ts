import { describe, expect, it } from 'vitest';
import { afterKnockout, assembleFinalTable } from '../../../domain/seating';
import type { SeatingState } from '../../../domain/seating';
import { deepFreeze, downTo, drawn, expectRefusedUnchanged, makeCtx, occupants, tableByNumber, violations } from './helpers';

/** Knocks out some seated entry and returns the report. */
const koAny = (s: SeatingState) => afterKnockout(s, { entryId: Object.keys(s.seatOf)[0] as string }, makeCtx());

describe('after a knockout', () => {
  it('R-SEAT-6: frees the seat first, then balances', () => {
    let s = drawn(20, 10, 4);
    const t1 = tableByNumber(s, 1);
    s = deepFreeze(afterKnockout(s, { entryId: t1.seats[0] as string }, makeCtx()).state);
    const gone = tableByNumber(s, 1).seats[4] as string;
    const r = afterKnockout(s, { entryId: gone }, makeCtx());
    expect(r.freed).toEqual({ tableId: t1.id, seat: 4 });
    expect(r.state.seatOf[gone]).toBeUndefined();
    expect(r.events[0]).toEqual({ type: 'seating.seat_freed', entryId: gone, at: { tableId: t1.id, seat: 4 } });
    expect(r.events[1]).toMatchObject({ type: 'seating.player_moved', reason: 'balance' });
    expect(violations(r.state)).toEqual([]);
  });

  it('R-SEAT-6: a knockout and its balancing move rewrite only the two tables involved', () => {
    let s = drawn(300, 10, 4);
    const t1 = tableByNumber(s, 1);
    s = afterKnockout(s, { entryId: t1.seats[0] as string }, makeCtx()).state;
    const r = afterKnockout(s, { entryId: t1.seats[1] as string }, makeCtx());
    expect(r.state.moves.length).toBe(1);
    expect(r.touchedTables.sort()).toEqual([t1.id, r.state.moves[0]?.from?.tableId].sort());
    for (const [id, t] of Object.entries(r.state.tables)) {
      if (!r.touchedTables.includes(id)) expect(t).toBe(s.tables[id]);
    }
  });

  it('R-SEAT-6: reports heads-up when two players are left', () => {
    expect(koAny(downTo(drawn(12, 6, 4), 3)).flags.headsUp).toBe(true);
    expect(koAny(downTo(drawn(12, 6, 4), 4)).flags.headsUp).toBe(false);
    expect(koAny(downTo(drawn(12, 6, 4), 2)).flags.headsUp).toBe(false);
  });

  it('R-SEAT-6: offers the final table once the players fit one table', () => {
    const s = downTo(drawn(30, 9, 4), 11);
    const at10 = koAny(s);
    expect(at10.flags.finalTableReady).toBe(false);
    const at9 = koAny(at10.state);
    expect(at9.flags.finalTableReady).toBe(true);
    // Once assembled it is not offered again.
    const final = assembleFinalTable(at9.state, makeCtx()).state;
    const at8 = koAny(final);
    expect(at8.flags.finalTableReady).toBe(false);
  });

  it('R-SEAT-6: names the table the break order would break when the others can take it', () => {
    const s = downTo(drawn(30, 10, 4), 21);
    expect(koAny(s).flags.tableToBreak).toBe(tableByNumber(s, 3).id);
    expect(koAny(downTo(drawn(30, 10, 4), 22)).flags.tableToBreak).toBeUndefined();
  });

  it('R-SEAT-6: refuses an entry that has no seat', () => {
    const s = drawn(10, 5);
    expectRefusedUnchanged(s, (x) => afterKnockout(x, { entryId: 'ghost' }, makeCtx()), 'ENTRY_NOT_SEATED');
    const gone = occupants(tableByNumber(s, 1))[0] as string;
    const after = afterKnockout(s, { entryId: gone }, makeCtx()).state;
    expectRefusedUnchanged(after, (x) => afterKnockout(x, { entryId: gone }, makeCtx()), 'ENTRY_NOT_SEATED');
  });
});
