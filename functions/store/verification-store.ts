import type {
  VerificationDecisionRecord,
  VerificationEvent,
  VerificationEvidence,
  VerificationState,
  VerificationStatus,
} from '../../domain/verification';
import { entities, store } from './entities';
import type { ClubVerificationRow } from './entities/verification';

/** R-CLUB-2: what the club attested with a verification request, who and when. */
export interface Attestation {
  statement: string;
  attestedBy: string;
  attestedAt: string;
}

export interface StoredVerification {
  clubId: string;
  state: VerificationState;
  attestation?: Attestation;
  /** 0 while the club has no verification item yet. */
  rev: number;
}

/** Requests that wait for someone: the automatic check (pending) or a moderator (needs_review). */
export const QUEUE_STATUSES = ['needs_review', 'pending'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
const isQueued = (s: VerificationStatus): s is QueueStatus => (QUEUE_STATUSES as readonly string[]).includes(s);

/** The actor recorded for the automatic check's decisions. */
export const AUTOMATIC_ACTOR = 'system:registry-check';

export interface LogEntry {
  type: string;
  attempt: number;
  by: string;
  status?: string;
  reasons?: string[];
  evidence?: VerificationEvidence;
  attestation?: Attestation;
}

/** A change of the state was lost to a concurrent one (another decision, an edit of the legal details). */
export class VerificationChanged extends Error {
  constructor(clubId: string) {
    super(`The verification of ${clubId} changed meanwhile`);
    this.name = 'VerificationChanged';
  }
}

/**
 * The club's verification as stored. A club that never asked has no item: its state is the
 * club's own `verificationStatus` (normally `unverified`) with no attempts.
 */
export async function loadVerification(clubId: string, clubStatus: VerificationStatus = 'unverified'): Promise<StoredVerification> {
  const { data } = await entities().clubVerification.get({ clubId }).go();
  if (!data) return { clubId, state: { status: clubStatus, attempt: 0 }, rev: 0 };
  const state: VerificationState = { status: data.status as VerificationStatus, attempt: data.attempt };
  if (data.requestedAt) state.requestedAt = data.requestedAt;
  if (data.requestedBy) state.requestedBy = data.requestedBy;
  if (data.lastDecision) state.lastDecision = data.lastDecision as VerificationDecisionRecord;
  return { clubId, state, rev: data.rev, ...(data.attestation ? { attestation: data.attestation as Attestation } : {}) };
}

/** The trail entries of the domain's events; a decision carries the evidence it was made on. */
export function logEntriesOf(events: readonly VerificationEvent[], state: VerificationState, attestation?: Attestation): LogEntry[] {
  return events.map((ev): LogEntry => {
    switch (ev.type) {
      case 'verification.requested':
        return { type: ev.type, attempt: ev.attempt, by: ev.requestedBy, ...(attestation ? { attestation } : {}) };
      case 'verification.decided': {
        const evidence = state.lastDecision?.evidence;
        const by = ev.decidedBy.type === 'moderator' ? ev.decidedBy.actorId : AUTOMATIC_ACTOR;
        return { type: ev.type, attempt: ev.attempt, by, status: ev.status, reasons: ev.reasons, ...(evidence ? { evidence } : {}) };
      }
      case 'verification.revoked':
        return { type: ev.type, attempt: ev.attempt, by: ev.revokedBy, status: 'revoked', reasons: [ev.reason] };
    }
  });
}

export interface VerificationChange {
  before: StoredVerification;
  state: VerificationState;
  attestation?: Attestation;
  log: readonly LogEntry[];
  /** ISO time of the change. */
  at: string;
  newId: (prefix: string) => string;
  /** An operator's action, appended to the club's moderation records (R-MOD-1). */
  moderation?: { action: string; reason: string; by: string };
}

/**
 * Writes the new state, the club's `verificationStatus`, the trail and the moderation record in one
 * transaction, conditioned on the revision that was read: a concurrent change makes it throw
 * VerificationChanged and writes nothing.
 */
export async function saveVerification(change: VerificationChange): Promise<StoredVerification> {
  const { before, state, at } = change;
  const clubId = before.clubId;
  const attestation = change.attestation ?? before.attestation;
  const item = verificationItem(before, state, at, attestation);
  const { canceled } = await store()
    .transaction.write(({ clubVerification, club, verificationLog, moderation }) => [
      before.rev === 0
        ? clubVerification.create(item).commit()
        : clubVerification
            .put(item)
            .where((v, { eq }) => eq(v.rev, before.rev))
            .commit(),
      club.patch({ clubId }).set({ verificationStatus: state.status }).commit(),
      ...change.log.map((entry) => verificationLog.create({ clubId, at, logId: change.newId('vlog'), ...entry }).commit()),
      ...(change.moderation
        ? [moderation.create({ targetKey: `club#${clubId}`, actionId: change.newId('mod'), at, ...change.moderation }).commit()]
        : []),
    ])
    .go();
  if (canceled) throw new VerificationChanged(clubId);
  return { clubId, state, rev: item.rev, ...(attestation ? { attestation } : {}) };
}

/** The stored item of `state`, one revision after `before`; queued states carry the queue keys. */
export function verificationItem(
  before: StoredVerification,
  state: VerificationState,
  at: string,
  attestation?: Attestation,
): ClubVerificationRow {
  const clubId = before.clubId;
  return {
    clubId,
    status: state.status,
    attempt: state.attempt,
    rev: before.rev + 1,
    updatedAt: at,
    ...(state.requestedAt ? { requestedAt: state.requestedAt } : {}),
    ...(state.requestedBy ? { requestedBy: state.requestedBy } : {}),
    ...(state.lastDecision ? { lastDecision: state.lastDecision } : {}),
    ...(attestation ? { attestation } : {}),
    ...(isQueued(state.status) ? { queueStatus: state.status, queueSort: `${state.requestedAt ?? at}#${clubId}` } : {}),
  };
}

export interface VerificationLogItem extends LogEntry {
  at: string;
}

/** The newest `limit` trail entries, oldest first. */
export async function verificationHistory(clubId: string, limit = 50): Promise<VerificationLogItem[]> {
  const { data } = await entities().verificationLog.query.primary({ clubId }).go({ order: 'desc', limit });
  return data.reverse().map((d) => ({
    at: d.at,
    type: d.type,
    attempt: d.attempt,
    by: d.by,
    ...(d.status ? { status: d.status } : {}),
    ...(d.reasons ? { reasons: d.reasons } : {}),
    ...(d.evidence ? { evidence: d.evidence as VerificationEvidence } : {}),
    ...(d.attestation ? { attestation: d.attestation as Attestation } : {}),
  }));
}
