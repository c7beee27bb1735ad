/** A club's verification (R-CLUB-3) and the state registry's cached answers. */
import { defineRecord } from '../table/record-type';

/**
 * A club's verification state (domain/verification `VerificationState`), one item in the club's
 * partition. The club item carries only `verificationStatus` (kept equal to `status` in the same
 * transaction) so that the catalogue index stays small; the evidence lives here.
 * While the request waits for a check or a moderator, `queueStatus`/`queueSort` put it in the
 * moderators' queue (sparse index: decided requests have neither).
 */
export interface ClubVerificationRow {
  clubId: string;
  status: string;
  attempt: number;
  requestedAt?: string;
  requestedBy?: string;
  /** R-CLUB-2: the attestation the club gave with the latest request (statement, who, when). */
  attestation?: unknown;
  /** The last decision with its evidence (source, time, the registry row's fields). */
  lastDecision?: unknown;
  /** Optimistic lock: every write bumps it and is conditioned on the value it read. */
  rev: number;
  queueStatus?: string;
  /** `<requestedAt>#<clubId>`: oldest requests first. */
  queueSort?: string;
  updatedAt: string;
}

export const clubVerificationRecord = defineRecord<ClubVerificationRow, 'clubId', 'queue'>({
  entity: 'clubVerification',
  attributes: {
    clubId: true, status: true, attempt: true, requestedAt: true, requestedBy: true, attestation: true, lastDecision: true, rev: true, queueStatus: true,
    queueSort: true, updatedAt: true,
  },
  keyAttributes: ['clubId'],
  partition: (r) => `club#${r.clubId}`,
  sort: () => 'verification',
  skPrefix: 'verification',
  indexes: {
    queue: {
      name: 'gsi2',
      pk: (r) => `verification#${r.queueStatus}`,
      sk: (r) => `${r.queueSort}`,
      composites: ['queueStatus', 'queueSort'],
      when: (r) => typeof r.queueStatus === 'string' && typeof r.queueSort === 'string',
    },
  },
});

/**
 * Append-only trail of a club's verification: every request (with its attestation), automatic
 * decision (with its evidence), moderator decision, revocation and reset. Never updated or deleted.
 */
export interface VerificationLogRow {
  clubId: string;
  at: string;
  logId: string;
  type: string;
  attempt: number;
  /** Who caused it: a user id, `apikey:<id>`, or `system:registry-check` for the automatic check. */
  by: string;
  status?: string;
  reasons?: string[];
  evidence?: unknown;
  attestation?: unknown;
}

export const verificationLogRecord = defineRecord<VerificationLogRow, 'clubId' | 'at' | 'logId'>({
  entity: 'verificationLog',
  attributes: { clubId: true, at: true, logId: true, type: true, attempt: true, by: true, status: true, reasons: true, evidence: true, attestation: true },
  keyAttributes: ['clubId', 'at', 'logId'],
  partition: (r) => `club#${r.clubId}`,
  sort: (r) => `verification#log#${r.at}#${r.logId}`,
  skPrefix: 'verification#log#',
});

/**
 * A state registry's answer kept between lookups (functions/adapters/registry/cache.ts), keyed
 * `registry#<source>#<inn>`. Public registry data, not a club's: it has its own partition.
 */
export interface RegistryCacheRow {
  cacheKey: string;
  answer: unknown;
  /** Epoch SECONDS: the table's TTL attribute. TTL deletes late, so reads check it too. */
  expiresAt: number;
}

export const registryCacheRecord = defineRecord<RegistryCacheRow, 'cacheKey'>({
  entity: 'registryCache',
  attributes: { cacheKey: true, answer: true, expiresAt: true },
  keyAttributes: ['cacheKey'],
  partition: (r) => `${r.cacheKey}`,
  sort: () => 'answer',
  skPrefix: 'answer',
});
