import { recordIds } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { seededRandom, shuffle } from '../core/random';
import { drawSeed, SeatingDraft } from './draft';
import type { SeatingResult, SeatingState } from './types';

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * R-SEAT-7: every remaining player is drawn by lot onto one new table (seats from 0, in drawn order);
 * all other active tables are broken. Refused when the players do not fit one table, when fewer
 * than two remain, or when the final table already stands. Pending proposals lapse.
 */
export function assembleFinalTable(state: SeatingState, ctx: Context): SeatingResult {
  const players = recordIds(state.seatOf).sort(byCodeUnits);
  if (players.length > state.seatsPerTable) {
    throw conflict('FINAL_TABLE_DOES_NOT_FIT', `${players.length} players do not fit one table of ${state.seatsPerTable} seats`);
  }
  if (players.length < 2) throw conflict('FINAL_TABLE_TOO_FEW_PLAYERS', 'A final table needs at least two players');
  const current = state.finalTableId !== undefined ? state.tables[state.finalTableId] : undefined;
  if (current && current.status === 'active') {
    throw conflict('FINAL_TABLE_ALREADY_ASSEMBLED', `The final table (${current.number}) is already assembled`);
  }
  const draft = new SeatingDraft(state, ctx);
  const seed = drawSeed(ctx);
  const table = draft.openTable();
  const draw = draft.recordDraw('final_table', seed, table.id);
  shuffle(players, seededRandom(seed)).forEach((entryId, seat) => {
    draft.move(entryId, { tableId: table.id, seat }, 'final_table', { seed });
  });
  for (const t of draft.activeTables()) if (t.id !== table.id) draft.markBroken(t.id);
  draft.finalTableId = table.id;
  draft.pendingProposals = undefined;
  draft.events.push({ type: 'seating.final_table_assembled', tableId: table.id, number: table.number, drawId: draw.id });
  return draft.commit();
}
