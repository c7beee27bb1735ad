import type { Context } from '../core/context';
import type { TournamentEvent } from '../tournaments';
import { seatLateEntrant, type SeatingEvent } from '../seating';
import type { FloorTournament } from './aggregate';

/**
 * R-SEAT-5 / R-REENTRY-4 ("Beyond"): a late entrant, a re-entry or a promoted player is seated in
 * the same change that creates the entry, once the initial draw has been made; never a separate step.
 */
export function seatNewEntries(
  state: FloorTournament,
  events: readonly TournamentEvent[],
  ctx: Context,
): { state: FloorTournament; events: (TournamentEvent | SeatingEvent)[] } {
  let seating = state.seating;
  const out: (TournamentEvent | SeatingEvent)[] = [...events];
  if (!seating || Object.keys(seating.tables).length === 0) return { state, events: out };
  for (const e of events) {
    if (e.type !== 'entry.created' || !e.seatNow) continue;
    const r = seatLateEntrant(seating, { entryId: e.entryId }, ctx);
    seating = r.state;
    out.push(...r.events);
  }
  return { state: seating === state.seating ? state : { ...state, seating }, events: out };
}
