import type { Context } from '../core/context';
import { ruleError } from '../core/errors';
import { SeatingDraft } from './draft';
import type { SeatingPolicy, SeatingResult, SeatingState } from './types';
import { DEFAULT_POLICY } from './types';

export const MIN_SEATS_PER_TABLE = 2;
export const MAX_SEATS_PER_TABLE = 10;

/** R-SEAT-1: 2..10 seats; anything else is refused, never clamped. */
export function assertSeatsPerTable(seatsPerTable: number): void {
  if (!Number.isInteger(seatsPerTable) || seatsPerTable < MIN_SEATS_PER_TABLE || seatsPerTable > MAX_SEATS_PER_TABLE) {
    throw ruleError(
      'SEATS_PER_TABLE_INVALID',
      `Seats per table must be a whole number from ${MIN_SEATS_PER_TABLE} to ${MAX_SEATS_PER_TABLE}`,
      [{ field: 'seatsPerTable', message: `must be an integer in ${MIN_SEATS_PER_TABLE}..${MAX_SEATS_PER_TABLE}` }],
    );
  }
}

const MOVERS = ['big_blind_next', 'random', 'last_seat'] as const;
const MODES = ['auto', 'manual'] as const;

/** Fills defaults and checks the policy. A skew below 1 could never be reached (e.g. 11 players on 2 tables). */
export function resolvePolicy(policy: Partial<SeatingPolicy> | undefined): SeatingPolicy {
  const p: SeatingPolicy = { ...DEFAULT_POLICY, ...policy };
  if (!Number.isInteger(p.allowedSkew) || p.allowedSkew < 1) {
    throw ruleError('ALLOWED_SKEW_INVALID', 'The allowed skew between tables must be a whole number of at least 1', [
      { field: 'allowedSkew', message: 'must be an integer >= 1' },
    ]);
  }
  if (!(MOVERS as readonly string[]).includes(p.mover)) {
    throw ruleError('MOVER_RULE_INVALID', `Unknown mover rule "${p.mover}"`, [{ field: 'mover', message: `one of ${MOVERS.join(', ')}` }]);
  }
  if (!(MODES as readonly string[]).includes(p.balancing)) {
    throw ruleError('BALANCING_MODE_INVALID', `Unknown balancing mode "${p.balancing}"`, [
      { field: 'balancing', message: `one of ${MODES.join(', ')}` },
    ]);
  }
  return p;
}

/** Changes the seating policy; leaving manual mode drops the pending proposals. */
export function setSeatingPolicy(state: SeatingState, policy: Partial<SeatingPolicy>, ctx: Context): SeatingResult {
  const next = resolvePolicy({ ...state.policy, ...policy });
  const draft = new SeatingDraft({ ...state, policy: next }, ctx);
  if (next.balancing === 'auto') draft.pendingProposals = undefined;
  return draft.commit();
}
