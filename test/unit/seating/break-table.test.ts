import { describe, expect, it } from 'vitest';
import { seededRandom, shuffle } from '../../../domain/core/random';
import { afterKnockout, breakTable, nextTableToBreak, seatLateEntrant } from '../../../domain/seating';
import type { SeatingState } from '../../../domain/seating';
import { activeSizes, deepFreeze, drawn, expectRefusedUnchanged, makeCtx, occupants, tableByNumber, violations } from './helpers';

/** 40 players drawn on four full tables, ten knocked out: 30 left, room for one table to break. */
function roomy(): SeatingState {
  let s = drawn(40, 10, 9);
  for (const e of Object.keys(s.seatOf).sort().slice(0, 10)) s = afterKnockout(s, { entryId: e }, makeCtx()).state;
  return deepFreeze(s);
}

describe('breaking a table', () => {
  it('R-SEAT-4: sends every player of the table to free seats of the other tables, evenly', () => {
    const s = roomy();
    const t4 = tableByNumber(s, 4);
    const r = breakTable(s, { tableId: t4.id }, makeCtx(4));
    expect(r.state.tables[t4.id]?.status).toBe('broken');
    expect(r.state.tables[t4.id]?.seats.every((x) => x === null)).toBe(true);
    expect(activeSizes(r.state)).toEqual([10, 10, 10]);
    for (const e of occupants(t4)) {
      expect(r.state.seatOf[e]?.tableId).not.toBe(t4.id);
    }
    const moves = r.state.moves.slice(s.moves.length);
    expect(moves).toHaveLength(occupants(t4).length);
    expect(moves.every((m) => m.reason === 'break' && m.from?.tableId === t4.id)).toBe(true);
    expect(r.events).toContainEqual({ type: 'seating.table_broken', tableId: t4.id, number: 4 });
    expect(violations(r.state)).toEqual([]);
  });

  it('R-SEAT-4: the lot is recorded with its seed and replays the order of the players', () => {
    const s = roomy();
    const t2 = tableByNumber(s, 2);
    const r = breakTable(s, { tableId: t2.id }, makeCtx(4));
    const draw = r.state.draws.at(-1);
    expect(draw).toMatchObject({ kind: 'break', tableId: t2.id });
    const order = shuffle(occupants(t2), seededRandom(draw?.seed as number));
    const moves = r.state.moves.slice(s.moves.length);
    expect(moves.map((m) => m.entryId)).toEqual(order);
    expect(moves.every((m) => m.seed === draw?.seed)).toBe(true);
    // Another lot sends the players elsewhere.
    const other = breakTable(s, { tableId: t2.id }, makeCtx(5));
    expect(other.state.moves.slice(s.moves.length).map((m) => m.entryId)).not.toEqual(order);
  });

  it('R-SEAT-4: is impossible when the other tables have fewer free seats than the table has players', () => {
    const full = drawn(30, 10, 2);
    expectRefusedUnchanged(full, (s) => breakTable(s, { tableId: tableByNumber(s, 1).id }, makeCtx()), 'NOT_ENOUGH_SEATS');
    expectRefusedUnchanged(full, (s) => breakTable(s, {}, makeCtx()), 'NOT_ENOUGH_SEATS');
    expect(nextTableToBreak(full)).toBeUndefined();
  });

  it('R-SEAT-4: a broken table is never used again', () => {
    const s = roomy();
    const t4 = tableByNumber(s, 4);
    let after = breakTable(s, { tableId: t4.id }, makeCtx()).state;
    expectRefusedUnchanged(after, (x) => breakTable(x, { tableId: t4.id }, makeCtx()), 'TABLE_BROKEN');
    // Every table is full now: a late entrant opens table 5 rather than sitting at table 4.
    after = seatLateEntrant(after, { entryId: 'late-1' }, makeCtx()).state;
    const seat = after.seatOf['late-1'];
    expect(seat?.tableId).not.toBe(t4.id);
    expect(after.tables[seat?.tableId as string]?.number).toBe(5);
    expect(after.tables[t4.id]?.seats.every((x) => x === null)).toBe(true);
  });

  it('R-SEAT-4: refuses an unknown table', () => {
    expectRefusedUnchanged(roomy(), (s) => breakTable(s, { tableId: 'nope' }, makeCtx()), 'TABLE_NOT_FOUND');
  });

  it('R-SEAT-4: the break order takes the highest-numbered table; the floor may name another', () => {
    const s = roomy();
    expect(nextTableToBreak(s)).toBe(tableByNumber(s, 4).id);
    const r = breakTable(s, {}, makeCtx());
    expect(r.state.tables[tableByNumber(s, 4).id]?.status).toBe('broken');
    const named = breakTable(s, { tableId: tableByNumber(s, 3).id }, makeCtx());
    expect(named.state.tables[tableByNumber(s, 3).id]?.status).toBe('broken');
    expect(named.state.tables[tableByNumber(s, 4).id]?.status).toBe('active');
  });

  it('R-SEAT-4: a table becomes breakable as soon as the others can take its players', () => {
    let s = drawn(30, 10, 2);
    const t1 = tableByNumber(s, 1);
    for (const [i, e] of occupants(t1).entries()) {
      s = afterKnockout(s, { entryId: e }, makeCtx(i)).state;
      // 30 seats on three tables: breaking one is possible once 20 players are left.
      expect(nextTableToBreak(s) !== undefined).toBe(i === 9);
    }
    expect(activeSizes(s).sort()).toEqual([6, 7, 7]);
  });
});
