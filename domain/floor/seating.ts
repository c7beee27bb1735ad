import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { initialDraw, type SeatingPolicy } from '../seating';
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
  const entryIds = Object.values(state.entries)
    .filter((e) => e.status === 'active')
    .map((e) => e.id);
  if (entryIds.length === 0) throw conflict('NOTHING_TO_SEAT', 'No entry is in play yet: check players in first');
  const r = initialDraw(state.seating, { entryIds, seatsPerTable: state.settings.seatsPerTable, policy: seatingPolicy(state) }, ctx);
  return { state: { ...state, seating: r.state }, events: r.events };
}

/** The seating, or a 409 when the draw has not been made. */
export function requireSeating(state: FloorTournament) {
  if (!state.seating || Object.keys(state.seating.tables).length === 0) {
    throw conflict('SEATING_NOT_DRAWN', 'Draw the seating first');
  }
  return state.seating;
}
