import { describe, expect, it } from 'vitest';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { changedPlayerRows } from '../../../functions/app/tournaments/player-rows';

/** Only what the rows read: registrations, entries and the seating. */
function state(entries: Record<string, { playerId: string; status: string; seat?: number }>): FloorTournament {
  const registrations = Object.fromEntries(
    Object.entries(entries).map(([entryId, e], i) => [
      `reg_${e.playerId}`,
      { id: `reg_${e.playerId}`, playerId: e.playerId, status: 'checked_in', entryId, seq: i, registeredAt: 1_000 + i },
    ]),
  );
  const seated = Object.entries(entries).filter(([, e]) => e.seat !== undefined);
  return {
    registrations,
    entries: Object.fromEntries(Object.entries(entries).map(([id, e]) => [id, { id, playerId: e.playerId, status: e.status }])),
    seating: {
      tables: { tbl_1: { id: 'tbl_1', number: 1 } },
      seatOf: Object.fromEntries(seated.map(([id, e]) => [id, { tableId: 'tbl_1', seat: e.seat }])),
    },
  } as unknown as FloorTournament;
}

describe('the by-player rows an event changed (R-REG-1: my registrations)', () => {
  const before = state({ ent_a: { playerId: 'a', status: 'active', seat: 0 }, ent_b: { playerId: 'b', status: 'active', seat: 1 } });
  // b knocked a out: a is busted and leaves the seat; b's entry changed (its knockouts), not b's row.
  const after = state({ ent_a: { playerId: 'a', status: 'busted' }, ent_b: { playerId: 'b', status: 'active', seat: 1 } });

  it("a knockout writes the busted player's row only, not the killer's unchanged one", () => {
    const rows = changedPlayerRows(before, after, new Set(['a', 'b']));
    expect(rows.map((r) => r.playerId)).toEqual(['a']);
    expect(rows[0]).toMatchObject({ eliminated: true });
    expect(rows[0]?.tableNumber).toBeUndefined();
  });

  it('without the state before the event (a redelivery) every touched row is written', () => {
    expect(changedPlayerRows(undefined, after, new Set(['a', 'b'])).map((r) => r.playerId)).toEqual(['a', 'b']);
  });

  it('a new player and a moved seat are changes', () => {
    const moved = state({
      ent_a: { playerId: 'a', status: 'active', seat: 0 },
      ent_b: { playerId: 'b', status: 'active', seat: 2 },
      ent_c: { playerId: 'c', status: 'active', seat: 3 },
    });
    expect(changedPlayerRows(before, moved, new Set(['a', 'b', 'c'])).map((r) => r.playerId)).toEqual(['b', 'c']);
  });
});
