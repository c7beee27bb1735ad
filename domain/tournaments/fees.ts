import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';
import { Draft, pick, without } from './draft';
import { PAYMENT_METHODS } from './types';
import type { FeeOperation, PaymentMethod, Settlement, Tournament, TournamentResult } from './types';

/*
 * Organisational fees (R-MONEY-3, R-MONEY-4): the record of what each player owes the club and what he
 * settled at the desk. Every total here is one player's; nothing adds fees up across players, and no
 * function computes a prize pool from them.
 */

/** Unpaid = neither covered by an active settlement nor cancelled with its voided entry. */
export const isUnpaid = (f: FeeOperation): boolean => f.settlementId === undefined && f.cancelledAt === undefined;

export function playerFeeOperations(state: Tournament, playerId: string): FeeOperation[] {
  return pick(state.fees, (f) => f.playerId === playerId).sort((a, b) => a.at - b.at);
}

export function playerDebt(state: Tournament, playerId: string): number {
  let debt = 0;
  for (const f of pick(state.fees, (x) => x.playerId === playerId && isUnpaid(x))) debt += f.amount;
  return debt;
}

/** Each player's own debt, for the desk's list of who still has to pay. Players with no debt are left out. */
export function debtsByPlayer(state: Tournament): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of pick(state.fees, (x) => isUnpaid(x) && x.amount > 0)) out[f.playerId] = (out[f.playerId] ?? 0) + f.amount;
  return out;
}

export function playerSettlements(state: Tournament, playerId: string): Settlement[] {
  return pick(state.settlements, (s) => s.playerId === playerId).sort((a, b) => a.at - b.at);
}

/** R-FEE-3: settlement works in every status but cancelled, before or after the player busts. */
function assertSettlementAllowed(state: Tournament): void {
  if (state.status === 'cancelled') throw conflict('TOURNAMENT_CANCELLED', 'Fees of a cancelled tournament cannot be settled');
}

export interface Settle {
  playerId: string;
  method: PaymentMethod;
  /** The debt the cashier saw; when given and the debt has changed meanwhile, the settle is refused. */
  expectedAmount?: number;
}

/**
 * R-FEE-1: closes all of the player's debt at once with one settlement record. Idempotent: with no
 * debt (for instance a repeated settle) the state comes back unchanged and no record is made.
 */
export function settle(state: Tournament, command: Settle, ctx: Context): TournamentResult {
  assertSettlementAllowed(state);
  if (!PAYMENT_METHODS.includes(command.method)) {
    throw ruleError('PAYMENT_METHOD_INVALID', `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`, [
      { field: 'method', message: 'unknown payment method' },
    ]);
  }
  const d = new Draft(state, ctx);
  const unpaid = pick(state.fees, (f) => f.playerId === command.playerId && isUnpaid(f));
  const amount = unpaid.reduce((sum, f) => sum + f.amount, 0);
  if (amount === 0) return d.result();
  if (command.expectedAmount !== undefined && command.expectedAmount !== amount) {
    throw conflict('DEBT_CHANGED', `The debt is now ${amount}, not ${command.expectedAmount}`);
  }
  const settlement: Settlement = {
    id: ctx.newId('stl'),
    playerId: command.playerId,
    amount,
    method: command.method,
    by: ctx.actor.id,
    at: ctx.now,
    status: 'active',
    feeOperationIds: unpaid.map((f) => f.id),
  };
  d.put('settlements', settlement);
  for (const f of unpaid) d.put('fees', { ...f, settlementId: settlement.id });
  d.emit({ type: 'settlement.created', settlementId: settlement.id, playerId: settlement.playerId, amount, method: settlement.method });
  return d.result();
}

/**
 * R-FEE-2: the settlement is marked cancelled (kept for audit) and its fees are unpaid again.
 * Cancelling an already cancelled settlement changes nothing.
 */
export function cancelSettlement(state: Tournament, command: { settlementId: string }, ctx: Context): TournamentResult {
  assertSettlementAllowed(state);
  const s = state.settlements[command.settlementId];
  if (!s) throw notFound('SETTLEMENT_NOT_FOUND', `No settlement ${command.settlementId} in this tournament`);
  const d = new Draft(state, ctx);
  if (s.status === 'cancelled') return d.result();
  d.put('settlements', { ...s, status: 'cancelled', cancelledAt: ctx.now, cancelledBy: ctx.actor.id });
  for (const id of s.feeOperationIds) {
    const f = state.fees[id];
    if (f && f.settlementId === s.id) d.put('fees', without(f, 'settlementId'));
  }
  d.emit({ type: 'settlement.cancelled', settlementId: s.id, playerId: s.playerId, amount: s.amount });
  return d.result();
}
