import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { seededRandom } from '../core/random';
import { applyBalancing } from './balance';
import { drawSeed, SeatingDraft } from './draft';
import { freeSeats } from './positions';
import type { SeatingResult, SeatingState, Table } from './types';

export interface SeatLateEntrantCommand {
  entryId: string;
}

/**
 * R-SEAT-5: a late entry or re-entry sits at the active table with the fewest players (ties: lowest
 * number) on a free seat drawn by lot; when every table is full a new table opens. A new table is
 * then balanced like any other (moves in automatic mode, proposals in manual mode).
 */
export function seatLateEntrant(state: SeatingState, cmd: SeatLateEntrantCommand, ctx: Context): SeatingResult {
  if (Object.hasOwn(state.seatOf, cmd.entryId)) {
    throw conflict('ENTRY_ALREADY_SEATED', `Entry ${cmd.entryId} already has a seat`);
  }
  const draft = new SeatingDraft(state, ctx);
  const index = draft.sizeIndex();
  const min = index.minSize();
  const table: Table =
    min !== undefined && min < state.seatsPerTable ? (draft.table(index.lowestNumberedAt(min) as string) as Table) : draft.openTable();
  const seed = drawSeed(ctx);
  const seats = freeSeats(table);
  const seat = seats[seededRandom(seed).int(seats.length)] as number;
  draft.move(cmd.entryId, { tableId: table.id, seat }, 'late_entry', { seed });
  applyBalancing(draft);
  return draft.commit();
}
