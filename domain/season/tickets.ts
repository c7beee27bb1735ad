import type { Context } from '../core/context';
import type { DomainError } from '../core/errors';
import { conflict, ruleError, type FieldIssue } from '../core/errors';
import { MAX_ID_LENGTH } from '../core/limits';
import { assertNoMoneyWordingNow } from '../text/money-wording';
import { MAX_FEE_LEVEL_LABEL, MAX_TICKET_VALID_DAYS } from './limits';

/*
 * R-TICKET-1..3: a free entry (ticket) is a right to enter a future event, granted as a reward. It is not
 * money (R-MONEY-1, 1.1.6): it has no face value, and nothing sells, exchanges, transfers or cashes it
 * out; the holder never changes. Each change returns the new ticket and the audit event to store with it.
 *
 *   issued --use--> used --return (unregistered before the start)--> issued
 *   issued --revoke--> revoked        issued --expire (at expiresAt)--> expired
 *
 * "Used exactly once, even under concurrent registrations": the store writes `useTicket`'s result only
 * if the stored ticket is still `issued` (a conditional write); the loser of a race gets TICKET_USED.
 */

/** What the ticket enters: one tournament, a series, or any tournament of the club (optionally up to a fee level label). */
export type TicketTarget =
  { kind: 'tournament'; tournamentId: string } | { kind: 'series'; seriesId: string } | { kind: 'club'; upToFeeLevel?: string };

export type TicketStatus = 'issued' | 'used' | 'expired' | 'revoked';
export const TICKET_STATUSES: readonly TicketStatus[] = ['issued', 'used', 'expired', 'revoked'];

/** Why it was granted: a prize row of a finished tournament, a satellite seat, or by hand (audited). */
export type TicketSource =
  | { kind: 'prize'; tournamentId: string; place: number }
  | { kind: 'satellite'; tournamentId: string; place: number }
  | { kind: 'manual'; note?: string };

export interface Ticket {
  id: string;
  /** The club that issued it; it enters only this club's events. */
  clubId: string;
  holderId: string;
  target: TicketTarget;
  status: TicketStatus;
  source: TicketSource;
  issuedAt: number;
  issuedBy: string;
  expiresAt: number;
  /** Set while used: the registration it covers (R-TICKET-3). */
  usedFor?: { tournamentId: string; registrationId: string; at: number };
  revokedAt?: number;
  revokedBy?: string;
  expiredAt?: number;
}

export type TicketEventType = 'ticket.issued' | 'ticket.used' | 'ticket.returned' | 'ticket.revoked' | 'ticket.expired';

export interface TicketEvent {
  type: TicketEventType;
  ticketId: string;
  holderId: string;
  clubId: string;
  at: number;
  by: string;
  tournamentId?: string;
  registrationId?: string;
}

/** A ticket after an operation; no event when nothing changed (a repeated revoke, say). */
export interface TicketChange {
  ticket: Ticket;
  event?: TicketEvent;
}

export type TicketRefusalCode = 'TICKET_EXPIRED' | 'TICKET_REVOKED' | 'TICKET_USED' | 'TICKET_OTHER_TARGET' | 'TICKET_NOT_HOLDER';

/** The event a ticket is presented for. */
export interface TicketUse {
  clubId: string;
  tournamentId: string;
  /** The tournament's series, if any (R-SER-1). */
  seriesId?: string;
  /** The tournament's fee level label, if the club labels levels. */
  feeLevel?: string;
  /** The club's fee level labels, lowest first: what "up to a level" compares against. */
  feeLevels?: readonly string[];
  playerId: string;
  registrationId: string;
}

export const DAY_MS = 86_400_000;

/** What a fee record covered by a ticket says instead of a debt (R-TICKET-3): no amount accrues. */
export const TICKET_FEE_COVER = 'ticket' as const;

export interface IssueTicket {
  clubId: string;
  holderId: string;
  target: TicketTarget;
  expiresAt: number;
  source: TicketSource;
}

/** Keys a ticket never carries: a value would make it money (R-MONEY-1). */
const VALUE_KEYS = ['faceValue', 'value', 'amount', 'price', 'cashValue', 'nominal', 'currency'];

/** R-TICKET-1, R-TICKET-2: a new ticket (from a prize row, a satellite seat, or by hand). */
export function issueTicket(command: IssueTicket, ctx: Context): TicketChange {
  const issues: FieldIssue[] = [];
  const raw = command as unknown as Record<string, unknown>;
  for (const k of VALUE_KEYS) {
    if (raw[k] !== undefined) {
      throw ruleError('TICKET_NO_FACE_VALUE', 'A free entry has no face value and is never money (R-MONEY-1)', [
        { field: k, message: 'a ticket has no value, price or amount' },
      ]);
    }
  }
  checkId(command.clubId, 'clubId', issues);
  checkId(command.holderId, 'holderId', issues);
  checkTicketTarget(command.target, 'target', issues);
  if (!Number.isInteger(command.expiresAt) || command.expiresAt <= ctx.now)
    issues.push({ field: 'expiresAt', message: 'must be in the future' });
  else if (command.expiresAt > ctx.now + MAX_TICKET_VALID_DAYS * DAY_MS)
    issues.push({ field: 'expiresAt', message: `at most ${MAX_TICKET_VALID_DAYS} days ahead` });
  if (command.source.kind === 'manual' && command.source.note !== undefined) {
    if (typeof command.source.note !== 'string' || command.source.note.length > 500)
      issues.push({ field: 'source.note', message: 'at most 500 characters' });
    else assertNoMoneyWordingNow('source.note', command.source.note, 'description', 'note');
  }
  if (issues.length > 0) throw ruleError('TICKET_INVALID', 'Invalid ticket', issues);
  const ticket: Ticket = {
    id: ctx.newId('tkt'),
    clubId: command.clubId,
    holderId: command.holderId,
    target: command.target,
    status: 'issued',
    source: command.source,
    issuedAt: ctx.now,
    issuedBy: ctx.actor.id,
    expiresAt: command.expiresAt,
  };
  return { ticket, event: event('ticket.issued', ticket, ctx) };
}

/** Checks a target (ids, a fee level label that is a label and not an amount); adds issues. */
export function checkTicketTarget(target: TicketTarget, field: string, issues: FieldIssue[]): void {
  switch (target?.kind) {
    case 'tournament':
      checkId(target.tournamentId, `${field}.tournamentId`, issues);
      return;
    case 'series':
      checkId(target.seriesId, `${field}.seriesId`, issues);
      return;
    case 'club':
      if (target.upToFeeLevel !== undefined) {
        const l = target.upToFeeLevel;
        if (typeof l !== 'string' || l.trim().length === 0 || l.length > MAX_FEE_LEVEL_LABEL) {
          issues.push({ field: `${field}.upToFeeLevel`, message: `a label of 1 to ${MAX_FEE_LEVEL_LABEL} characters` });
        } else assertNoMoneyWordingNow(`${field}.upToFeeLevel`, l, 'name', 'fee level');
      }
      return;
    default:
      issues.push({ field: `${field}.kind`, message: 'must be tournament, series or club' });
  }
}

/** The status as of `now`: an issued ticket past its expiry reads as expired before the expiry job runs. */
export const ticketStatusAt = (t: Ticket, now: number): TicketStatus =>
  t.status === 'issued' && now >= t.expiresAt ? 'expired' : t.status;

/** R-TICKET-3: why this ticket cannot enter this registration, or null when it can. */
export function ticketRefusal(t: Ticket, use: TicketUse, now: number): TicketRefusalCode | null {
  if (t.holderId !== use.playerId) return 'TICKET_NOT_HOLDER';
  const status = ticketStatusAt(t, now);
  if (status === 'revoked') return 'TICKET_REVOKED';
  if (status === 'used') return 'TICKET_USED';
  if (status === 'expired') return 'TICKET_EXPIRED';
  return coversTarget(t, use) ? null : 'TICKET_OTHER_TARGET';
}

function coversTarget(t: Ticket, use: TicketUse): boolean {
  if (t.clubId !== use.clubId) return false;
  const target = t.target;
  switch (target.kind) {
    case 'tournament':
      return target.tournamentId === use.tournamentId;
    case 'series':
      return use.seriesId !== undefined && target.seriesId === use.seriesId;
    case 'club': {
      if (target.upToFeeLevel === undefined) return true;
      const levels = use.feeLevels ?? [];
      const cap = levels.indexOf(target.upToFeeLevel);
      const level = use.feeLevel === undefined ? -1 : levels.indexOf(use.feeLevel);
      return cap >= 0 && level >= 0 && level <= cap;
    }
  }
}

const REFUSALS: Record<TicketRefusalCode, { message: string; conflict: boolean }> = {
  TICKET_EXPIRED: { message: 'The ticket has expired', conflict: false },
  TICKET_REVOKED: { message: 'The ticket was revoked', conflict: false },
  TICKET_USED: { message: 'The ticket is already used', conflict: true },
  TICKET_OTHER_TARGET: { message: 'The ticket is for another event', conflict: false },
  TICKET_NOT_HOLDER: { message: 'Only the holder can use a ticket: it is never transferred (R-TICKET-1)', conflict: false },
};

export function ticketRefusalError(code: TicketRefusalCode): DomainError {
  const r = REFUSALS[code];
  return r.conflict ? conflict(code, r.message) : ruleError(code, r.message, [{ field: 'ticketId', message: r.message }]);
}

/** R-TICKET-3: the ticket covers this registration's fee; refused with a TicketRefusalCode otherwise. */
export function useTicket(t: Ticket, use: TicketUse, ctx: Context): TicketChange {
  const refusal = ticketRefusal(t, use, ctx.now);
  if (refusal) throw ticketRefusalError(refusal);
  const ticket: Ticket = {
    ...t,
    status: 'used',
    usedFor: { tournamentId: use.tournamentId, registrationId: use.registrationId, at: ctx.now },
  };
  return { ticket, event: event('ticket.used', ticket, ctx, use.tournamentId, use.registrationId) };
}

/** Tournament statuses before the start: an unregistration then gives the ticket back (R-TICKET-3). */
const BEFORE_START = new Set(['announced', 'registration_open']);

/**
 * R-TICKET-3: the registration the ticket covered was cancelled before the start: the ticket is issued
 * again, with its own expiry (past it, it reads as expired). After the start it stays used.
 */
export function returnTicket(t: Ticket, cancelled: { registrationId: string; tournamentStatus: string }, ctx: Context): TicketChange {
  if (t.status !== 'used' || t.usedFor?.registrationId !== cancelled.registrationId) return { ticket: t };
  if (!BEFORE_START.has(cancelled.tournamentStatus)) {
    throw conflict('TICKET_NOT_RETURNABLE', 'The tournament has started: the ticket stays used');
  }
  const { usedFor, ...rest } = t;
  const ticket: Ticket = { ...rest, status: 'issued' };
  return { ticket, event: event('ticket.returned', ticket, ctx, usedFor.tournamentId, usedFor.registrationId) };
}

/** R-TICKET-2: the club revokes an unused ticket (audited); revoking it again changes nothing. */
export function revokeTicket(t: Ticket, ctx: Context): TicketChange {
  if (t.status === 'revoked') return { ticket: t };
  const status = ticketStatusAt(t, ctx.now);
  if (status === 'used') throw conflict('TICKET_USED', 'A used ticket cannot be revoked');
  if (status === 'expired') throw conflict('TICKET_EXPIRED', 'The ticket has already expired');
  const ticket: Ticket = { ...t, status: 'revoked', revokedAt: ctx.now, revokedBy: ctx.actor.id };
  return { ticket, event: event('ticket.revoked', ticket, ctx) };
}

/** R-TICKET-1: an issued ticket past its expiry becomes expired (the expiry job); anything else is unchanged. */
export function expireTicket(t: Ticket, ctx: Context): TicketChange {
  if (t.status !== 'issued' || ctx.now < t.expiresAt) return { ticket: t };
  const ticket: Ticket = { ...t, status: 'expired', expiredAt: ctx.now };
  return { ticket, event: event('ticket.expired', ticket, ctx) };
}

export type ConversionAttempt = 'sale' | 'exchange' | 'transfer' | 'cash_out';

/** R-TICKET-1, R-MONEY-1: a ticket is never sold, exchanged, transferred or cashed out. Always throws. */
export function refuseConversion(attempt: ConversionAttempt): never {
  throw ruleError('TICKET_NOT_CONVERTIBLE', `A free entry is a reward, not money: no ${attempt.replace('_', ' ')} (R-MONEY-1)`, [
    { field: 'ticketId', message: 'a ticket is not convertible' },
  ]);
}

function checkId(v: unknown, field: string, issues: FieldIssue[]): void {
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_ID_LENGTH)
    issues.push({ field, message: `an id of 1 to ${MAX_ID_LENGTH} characters` });
}

function event(type: TicketEventType, t: Ticket, ctx: Context, tournamentId?: string, registrationId?: string): TicketEvent {
  return {
    type,
    ticketId: t.id,
    holderId: t.holderId,
    clubId: t.clubId,
    at: ctx.now,
    by: ctx.actor.id,
    ...(tournamentId !== undefined ? { tournamentId } : {}),
    ...(registrationId !== undefined ? { registrationId } : {}),
  };
}
