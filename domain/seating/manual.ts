import { recordAt } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { SeatingDraft } from './draft';
import { requireActiveTable, requireFreeSeat, requireSeatIndex, requireSeated } from './guards';
import type { Move, SeatRef, SeatingResult, SeatingState } from './types';

export interface MovePlayerCommand {
  entryId: string;
  to: SeatRef;
}

/**
 * R-SEAT-7: the floor moves a seated player to a free seat of an active table. No automatic
 * balancing follows: it would fight the floor's choice (the next knockout balances again).
 */
export function movePlayer(state: SeatingState, cmd: MovePlayerCommand, ctx: Context): SeatingResult {
  requireSeated(state, cmd.entryId);
  requireFreeSeat(state, cmd.to);
  const draft = new SeatingDraft(state, ctx);
  draft.move(cmd.entryId, cmd.to, 'manual');
  return draft.commit();
}

/** Only single-player moves can be taken back; a lot (break, final table) or a late seating cannot. */
const UNDOABLE: ReadonlySet<Move['reason']> = new Set(['manual', 'balance']);

/**
 * The move an undo would take back. Undo records cancel moves like a stack: walking back from the
 * end, each undo record cancels the nearest earlier move not yet cancelled; the first move left
 * over is the target. Undefined when everything is cancelled.
 */
export function lastUndoableMove(state: SeatingState): Move | undefined {
  let cancelled = 0;
  for (let i = state.moves.length - 1; i >= 0; i--) {
    const m = state.moves[i] as Move;
    if (m.undoes !== undefined) cancelled++;
    else if (cancelled > 0) cancelled--;
    else return m;
  }
  return undefined;
}

/**
 * R-SEAT-7: takes back the last move by appending a compensating move (the audit is append-only).
 * Repeated undos walk further back through manual and balancing moves; they stop at a late seating,
 * a break or a final-table draw, and when the moved player has since left that seat or the old seat
 * is no longer free on an active table.
 */
export function undoLastMove(state: SeatingState, ctx: Context): SeatingResult {
  const target = lastUndoableMove(state);
  if (!target) throw conflict('NOTHING_TO_UNDO', 'There is no move to undo');
  if (!UNDOABLE.has(target.reason) || !target.from) {
    throw conflict('UNDO_NOT_POSSIBLE', `The last move (${target.reason}) cannot be undone`);
  }
  const now = recordAt(state.seatOf, target.entryId);
  if (!now || now.tableId !== target.to.tableId || now.seat !== target.to.seat) {
    throw conflict('UNDO_NOT_POSSIBLE', 'The moved player no longer sits where the move put them');
  }
  const back = target.from;
  const table = recordAt(state.tables, back.tableId);
  if (!table || table.status !== 'active' || table.seats[back.seat] !== null) {
    throw conflict('UNDO_NOT_POSSIBLE', 'The former seat is no longer free on an active table');
  }
  const draft = new SeatingDraft(state, ctx);
  draft.move(target.entryId, back, 'manual', { undoes: target.id });
  return draft.commit();
}

export interface SetButtonCommand {
  tableId: string;
  seat: number;
}

/** The floor tells where the button is (positions for the big-blind mover rule derive from it). */
export function setButton(state: SeatingState, cmd: SetButtonCommand, ctx: Context): SeatingResult {
  requireActiveTable(state, cmd.tableId);
  requireSeatIndex(state, cmd.seat);
  const draft = new SeatingDraft(state, ctx);
  draft.setButton(cmd.tableId, cmd.seat);
  return draft.commit();
}
