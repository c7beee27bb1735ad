import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { seededRandom, shuffle } from '../core/random';
import { applyBalancing } from './balance';
import { drawSeed, SeatingDraft } from './draft';
import { freeSeats, playerCount } from './positions';
import { requireActiveTable } from './guards';
import { activeTables } from './queries';
import type { SeatingResult, SeatingState, Table } from './types';

/**
 * The table the break order names next: the highest-numbered active table, when the other active
 * tables can take its players (which holds for any table exactly when all players fit on one table
 * fewer). Undefined when no table can be broken.
 */
export function nextTableToBreak(state: SeatingState): string | undefined {
  const active = activeTables(state);
  if (active.length < 2) return undefined;
  let players = 0;
  for (const t of active) players += playerCount(t);
  if (players > (active.length - 1) * state.seatsPerTable) return undefined;
  let next = active[0] as Table;
  for (const t of active) if (t.number > next.number) next = t;
  return next.id;
}

export interface BreakTableCommand {
  /** The floor may name any active table; by default the break order decides. */
  tableId?: string;
}

/**
 * R-SEAT-4: the table's players, in an order drawn by lot, each go to a random free seat of the
 * active table with the fewest players (ties: lowest number), which keeps the tables even. Refused
 * when the other tables lack room. The table is then broken for good and the rest is balanced.
 */
export function breakTable(state: SeatingState, cmd: BreakTableCommand, ctx: Context): SeatingResult {
  const tableId = cmd.tableId ?? nextTableToBreak(state);
  if (tableId === undefined) {
    throw conflict('NOT_ENOUGH_SEATS', 'No table can be broken: the other tables lack free seats');
  }
  const table = requireActiveTable(state, tableId);
  const leaving = table.seats.filter((s): s is string => s !== null);
  const draft = new SeatingDraft(state, ctx);
  const index = draft.sizeIndex(tableId);
  let free = 0;
  for (const t of draft.activeTables()) if (t.id !== tableId) free += state.seatsPerTable - playerCount(t);
  if (free < leaving.length) {
    throw conflict('NOT_ENOUGH_SEATS', `Table ${table.number} cannot be broken: ${leaving.length} players, ${free} free seats elsewhere`);
  }
  const seed = drawSeed(ctx);
  const rng = seededRandom(seed);
  for (const entryId of shuffle(leaving, rng)) {
    const min = index.minSize() as number;
    const target = draft.table(index.lowestNumberedAt(min) as string) as Table;
    const seats = freeSeats(target);
    const seat = seats[rng.int(seats.length)] as number;
    draft.move(entryId, { tableId: target.id, seat }, 'break', { seed });
    index.set(target.id, min + 1);
  }
  draft.markBroken(tableId);
  draft.recordDraw('break', seed, tableId);
  applyBalancing(draft);
  return draft.commit();
}
