import { recordCount, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { initialDraw, sortedByCodeUnits, type SeatingPolicy } from '../seating';
import type { FloorTournament } from './aggregate';
import type { FloorResult } from './knockouts';

/** The tournament's balancing settings as the seating engine's policy (R-SEAT-2, R-SEAT-3, R-SEAT-8). */
export const seatingPolicy = (t: FloorTournament): SeatingPolicy => ({
  allowedSkew: t.settings.balancing.allowedSkew,
  mover: t.settings.balancing.moveRule,
  balancing: t.settings.balancing.mode,
});

/**
 * R-SEAT-1: the initial draw of every entry in play (checked-in players and absent ones with a dead
 * stack), by lot with a recorded seed. Made once registration is open, usually just before the start.
 */
export function drawSeating(state: FloorTournament, ctx: Context): FloorResult {
  if (state.status !== 'registration_open' && state.status !== 'running') {
    throw conflict('SEATING_NOT_ALLOWED', `Seats are drawn for an open or running tournament (status ${state.status})`);
  }
  const inPlay: string[] = [];
  for (const e of recordValues(state.entries)) if (e.status === 'active') inPlay.push(e.id);
  // R-DRAW-1: sorted once, the published entry list; the draw finds it in order.
  const entryIds = sortedByCodeUnits(inPlay);
  if (entryIds.length === 0) throw conflict('NOTHING_TO_SEAT', 'No entry is in play yet: check players in first');
  // R-DRAW-1: the draw runs on the seed committed to before it. Only a tournament started before
  // commitments existed has none by then; it keeps the recorded lot of R-SEAT-1.
  const committed = state.seatDraw;
  if (!committed && state.status === 'registration_open') {
    throw conflict('SEAT_DRAW_NOT_COMMITTED', "Publish the draw's commitment first (POST .../seating/commitment), or start the tournament");
  }
  const seatsPerTable = state.settings.seatsPerTable;
  const r = initialDraw(
    state.seating,
    { entryIds, seatsPerTable, policy: seatingPolicy(state), ...(committed ? { committedSeed: committed.seed } : {}) },
    ctx,
  );
  const seatDraw = committed ? { ...committed, drawnAt: ctx.now, seatsPerTable, entryIds } : undefined;
  return { state: { ...state, seating: r.state, ...(seatDraw ? { seatDraw } : {}) }, events: r.events };
}

/** The seating, or a 409 when the draw has not been made. */
export function requireSeating(state: FloorTournament) {
  if (!state.seating || recordCount(state.seating.tables) === 0) {
    throw conflict('SEATING_NOT_DRAWN', 'Draw the seating first');
  }
  return state.seating;
}
