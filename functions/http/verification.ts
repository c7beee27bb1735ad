import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { decideClubVerification, getClubVerification, listVerificationQueue, requestClubVerification } from '../app/verification/requests';
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
import { club, FLOOR } from '../platform/authorization';

const TAGS = ['Verification'];

/** What verified means is said with every answer. */
const answer = <V extends object>(v: V) => ({ ...v, meaning: VERIFIED_MEANS });

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
    const saved = await requestClubVerification(clubId, domainContext(req), req.logger);
    return { status: 202, body: answer(saved), headers: { location: `/v1/clubs/${clubId}/verification` } };
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
  handle: async (req) => ({ status: 200, body: answer(await getClubVerification(req.params.clubId)) }),
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
    const { items, cursor: next } = await listVerificationQueue(status, {
      limit: limit ?? 20,
      cursor: openCursor(cursor, scope) ?? null,
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
  handle: async (req) => ({
    status: 200,
    body: answer(await decideClubVerification(req.params.clubId, req.body, domainContext(req, 'operator'))),
  }),
});

export const verificationRoutes = [requestVerificationRoute, getVerificationRoute, listVerificationQueueRoute, decideVerificationRoute];
