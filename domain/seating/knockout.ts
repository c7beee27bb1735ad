import { recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { ruleError } from '../core/errors';
import { applyBalancing } from './balance';
import { nextTableToBreak } from './break-table';
import { SeatingDraft } from './draft';
import { requireSeated } from './guards';
import { playerCount } from './positions';
import type { SeatRef, SeatingResult, SeatingState } from './types';

export interface KnockoutCommand {
  entryId: string;
}

/** The entries busted in one hand (R-KO-4): one or several. */
export interface HandKnockoutCommand {
  entryIds: readonly string[];
  /** R-SHOOT-1: false in a shootout, whose tables are isolated: the seats are freed and nobody moves. */
  balance?: boolean;
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

export interface HandKnockoutResult extends SeatingResult {
  freed: SeatRef[];
  flags: KnockoutFlags;
}

/**
 * R-SEAT-6: frees the knocked-out entry's seat, then balances (R-SEAT-2; proposals instead of
 * moves in manual mode, R-SEAT-8) and reports what the floor may do next. Promoting someone from
 * the waitlist is the registration's concern: it then calls seatLateEntrant.
 */
export function afterKnockout(state: SeatingState, cmd: KnockoutCommand, ctx: Context): KnockoutResult {
  const r = afterHandKnockout(state, { entryIds: [cmd.entryId] }, ctx);
  return { ...r, freed: r.freed[0] as SeatRef };
}

/**
 * R-SEAT-6 for a hand that busts several players (R-KO-4): every seat of the hand is freed before
 * balancing runs once. Balancing between the frees would move players the final counts do not call
 * for, and could move a player who is himself out in that hand.
 */
export function afterHandKnockout(state: SeatingState, cmd: HandKnockoutCommand, ctx: Context): HandKnockoutResult {
  for (const entryId of cmd.entryIds) requireSeated(state, entryId);
  if (new Set(cmd.entryIds).size !== cmd.entryIds.length) {
    throw ruleError('DUPLICATE_ENTRY', 'An entry is named twice in the knockout', [
      { field: 'entryIds', message: 'entries must be unique' },
    ]);
  }
  const draft = new SeatingDraft(state, ctx);
  const freed = cmd.entryIds.map((entryId) => {
    const at = draft.vacate(entryId);
    draft.events.push({ type: 'seating.seat_freed', entryId, at });
    return at;
  });
  if (cmd.balance !== false) applyBalancing(draft);
  const result = draft.commit();
  return { ...result, freed, flags: seatingFlags(result.state) };
}

export function seatingFlags(state: SeatingState): KnockoutFlags {
  let players = 0;
  let active = 0;
  for (const t of recordValues(state.tables)) {
    if (t.status !== 'active') continue;
    active++;
    players += playerCount(t);
  }
  const tableToBreak = nextTableToBreak(state);
  return {
    headsUp: players === 2,
    finalTableReady: players >= 2 && players <= state.seatsPerTable && active > 1 && state.finalTableId === undefined,
    ...(tableToBreak !== undefined ? { tableToBreak } : {}),
  };
}
