import { defineRoute, type RouteRequest } from '../platform/route';
import { domainContext, iso } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { problem } from '../platform/problem';
import { entities } from '../store/entities';
import { batchGet } from '../store/entities/items';
import {
  VerificationChanged,
  loadVerification,
  logEntriesOf,
  saveVerification,
  verificationHistory,
  type StoredVerification,
  type VerificationChange,
} from '../store/verification-store';
import { verificationQueue } from '../adapters/verification-queue';
import { ATTESTATION_STATEMENT, type Club as ClubRecord } from '../../domain/clubs/club';
import type { Context } from '../../domain/core/context';
import {
  applyAutomaticDecision,
  decideByModerator,
  decideVerification,
  requestVerification,
  revokeVerification,
  type RegistrySource,
} from '../../domain/verification';
import { ClubIdParams } from '../../schemas/common';
import {
  RequestVerificationBody,
  VERIFIED_MEANS,
  Verification,
  VerificationDecisionBody,
  VerificationQueueItem,
  VerificationQueueQuery,
} from '../../schemas/verification';
import { page } from '../../schemas/common';
import { loadClub } from './clubs';
import { club, FLOOR } from '../platform/authorization';

const TAGS = ['Verification'];

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
    meaning: VERIFIED_MEANS,
  };
}

async function save(change: VerificationChange): Promise<StoredVerification> {
  try {
    return await saveVerification(change);
  } catch (e) {
    if (e instanceof VerificationChanged) throw problem(409, 'CONCURRENT_UPDATE', 'The verification changed meanwhile; read it and retry');
    throw e;
  }
}

/** The source the worker would have asked, for the evidence of a check that never ran. */
const configuredSource = (): RegistrySource => (process.env.REGISTRY_PROVIDER?.trim().toLowerCase() === 'dadata' ? 'dadata' : 'egrul');

/**
 * The check could not be started (the queue refused): the request goes to moderators the way an
 * unavailable registry sends it, instead of staying pending with nothing running.
 */
async function checkNotStarted(saved: StoredVerification, club: ClubRecord, ctx: Context, req: RouteRequest<unknown, unknown, unknown>) {
  const answer = { kind: 'unavailable', source: configuredSource(), reason: 'the automatic check could not be started' } as const;
  const decision = decideVerification({ legalForm: club.legalForm, inn: club.inn, ogrn: club.ogrn, name: club.name }, answer, req.now);
  const result = applyAutomaticDecision(saved.state, { attempt: saved.state.attempt, decision }, ctx);
  return save({ before: saved, state: result.state, log: logEntriesOf(result.events, result.state), at: iso(req.now), newId: ctx.newId });
}

export const requestVerificationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'requestVerification',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'POST',
  path: '/v1/clubs/{clubId}/verification',
  summary: 'Ask for verification against the state registry; the club attests again (R-CLUB-2). The check runs asynchronously (R-CLUB-3)',
  tags: TAGS,
  params: ClubIdParams,
  body: RequestVerificationBody,
  responses: { 202: { description: 'The request: pending while the check runs', schema: Verification } },
  problems: [409],
  handle: async (req) => {
    const { clubId } = req.params;
    const ctx = domainContext(req);
    const club = await loadClub(clubId);
    const before = await loadVerification(clubId, club.verificationStatus);
    const { state, events } = requestVerification(before.state, ctx);
    const at = iso(req.now);
    const attestation = { statement: ATTESTATION_STATEMENT, attestedBy: ctx.actor.id, attestedAt: at };
    let saved = await save({ before, state, attestation, log: logEntriesOf(events, state, attestation), at, newId: ctx.newId });
    try {
      await verificationQueue().enqueue({ clubId, attempt: state.attempt });
    } catch (e) {
      req.logger.error('the verification check could not be started', e as Error);
      saved = await checkNotStarted(saved, club, ctx, req);
    }
    return { status: 202, body: await view(saved), headers: { location: `/v1/clubs/${clubId}/verification` } };
  },
});

export const getVerificationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getVerification',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'GET',
  path: '/v1/clubs/{clubId}/verification',
  summary: "The club's verification: state, the evidence of the last decision (source, time, registry row) and the trail",
  tags: TAGS,
  params: ClubIdParams,
  responses: { 200: { description: 'The verification', schema: Verification } },
  handle: async (req) => {
    const club = await loadClub(req.params.clubId);
    return { status: 200, body: await view(await loadVerification(club.clubId, club.verificationStatus)) };
  },
});

export const listVerificationQueueRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listVerificationQueue',
  access: { kind: 'operator' },
  method: 'GET',
  path: '/v1/operator/verifications',
  summary: "The moderators' queue: requests in review (or still pending a check), oldest first (R-CLUB-4)",
  tags: TAGS,
  query: VerificationQueueQuery,
  responses: { 200: { description: 'A page of requests', schema: page(VerificationQueueItem) } },
  handle: async (req) => {
    const { status, limit, cursor } = req.query;
    const scope = `verification-queue:${status}`;
    const { clubVerification, club } = entities();
    const { data, cursor: next } = await clubVerification.query
      .queue({ queueStatus: status })
      .go({ limit: limit ?? 20, cursor: openCursor(cursor, scope) ?? null });
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
    return { status: 200, body: { items, nextCursor: sealCursor(next, scope) } };
  },
});

export const decideVerificationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'decideVerification',
  access: { kind: 'operator' },
  method: 'POST',
  path: '/v1/operator/clubs/{clubId}/verification-decision',
  summary: "Verify, refuse or revoke a club's verification, with a reason; who and why are recorded (R-CLUB-3, R-CLUB-4, R-MOD-1)",
  tags: TAGS,
  params: ClubIdParams,
  body: VerificationDecisionBody,
  responses: { 200: { description: 'The verification after the decision', schema: Verification } },
  problems: [409, 422],
  handle: async (req) => {
    const { clubId } = req.params;
    const { decision, reason } = req.body;
    const ctx = domainContext(req, 'operator');
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
      at: iso(req.now),
      newId: ctx.newId,
      moderation: { action: `verification.${decision}`, reason, by: ctx.actor.id },
    });
    return { status: 200, body: await view(saved) };
  },
});

export const verificationRoutes = [requestVerificationRoute, getVerificationRoute, listVerificationQueueRoute, decideVerificationRoute];
