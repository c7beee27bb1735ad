import type { Logger } from '@aws-lambda-powertools/logger';
import { ATTESTATION_STATEMENT, type Club } from '../../../domain/clubs/club';
import type { Context } from '../../../domain/core/context';
import {
  applyAutomaticDecision,
  decideByModerator,
  decideVerification,
  requestVerification,
  revokeVerification,
  type RegistrySource,
} from '../../../domain/verification';
import { verificationQueue } from '../../adapters/verification-queue';
import { iso } from '../../platform/domain-context';
import { entities } from '../../store/entities';
import { batchGet } from '../../store/entities/items';
import {
  VerificationChanged,
  loadVerification,
  logEntriesOf,
  saveVerification,
  verificationHistory,
  type QueueStatus,
  type StoredVerification,
  type VerificationChange,
} from '../../store/verification-store';
import { loadClub } from '../clubs';
import { ConcurrentUpdate } from '../../runtime/errors';
import type { Page, PageRequest } from '../page';

/**
 * R-CLUB-3, R-CLUB-4: the owner asks for verification, staff read it, moderators work the queue and
 * decide. The automatic check itself is ./check.ts (the worker's, with the registry).
 */

/** The state, its evidence and its trail, as staff and operators read it. */
async function view(v: StoredVerification) {
  const { state } = v;
  return {
    clubId: v.clubId,
    status: state.status,
    attempt: state.attempt,
    ...(state.requestedAt ? { requestedAt: state.requestedAt } : {}),
    ...(state.requestedBy ? { requestedBy: state.requestedBy } : {}),
    ...(v.attestation ? { attestation: v.attestation } : {}),
    ...(state.lastDecision ? { lastDecision: state.lastDecision } : {}),
    history: await verificationHistory(v.clubId),
  };
}

export type ClubVerification = Awaited<ReturnType<typeof view>>;

async function save(change: VerificationChange): Promise<StoredVerification> {
  try {
    return await saveVerification(change);
  } catch (e) {
    if (e instanceof VerificationChanged) throw new ConcurrentUpdate('The verification changed meanwhile; read it and retry');
    throw e;
  }
}

/** The source the worker would have asked, for the evidence of a check that never ran. */
const configuredSource = (): RegistrySource => (process.env.REGISTRY_PROVIDER?.trim().toLowerCase() === 'dadata' ? 'dadata' : 'egrul');

/**
 * The check could not be started (the queue refused): the request goes to moderators the way an
 * unavailable registry sends it, instead of staying pending with nothing running.
 */
async function checkNotStarted(saved: StoredVerification, club: Club, ctx: Context) {
  const answer = { kind: 'unavailable', source: configuredSource(), reason: 'the automatic check could not be started' } as const;
  const decision = decideVerification({ legalForm: club.legalForm, inn: club.inn, ogrn: club.ogrn, name: club.name }, answer, ctx.now);
  const result = applyAutomaticDecision(saved.state, { attempt: saved.state.attempt, decision }, ctx);
  return save({ before: saved, state: result.state, log: logEntriesOf(result.events, result.state), at: iso(ctx.now), newId: ctx.newId });
}

/** The owner asks for verification, attesting again (R-CLUB-2); the check is queued to run asynchronously. */
export async function requestClubVerification(clubId: string, ctx: Context, log: Pick<Logger, 'error'>): Promise<ClubVerification> {
  const club = await loadClub(clubId);
  const before = await loadVerification(clubId, club.verificationStatus);
  const { state, events } = requestVerification(before.state, ctx);
  const at = iso(ctx.now);
  const attestation = { statement: ATTESTATION_STATEMENT, attestedBy: ctx.actor.id, attestedAt: at };
  let saved = await save({ before, state, attestation, log: logEntriesOf(events, state, attestation), at, newId: ctx.newId });
  try {
    await verificationQueue().enqueue({ clubId, attempt: state.attempt });
  } catch (e) {
    log.error('the verification check could not be started', e as Error);
    saved = await checkNotStarted(saved, club, ctx);
  }
  return view(saved);
}

export async function getClubVerification(clubId: string): Promise<ClubVerification> {
  const club = await loadClub(clubId);
  return view(await loadVerification(club.clubId, club.verificationStatus));
}

/** The moderators' queue: requests in one queue status, oldest first, with the club they are about. */
export async function listVerificationQueue(status: QueueStatus, page: PageRequest) {
  const { clubVerification, club } = entities();
  const { data, cursor } = await clubVerification.query.queue({ queueStatus: status }).go(page);
  const clubs = await batchGet(
    data.map((v) => ({ clubId: v.clubId })),
    (keys) => club.get(keys).go({ unprocessed: 'item' }),
  );
  const byId = new Map(clubs.map((c) => [c.clubId, c]));
  const items = data.flatMap((v) => {
    const c = byId.get(v.clubId);
    if (!c) return [];
    const decision = v.lastDecision as { attempt?: number; reasons?: string[]; evidence?: { source?: string } } | undefined;
    // Reasons of an earlier attempt do not describe this request.
    const current = decision?.attempt === v.attempt ? decision : undefined;
    return [
      {
        clubId: c.clubId,
        name: c.name,
        city: c.city,
        legalForm: c.legalForm,
        inn: c.inn,
        ogrn: c.ogrn,
        suspended: c.suspended,
        status: v.status,
        attempt: v.attempt,
        ...(v.requestedAt ? { requestedAt: v.requestedAt } : {}),
        ...(v.requestedBy ? { requestedBy: v.requestedBy } : {}),
        reasons: current?.reasons ?? [],
        ...(current?.evidence?.source ? { source: current.evidence.source } : {}),
      },
    ];
  });
  return { items, cursor } satisfies Page<unknown>;
}

/** A moderator verifies, refuses or revokes, with a reason; who and why go to the moderation record (R-MOD-1). */
export async function decideClubVerification(
  clubId: string,
  input: { decision: 'verify' | 'reject' | 'revoke'; reason: string },
  ctx: Context,
): Promise<ClubVerification> {
  const { decision, reason } = input;
  const club = await loadClub(clubId);
  const before = await loadVerification(clubId, club.verificationStatus);
  // The moderator decides on what the automatic check of this request found, when it found anything.
  const seen = before.state.lastDecision;
  const evidence = seen?.attempt === before.state.attempt ? seen.evidence : undefined;
  const result =
    decision === 'revoke'
      ? revokeVerification(before.state, { reason }, ctx)
      : decideByModerator(
          before.state,
          { status: decision === 'verify' ? 'verified' : 'rejected', reason, ...(evidence ? { evidence } : {}) },
          ctx,
        );
  const saved = await save({
    before,
    state: result.state,
    log: logEntriesOf(result.events, result.state),
    at: iso(ctx.now),
    newId: ctx.newId,
    moderation: { action: `verification.${decision}`, reason, by: ctx.actor.id },
  });
  return view(saved);
}
