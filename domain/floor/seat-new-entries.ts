import { recordCount } from '../core/record-map';
import type { Context } from '../core/context';
import type { TournamentEvent } from '../tournaments';
import { seatLateEntrant, type SeatingEvent } from '../seating';
import type { FloorTournament } from './aggregate';
import { nextLateLot, withLateSeat } from './seat-draw';
import { assertShootoutEntry, isShootout } from './shootout';

/**
 * R-SEAT-5 / R-REENTRY-4 ("Beyond"): a late entrant, a re-entry or a promoted player is seated in
 * the same change that creates the entry, once the initial draw has been made; never a separate step.
 */
export function seatNewEntries(
  state: FloorTournament,
  events: readonly TournamentEvent[],
  ctx: Context,
): { state: FloorTournament; events: (TournamentEvent | SeatingEvent)[] } {
  const out: (TournamentEvent | SeatingEvent)[] = [...events];
  if (!state.seating || recordCount(state.seating.tables) === 0) return { state, events: out };
  let next = state;
  for (const e of events) {
    if (e.type !== 'entry.created' || !e.seatNow) continue;
    assertShootoutEntry(next);
    // R-DRAW-1: after a provable draw the seat comes from the committed stream, and the lot is kept.
    const lot = nextLateLot(next);
    const r = seatLateEntrant(
      next.seating as NonNullable<FloorTournament['seating']>,
      { entryId: e.entryId, ...(lot ? { lot } : {}), ...(isShootout(next) ? { balance: false } : {}) },
      ctx,
    );
    next = { ...next, seating: r.state };
    if (lot && r.lot) next = withLateSeat(next, e.entryId, r.lot, ctx.now);
    out.push(...r.events);
  }
  return { state: next, events: out };
}
