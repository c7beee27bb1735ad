import * as z from './zod';
import { MAX_OPERATOR_REASON_LENGTH, MIN_OPERATOR_REASON_LENGTH } from './limits';
import { humanText } from './text';
import { Id, PageQuery, Timestamp } from './common';

/** R-CLUB-3, said wherever the status is shown. */
export const VERIFIED_MEANS =
  '"verified" means only that the club\'s INN/OGRN were matched against the public state registry (EGRUL for legal entities, EGRIP for individual entrepreneurs), automatically or by a moderator when the automatic check was unavailable. It is not an endorsement of the club.';

export const VerificationStatus = z
  .enum(['unverified', 'pending', 'verified', 'rejected', 'needs_review', 'revoked'])
  .openapi('VerificationStatus');

export const RequestVerificationBody = z
  .strictObject({
    attestation: z
      .strictObject({ accepted: z.literal(true) })
      .openapi({ description: 'R-CLUB-2: the club attests again that it acts lawfully and runs sport poker without money' }),
  })
  .openapi('RequestVerification');

const Attestation = z.object({ statement: z.string(), attestedBy: z.string(), attestedAt: Timestamp }).openapi('Attestation');

export const VerificationEvidence = z
  .object({
    source: z.enum(['egrul', 'dadata']),
    checkedAt: Timestamp.openapi({ description: 'when the registry answered (a cached answer keeps its own time)' }),
    fields: z
      .record(z.string(), z.unknown())
      .openapi({ description: "the registry row's own fields, verbatim (empty when not found or unavailable)" }),
  })
  .openapi('VerificationEvidence');

const Decision = z
  .object({
    attempt: z.number().int(),
    status: VerificationStatus,
    decidedBy: z.object({ type: z.enum(['automatic', 'moderator']), actorId: z.string().optional() }),
    reasons: z.array(z.string()).openapi({ description: '`CODE: explanation`; the code before the colon is stable' }),
    decidedAt: Timestamp,
    evidence: VerificationEvidence.optional(),
  })
  .openapi('VerificationDecision');

const HistoryEntry = z
  .object({
    at: Timestamp,
    type: z.string().openapi({ description: 'verification.requested | verification.decided | verification.revoked | verification.reset' }),
    attempt: z.number().int(),
    by: z.string(),
    status: z.string().optional(),
    reasons: z.array(z.string()).optional(),
    evidence: VerificationEvidence.optional(),
    attestation: Attestation.optional(),
  })
  .openapi('VerificationHistoryEntry');

export const Verification = z
  .object({
    clubId: Id,
    status: VerificationStatus,
    attempt: z.number().int().openapi({ description: 'requests so far' }),
    requestedAt: Timestamp.optional(),
    requestedBy: z.string().optional(),
    attestation: Attestation.optional(),
    lastDecision: Decision.optional(),
    history: z.array(HistoryEntry),
    meaning: z.string().openapi({ description: VERIFIED_MEANS }),
  })
  .openapi('Verification');

export const VerificationQueueQuery = PageQuery.extend({
  status: z.enum(['needs_review', 'pending']).default('needs_review'),
});

export const VerificationQueueItem = z
  .object({
    clubId: Id,
    name: z.string(),
    city: z.string(),
    legalForm: z.enum(['ul', 'ip']),
    inn: z.string(),
    ogrn: z.string(),
    suspended: z.boolean(),
    status: VerificationStatus,
    attempt: z.number().int(),
    requestedAt: Timestamp.optional(),
    requestedBy: z.string().optional(),
    reasons: z.array(z.string()),
    source: z.enum(['egrul', 'dadata']).optional(),
  })
  .openapi('VerificationQueueItem');

export const VerificationDecisionBody = z
  .strictObject({
    decision: z.enum(['verify', 'reject', 'revoke']),
    reason: humanText({ min: MIN_OPERATOR_REASON_LENGTH, max: MAX_OPERATOR_REASON_LENGTH, multiline: true }),
  })
  .openapi('VerificationDecisionInput', { description: 'R-CLUB-4: the operator verifies, refuses or revokes, saying why' });
