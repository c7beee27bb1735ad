import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { seededRandom } from '../core/random';
import { applyBalancing } from './balance';
import { drawSeed, SeatingDraft } from './draft';
import { freeSeats } from './positions';
import { provableLateSeat } from './provable-draw';
import type { SeatingResult, SeatingState, Table } from './types';

export interface SeatLateEntrantCommand {
  entryId: string;
  /** R-DRAW-1: the seat comes from the committed stream, as the k-th entry seated after a provable draw. */
  lot?: { seed: string; sequence: number };
  /** R-SHOOT-1: false in a shootout: the entrant takes a seat and no one is moved to balance. */
  balance?: boolean;
}

/** How a seat was drawn from the committed stream: enough for anyone to check it (seats 1-based). */
export interface LateLot {
  tableId: string;
  tableNumber: number;
  freeSeats: number[];
  seat: number;
}

/**
 * R-SEAT-5: a late entry or re-entry sits at the active table with the fewest players (ties: lowest
 * number) on a free seat drawn by lot; when every table is full a new table opens. A new table is
 * then balanced like any other (moves in automatic mode, proposals in manual mode).
 */
export function seatLateEntrant(state: SeatingState, cmd: SeatLateEntrantCommand, ctx: Context): SeatingResult & { lot?: LateLot } {
  if (Object.hasOwn(state.seatOf, cmd.entryId)) {
    throw conflict('ENTRY_ALREADY_SEATED', `Entry ${cmd.entryId} already has a seat`);
  }
  const draft = new SeatingDraft(state, ctx);
  const index = draft.sizeIndex();
  const min = index.minSize();
  const table: Table =
    min !== undefined && min < state.seatsPerTable ? (draft.table(index.lowestNumberedAt(min) as string) as Table) : draft.openTable();
  const seats = freeSeats(table);
  if (cmd.lot) {
    const free = seats.map((s) => s + 1);
    const seat = provableLateSeat(cmd.lot.seed, cmd.lot.sequence, cmd.entryId, free);
    draft.move(cmd.entryId, { tableId: table.id, seat: seat - 1 }, 'late_entry');
    if (cmd.balance !== false) applyBalancing(draft);
    return { ...draft.commit(), lot: { tableId: table.id, tableNumber: table.number, freeSeats: free, seat } };
  }
  const seed = drawSeed(ctx);
  const seat = seats[seededRandom(seed).int(seats.length)] as number;
  draft.move(cmd.entryId, { tableId: table.id, seat }, 'late_entry', { seed });
  if (cmd.balance !== false) applyBalancing(draft);
  return draft.commit();
}
