import { describe, expect, it } from 'vitest';
import { seededRandom, shuffle } from '../../../domain/core/random';
import {
  afterKnockout,
  assembleFinalTable,
  breakTable,
  lastUndoableMove,
  movePlayer,
  seatLateEntrant,
  setButton,
  undoLastMove,
} from '../../../domain/seating';
import type { SeatingState } from '../../../domain/seating';
import {
  activeSizes,
  deepFreeze,
  downTo,
  drawn,
  expectRefusedUnchanged,
  makeCtx,
  NOW,
  occupants,
  tableByNumber,
  violations,
} from './helpers';

/** 16 players on two tables of 8 (10 seats each). */
const twoTables = (): SeatingState => deepFreeze(drawn(16, 10, 6));

/** 20 players on three 10-seat tables: one of them can be broken. */
const breakable = (): SeatingState => deepFreeze(downTo(drawn(24, 10, 6), 20));

describe('floor: moving a player', () => {
  it('R-SEAT-7: moves a seated player to a free seat and records who did it and when', () => {
    const s = twoTables();
    const t1 = tableByNumber(s, 1);
    const t2 = tableByNumber(s, 2);
    const entryId = t1.seats[2] as string;
    const r = movePlayer(s, { entryId, to: { tableId: t2.id, seat: 9 } }, makeCtx(1, 'floor-7'));
    expect(r.state.seatOf[entryId]).toEqual({ tableId: t2.id, seat: 9 });
    expect(r.state.tables[t1.id]?.seats[2]).toBeNull();
    expect(r.state.moves).toEqual([
      {
        id: expect.any(String),
        entryId,
        from: { tableId: t1.id, seat: 2 },
        to: { tableId: t2.id, seat: 9 },
        reason: 'manual',
        by: 'floor-7',
        at: NOW,
      },
    ]);
    // The floor's choice stands: no automatic balancing follows a manual move.
    expect(activeSizes(r.state)).toEqual([7, 9]);
    expect(r.touchedTables.sort()).toEqual([t1.id, t2.id].sort());
    expect(violations(r.state)).toEqual([]);
  });

  it('R-SEAT-7: refuses an occupied seat, a broken or unknown table, a bad seat and an unseated entry', () => {
    const s = twoTables();
    const t1 = tableByNumber(s, 1);
    const t2 = tableByNumber(s, 2);
    const e = t1.seats[0] as string;
    expectRefusedUnchanged(s, (x) => movePlayer(x, { entryId: e, to: { tableId: t2.id, seat: 0 } }, makeCtx()), 'SEAT_OCCUPIED');
    expectRefusedUnchanged(s, (x) => movePlayer(x, { entryId: e, to: { tableId: t1.id, seat: 0 } }, makeCtx()), 'SEAT_OCCUPIED');
    expectRefusedUnchanged(s, (x) => movePlayer(x, { entryId: e, to: { tableId: 'tbl_x', seat: 9 } }, makeCtx()), 'TABLE_NOT_FOUND');
    expectRefusedUnchanged(s, (x) => movePlayer(x, { entryId: e, to: { tableId: t2.id, seat: 10 } }, makeCtx()), 'SEAT_INVALID');
    expectRefusedUnchanged(s, (x) => movePlayer(x, { entryId: e, to: { tableId: t2.id, seat: -1 } }, makeCtx()), 'SEAT_INVALID');
    expectRefusedUnchanged(s, (x) => movePlayer(x, { entryId: 'ghost', to: { tableId: t2.id, seat: 9 } }, makeCtx()), 'ENTRY_NOT_SEATED');
    const three = breakable();
    const t3 = tableByNumber(three, 3);
    const broken = breakTable(three, { tableId: t3.id }, makeCtx()).state;
    const mover = occupants(tableByNumber(broken, 1))[0] as string;
    expectRefusedUnchanged(broken, (x) => movePlayer(x, { entryId: mover, to: { tableId: t3.id, seat: 0 } }, makeCtx()), 'TABLE_BROKEN');
  });

  it('R-SEAT-7: the floor sets the button of an active table', () => {
    const s = twoTables();
    const t1 = tableByNumber(s, 1);
    expect(setButton(s, { tableId: t1.id, seat: 4 }, makeCtx()).state.tables[t1.id]?.button).toBe(4);
    expectRefusedUnchanged(s, (x) => setButton(x, { tableId: t1.id, seat: 10 }, makeCtx()), 'SEAT_INVALID');
    expectRefusedUnchanged(s, (x) => setButton(x, { tableId: 'nope', seat: 1 }, makeCtx()), 'TABLE_NOT_FOUND');
  });
});

describe('floor: undoing the last move', () => {
  it('R-SEAT-7: undo appends a compensating move and puts the player back', () => {
    const s = twoTables();
    const t1 = tableByNumber(s, 1);
    const t2 = tableByNumber(s, 2);
    const e = t1.seats[2] as string;
    const moved = deepFreeze(movePlayer(s, { entryId: e, to: { tableId: t2.id, seat: 9 } }, makeCtx()).state);
    const r = undoLastMove(moved, makeCtx());
    expect(r.state.seatOf[e]).toEqual({ tableId: t1.id, seat: 2 });
    expect(r.state.moves).toHaveLength(2);
    expect(r.state.moves[0]).toBe(moved.moves[0]);
    expect(r.state.moves[1]).toMatchObject({
      entryId: e,
      from: { tableId: t2.id, seat: 9 },
      to: { tableId: t1.id, seat: 2 },
      reason: 'manual',
      undoes: moved.moves[0]?.id,
    });
    expect(r.state.tables).toEqual(s.tables);
    expect(lastUndoableMove(r.state)).toBeUndefined();
    expectRefusedUnchanged(r.state, (x) => undoLastMove(x, makeCtx()), 'NOTHING_TO_UNDO');
  });

  it('R-SEAT-7: repeated undos walk back one move at a time, balancing moves included', () => {
    let s: SeatingState = twoTables();
    const t1 = tableByNumber(s, 1);
    const t2 = tableByNumber(s, 2);
    s = movePlayer(s, { entryId: t1.seats[0] as string, to: { tableId: t2.id, seat: 8 } }, makeCtx()).state;
    s = movePlayer(s, { entryId: t1.seats[1] as string, to: { tableId: t2.id, seat: 9 } }, makeCtx()).state;
    // 6 v 10: a knockout at table 1 makes 5 v 10 and balancing moves two players back.
    s = afterKnockout(s, { entryId: t1.seats[7] as string }, makeCtx()).state;
    expect(s.moves.map((m) => m.reason)).toEqual(['manual', 'manual', 'balance', 'balance']);
    const original = s.moves.slice();
    for (let i = 3; i >= 0; i--) {
      const target = lastUndoableMove(s);
      expect(target).toBe(original[i]);
      s = undoLastMove(s, makeCtx()).state;
      expect(violations(s)).toEqual([]);
    }
    expect(s.moves.slice(0, 4)).toEqual(original);
    expect(s.moves.slice(4).map((m) => m.undoes)).toEqual([3, 2, 1, 0].map((i) => original[i]?.id));
    expectRefusedUnchanged(s, (x) => undoLastMove(x, makeCtx()), 'NOTHING_TO_UNDO');
  });

  it('R-SEAT-7: undo stops at a late seating, a break and a final-table draw', () => {
    expectRefusedUnchanged(twoTables(), (x) => undoLastMove(x, makeCtx()), 'NOTHING_TO_UNDO');
    const late = seatLateEntrant(twoTables(), { entryId: 'late-1' }, makeCtx()).state;
    expectRefusedUnchanged(late, (x) => undoLastMove(x, makeCtx()), 'UNDO_NOT_POSSIBLE');
    const broken = breakTable(breakable(), {}, makeCtx()).state;
    expectRefusedUnchanged(broken, (x) => undoLastMove(x, makeCtx()), 'UNDO_NOT_POSSIBLE');
    const final = assembleFinalTable(downTo(drawn(20, 10), 9), makeCtx()).state;
    expectRefusedUnchanged(final, (x) => undoLastMove(x, makeCtx()), 'UNDO_NOT_POSSIBLE');
  });

  it('R-SEAT-7: undo is refused once the moved player has been knocked out', () => {
    const s = twoTables();
    const t1 = tableByNumber(s, 1);
    const e = t1.seats[2] as string;
    let x = movePlayer(s, { entryId: e, to: { tableId: tableByNumber(s, 2).id, seat: 9 } }, makeCtx()).state;
    x = afterKnockout(x, { entryId: e }, makeCtx()).state;
    expectRefusedUnchanged(x, (y) => undoLastMove(y, makeCtx()), 'UNDO_NOT_POSSIBLE');
  });
});

describe('floor: assembling the final table', () => {
  it('R-SEAT-7: draws all remaining players onto one new table and breaks the others', () => {
    const s = deepFreeze(downTo(drawn(30, 9, 2), 9));
    const r = assembleFinalTable(s, makeCtx(3));
    const final = r.state.tables[r.state.finalTableId as string];
    expect(final).toMatchObject({ number: 5, status: 'active' });
    expect(Object.values(r.state.tables).filter((t) => t.status === 'active')).toEqual([final]);
    const draw = r.state.draws.at(-1);
    expect(draw).toMatchObject({ kind: 'final_table', tableId: final?.id });
    // The lot replays from the recorded seed.
    const expected = shuffle(Object.keys(s.seatOf).sort(), seededRandom(draw?.seed as number));
    expect(final?.seats).toEqual(expected);
    const moves = r.state.moves.slice(s.moves.length);
    expect(moves.map((m) => m.reason)).toEqual(Array(9).fill('final_table'));
    expect(violations(r.state)).toEqual([]);
  });

  it('R-SEAT-7: is refused when the players do not fit one table, or already assembled', () => {
    const ten = downTo(drawn(30, 9, 2), 10);
    expectRefusedUnchanged(ten, (x) => assembleFinalTable(x, makeCtx()), 'FINAL_TABLE_DOES_NOT_FIT');
    const done = assembleFinalTable(downTo(ten, 9), makeCtx()).state;
    expectRefusedUnchanged(done, (x) => assembleFinalTable(x, makeCtx()), 'FINAL_TABLE_ALREADY_ASSEMBLED');
    expectRefusedUnchanged(downTo(drawn(4, 4), 1), (x) => assembleFinalTable(x, makeCtx()), 'FINAL_TABLE_TOO_FEW_PLAYERS');
  });
});
