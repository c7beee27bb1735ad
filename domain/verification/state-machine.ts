import type { VerificationStatus } from '../clubs/club';
import type { Context } from '../core/context';
import { conflict, ruleError } from '../core/errors';
import type { VerificationDecision, VerificationEvidence } from './decision';

/**
 * A club's verification lifecycle (R-CLUB-3, R-CLUB-4):
 *   request:   unverified | rejected | needs_review | revoked -> pending   (pending: 409 VERIFICATION_PENDING)
 *   automatic: pending -> verified | rejected | needs_review
 *   moderator: pending | needs_review | rejected -> verified | rejected   (who and why recorded)
 *   revoke:    verified -> revoked                                         (who and why recorded)
 * Authorisation (only operators moderate) is the HTTP layer's; the domain records the actor.
 */

export type { VerificationStatus };

export type DecidedBy = { type: 'automatic' } | { type: 'moderator'; actorId: string };

export interface VerificationDecisionRecord {
  /** The request this decision answers. */
  attempt: number;
  status: Exclude<VerificationStatus, 'unverified' | 'pending'>;
  decidedBy: DecidedBy;
  reasons: string[];
  evidence?: VerificationEvidence;
  decidedAt: string;
}

export interface VerificationState {
  status: VerificationStatus;
  /**
   * Counts requests. The automatic check carries the attempt it was started for, so a late or
   * repeated delivery of an old check never decides a newer request.
   */
  attempt: number;
  requestedAt?: string;
  requestedBy?: string;
  lastDecision?: VerificationDecisionRecord;
}

export type VerificationEvent =
  | { type: 'verification.requested'; attempt: number; requestedBy: string }
  | {
      type: 'verification.decided';
      attempt: number;
      status: VerificationDecisionRecord['status'];
      decidedBy: DecidedBy;
      reasons: string[];
    }
  | { type: 'verification.revoked'; attempt: number; revokedBy: string; reason: string };

export interface VerificationResult {
  state: VerificationState;
  events: VerificationEvent[];
}

export const initialVerificationState = (): VerificationState => ({ status: 'unverified', attempt: 0 });

const REQUESTABLE: readonly VerificationStatus[] = ['unverified', 'rejected', 'needs_review', 'revoked'];
const MODERATABLE: readonly VerificationStatus[] = ['pending', 'needs_review', 'rejected'];

const iso = (ms: number): string => new Date(ms).toISOString();

function requireReason(reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (r === '') {
    throw ruleError('VERIFICATION_REASON_REQUIRED', 'A moderator decision states its reason', [
      { field: 'reason', message: 'reason is required' },
    ]);
  }
  return r;
}

/** The club asks for verification; a running check is not started twice. */
export function requestVerification(state: VerificationState, ctx: Context): VerificationResult {
  if (state.status === 'pending') throw conflict('VERIFICATION_PENDING', 'A verification check is already running');
  if (!REQUESTABLE.includes(state.status)) {
    throw conflict('VERIFICATION_ALREADY_VERIFIED', 'The club is already verified');
  }
  const attempt = state.attempt + 1;
  const next: VerificationState = { ...state, status: 'pending', attempt, requestedAt: iso(ctx.now), requestedBy: ctx.actor.id };
  return { state: next, events: [{ type: 'verification.requested', attempt, requestedBy: ctx.actor.id }] };
}

/**
 * The automatic check's decision for request `attempt`. Anything but the pending request it was
 * started for is a conflict (VERIFICATION_NOT_PENDING): the job drops it, which makes redelivery harmless.
 */
export function applyAutomaticDecision(
  state: VerificationState,
  input: { attempt: number; decision: VerificationDecision },
  ctx: Context,
): VerificationResult {
  if (state.status !== 'pending' || state.attempt !== input.attempt) {
    throw conflict('VERIFICATION_NOT_PENDING', `Verification request ${input.attempt} is no longer pending`);
  }
  const { decision } = input;
  const record: VerificationDecisionRecord = {
    attempt: state.attempt,
    status: decision.status,
    decidedBy: { type: 'automatic' },
    reasons: [...decision.reasons],
    evidence: decision.evidence,
    decidedAt: iso(ctx.now),
  };
  return {
    state: { ...state, status: decision.status, lastDecision: record },
    events: [
      {
        type: 'verification.decided',
        attempt: state.attempt,
        status: decision.status,
        decidedBy: record.decidedBy,
        reasons: record.reasons,
      },
    ],
  };
}

/**
 * R-CLUB-3 / R-CLUB-4: a moderator verifies (the registry match done by hand when the automatic check
 * could not conclude) or refuses. Allowed while pending, in review, or to reconsider a rejection.
 */
export function decideByModerator(
  state: VerificationState,
  input: { status: 'verified' | 'rejected'; reason: string; evidence?: VerificationEvidence },
  ctx: Context,
): VerificationResult {
  const reason = requireReason(input.reason);
  if (!MODERATABLE.includes(state.status)) {
    throw conflict('VERIFICATION_NOT_DECIDABLE', `A ${state.status} club cannot be decided on; ask for verification first or revoke`);
  }
  const decidedBy: DecidedBy = { type: 'moderator', actorId: ctx.actor.id };
  const record: VerificationDecisionRecord = {
    attempt: state.attempt,
    status: input.status,
    decidedBy,
    reasons: [reason],
    decidedAt: iso(ctx.now),
  };
  if (input.evidence) record.evidence = input.evidence;
  return {
    state: { ...state, status: input.status, lastDecision: record },
    events: [{ type: 'verification.decided', attempt: state.attempt, status: input.status, decidedBy, reasons: [reason] }],
  };
}

/** R-CLUB-4: the operator revokes a verified status, saying why. */
export function revokeVerification(state: VerificationState, input: { reason: string }, ctx: Context): VerificationResult {
  const reason = requireReason(input.reason);
  if (state.status !== 'verified') throw conflict('VERIFICATION_NOT_VERIFIED', 'Only a verified club can have its verification revoked');
  const record: VerificationDecisionRecord = {
    attempt: state.attempt,
    status: 'revoked',
    decidedBy: { type: 'moderator', actorId: ctx.actor.id },
    reasons: [reason],
    decidedAt: iso(ctx.now),
  };
  return {
    state: { ...state, status: 'revoked', lastDecision: record },
    events: [{ type: 'verification.revoked', attempt: state.attempt, revokedBy: ctx.actor.id, reason }],
  };
}
