import type { Context } from '../core/context';
import { applyBalancing } from './balance';
import { nextTableToBreak } from './break-table';
import { SeatingDraft } from './draft';
import { requireSeated } from './guards';
import { playerCount } from './positions';
import type { SeatRef, SeatingResult, SeatingState } from './types';

export interface KnockoutCommand {
  entryId: string;
}

export interface KnockoutFlags {
  /** Exactly two players remain. */
  headsUp: boolean;
  /** The remaining players (two or more) fit one table, they sit at more than one, and no final table was assembled yet. */
  finalTableReady: boolean;
  /** The table the break order would break now, when the others can take its players. */
  tableToBreak?: string;
}

export interface KnockoutResult extends SeatingResult {
  freed: SeatRef;
  flags: KnockoutFlags;
}

/**
 * R-SEAT-6: frees the knocked-out entry's seat, then balances (R-SEAT-2; proposals instead of
 * moves in manual mode, R-SEAT-8) and reports what the floor may do next. Promoting someone from
 * the waitlist is the registration's concern: it then calls seatLateEntrant.
 */
export function afterKnockout(state: SeatingState, cmd: KnockoutCommand, ctx: Context): KnockoutResult {
  requireSeated(state, cmd.entryId);
  const draft = new SeatingDraft(state, ctx);
  const freed = draft.vacate(cmd.entryId);
  draft.events.push({ type: 'seating.seat_freed', entryId: cmd.entryId, at: freed });
  applyBalancing(draft);
  const result = draft.commit();
  return { ...result, freed, flags: seatingFlags(result.state) };
}

export function seatingFlags(state: SeatingState): KnockoutFlags {
  let players = 0;
  let active = 0;
  for (const t of Object.values(state.tables)) {
    if (t.status !== 'active') continue;
    active++;
    players += playerCount(t);
  }
  const tableToBreak = nextTableToBreak(state);
  return {
    headsUp: players === 2,
    finalTableReady:
      players >= 2 && players <= state.seatsPerTable && active > 1 && state.finalTableId === undefined,
    ...(tableToBreak !== undefined ? { tableToBreak } : {}),
  };
}
