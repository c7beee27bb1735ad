import { recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';
import { Draft, pick, without } from './draft';
import { assertNoParallelRegistration, tournamentWindow } from './parallel';
import type { OtherRegistration } from './parallel';
import { addBuyIn, admit, holdsPlace } from './records';
import type { Entry, Registration, Tournament, TournamentResult } from './types';
import { promoteWaitlist } from './waitlist';
import { lateRegistrationOpen } from './windows';

export interface RegisterPlayer {
  playerId: string;
  /** The player's registrations in other tournaments (player index), for R-REG-1. */
  otherRegistrations: readonly OtherRegistration[];
  /** R-TICKET-3: a free entry the caller checked and writes as used with the registration. */
  ticketId?: string;
}

/** A player acts only for himself; staff act for anyone. */
function assertSelf(ctx: Context, playerId: string): void {
  if (ctx.actor.role === 'player' && ctx.actor.id !== playerId) {
    throw ruleError('PLAYER_MISMATCH', 'A player can only register himself', [{ field: 'playerId', message: 'must be your own id' }]);
  }
}

function ownRegistration(d: Draft, registrationId: string): Registration {
  const r = d.registration(registrationId);
  // Another player's registration is answered as if it did not exist.
  if (d.ctx.actor.role === 'player' && r.playerId !== d.ctx.actor.id) {
    throw notFound('REGISTRATION_NOT_FOUND', `No registration ${registrationId} in this tournament`);
  }
  return r;
}

/**
 * Registration by the player or by staff, while the late-registration window is open (R-LATE-1).
 * Beyond the seat limit, or behind people already waiting, it goes to the waitlist (R-REG-2).
 */
export function register(state: Tournament, command: RegisterPlayer, ctx: Context): TournamentResult {
  const d = new Draft(state, ctx);
  assertSelf(ctx, command.playerId);
  if (state.status !== 'registration_open' && state.status !== 'running') {
    throw conflict('REGISTRATION_NOT_OPEN', `Registration is not open (status ${state.status})`);
  }
  if (!lateRegistrationOpen(state.status, state.settings, ctx.now)) {
    throw ruleError('LATE_REGISTRATION_CLOSED', 'Late registration has ended');
  }
  // One pass over the registrations: duplicates, the waitlist, the places held, the count.
  let count = 0;
  let held = 0;
  let someoneWaiting = false;
  for (const r of recordValues(state.registrations)) {
    count++;
    if (r.playerId === command.playerId && r.status !== 'cancelled') {
      throw conflict('ALREADY_REGISTERED', 'The player is already registered in this tournament');
    }
    if (r.status === 'waitlisted') someoneWaiting = true;
    else if (holdsPlace(r, state.entries)) held++;
  }
  assertNoParallelRegistration({ tournamentId: state.id, window: tournamentWindow(state.settings) }, command.otherRegistrations);
  const { seatLimit } = state.settings;
  const full = seatLimit !== undefined && (someoneWaiting || held >= seatLimit);
  const reg: Registration = {
    id: ctx.newId('reg'),
    playerId: command.playerId,
    status: full ? 'waitlisted' : 'registered',
    // Registrations are never deleted, so the count only grows: a unique, increasing order.
    seq: count + 1,
    registeredAt: ctx.now,
    registeredBy: ctx.actor.id,
    source: ctx.actor.role === 'player' ? 'player' : 'staff',
    ...(command.ticketId !== undefined ? { ticketId: command.ticketId } : {}),
  };
  d.put('registrations', reg);
  d.emit({
    type: 'registration.created',
    registrationId: reg.id,
    playerId: reg.playerId,
    status: reg.status as 'registered' | 'waitlisted',
  });
  return d.result();
}

/**
 * Leaves the tournament. Before play, a checked-in player's entry is voided and its unpaid fees are
 * cancelled; a settled fee must first be un-settled at the desk (R-FEE-2). Once running, a checked-in
 * player is playing and leaves only by busting. An absent player's dead stack is voided.
 */
export function unregister(state: Tournament, command: { registrationId: string }, ctx: Context): TournamentResult {
  const d = new Draft(state, ctx);
  const reg = ownRegistration(d, command.registrationId);
  if (state.status !== 'registration_open' && state.status !== 'running') {
    throw conflict('REGISTRATION_NOT_OPEN', `Registrations cannot change now (status ${state.status})`);
  }
  if (reg.status === 'cancelled') throw conflict('REGISTRATION_CANCELLED', 'The registration is already cancelled');
  if (reg.status === 'checked_in' && state.status === 'running') {
    throw conflict('ALREADY_PLAYING', 'The player is in play; he leaves the tournament by busting');
  }
  if (reg.entryId !== undefined) {
    const entry = d.entry(reg.entryId);
    // A dead stack that has already busted belongs to the results; it is not voided afterwards.
    if (entry.status !== 'active') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${entry.id} is ${entry.status}`);
    const fees = pick(state.fees, (f) => f.entryId === entry.id && f.cancelledAt === undefined);
    if (fees.some((f) => f.settlementId !== undefined)) {
      throw conflict('FEE_ALREADY_SETTLED', 'Cancel the settlement covering this entry before unregistering');
    }
    for (const f of fees) {
      d.put('fees', { ...f, cancelledAt: ctx.now });
      d.emit({ type: 'fee.cancelled', feeOperationId: f.id, playerId: f.playerId, amount: f.amount });
    }
    d.put('entries', { ...entry, status: 'void' });
    d.emit({ type: 'entry.voided', entryId: entry.id, playerId: entry.playerId });
  }
  d.put('registrations', { ...reg, status: 'cancelled', cancelledAt: ctx.now, cancelReason: 'unregistered' });
  d.emit({ type: 'registration.cancelled', registrationId: reg.id, playerId: reg.playerId, reason: 'unregistered' });
  promoteWaitlist(d);
  return d.result();
}

export interface CheckIn {
  registrationId: string;
  /** The forced bets one seat has posted so far by the clock (R-LATE-1, R-NOSHOW-2); 0 when omitted. */
  forcedBetsPosted?: number;
}

/** R-NOSHOW-2: what a dead stack has posted since it was seated, at most its chips. */
export function deadStackPosted(entry: Entry, forcedBetsPosted: number): number {
  if (!entry.deadStack) return entry.forcedBetsPosted ?? 0;
  return Math.min(entry.chips, Math.max(0, forcedBetsPosted - (entry.deadStackFrom ?? 0)));
}

/**
 * R-REG-3 check-in at the desk (staff). Postpayment: the player sits without paying; the buy-in is
 * created here as debt with entry 1 (see records.admit). While running this is the late entry (R-LATE-1).
 * A waitlisted player is only marked present. An absent player arriving takes over his dead stack.
 */
export function checkIn(state: Tournament, command: CheckIn, ctx: Context): TournamentResult {
  const d = new Draft(state, ctx);
  d.forcedBetsPosted = command.forcedBetsPosted ?? 0;
  const reg = d.registration(command.registrationId);
  if (state.status !== 'registration_open' && state.status !== 'running') {
    throw conflict('CHECK_IN_NOT_OPEN', `Check-in is not open (status ${state.status})`);
  }
  switch (reg.status) {
    case 'cancelled':
      throw conflict('REGISTRATION_CANCELLED', 'The registration is cancelled');
    case 'checked_in':
      throw conflict('ALREADY_CHECKED_IN', 'The player is already checked in');
    case 'waitlisted': {
      if (reg.checkedInAt !== undefined) throw conflict('ALREADY_CHECKED_IN', 'The player is already marked present');
      d.put('registrations', { ...reg, checkedInAt: ctx.now, checkedInBy: ctx.actor.id });
      d.emit({ type: 'registration.checked_in', registrationId: reg.id, playerId: reg.playerId, waitlisted: true });
      return d.result();
    }
    case 'absent': {
      const entry = d.entry(reg.entryId ?? '');
      if (entry.status !== 'active') throw conflict('ENTRY_NOT_ACTIVE', 'The dead stack has already busted');
      // R-NOSHOW-2: the stack is handed over as it stands, less what it has posted while he was away.
      const posted = deadStackPosted(entry, d.forcedBetsPosted);
      if (posted >= entry.chips) {
        throw conflict('DEAD_STACK_BLINDED_OUT', 'The dead stack has posted all its chips; the player is out (re-entry where allowed)');
      }
      const live = { ...without(entry, 'deadStack', 'deadStackFrom'), forcedBetsPosted: posted };
      d.put('entries', live);
      d.emit({ type: 'entry.dead_stack_ended', entryId: entry.id, playerId: entry.playerId });
      // The buy-in accrues when the player arrives, not while a dead stack stands in for him.
      addBuyIn(d, live, reg, state.settings.startingStack);
      d.put('registrations', { ...reg, status: 'checked_in', checkedInAt: ctx.now, checkedInBy: ctx.actor.id });
      d.emit({ type: 'registration.checked_in', registrationId: reg.id, playerId: reg.playerId, waitlisted: false });
      return d.result();
    }
    case 'registered': {
      // After late registration only absent_mode still holds the seat for a late arrival (R-NOSHOW-1/2).
      const lateOver = state.status === 'running' && ctx.now >= state.settings.lateRegEndsAt;
      if (lateOver && state.settings.noShowPolicy === 'drop') {
        throw ruleError('LATE_REGISTRATION_CLOSED', 'Late registration has ended; the seat is no longer held');
      }
      d.emit({ type: 'registration.checked_in', registrationId: reg.id, playerId: reg.playerId, waitlisted: false });
      admit(d, reg);
      return d.result();
    }
  }
}
