import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A club's verification state (domain/verification `VerificationState`), one item in the club's
 * partition. The club item carries only `verificationStatus` (kept equal to `status` in the same
 * transaction) so that the catalogue index stays small; the evidence lives here.
 * While the request waits for a check or a moderator, `queueStatus`/`queueSort` put it in the
 * moderators' queue (sparse index: decided requests have neither).
 */
export const clubVerificationEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'clubVerification', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        status: { type: 'string', required: true },
        attempt: { type: 'number', required: true },
        requestedAt: { type: 'string' },
        requestedBy: { type: 'string' },
        /** R-CLUB-2: the attestation the club gave with the latest request (statement, who, when). */
        attestation: { type: 'any' },
        /** The last decision with its evidence (source, time, the registry row's fields). */
        lastDecision: { type: 'any' },
        /** Optimistic lock: every write bumps it and is conditioned on the value it read. */
        rev: { type: 'number', required: true },
        queueStatus: { type: 'string' },
        /** `<requestedAt>#<clubId>`: oldest requests first. */
        queueSort: { type: 'string' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'verification', casing: 'none' },
        },
        queue: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['queueStatus'], template: 'verification#${queueStatus}', casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['queueSort'], template: '${queueSort}', casing: 'none' },
          condition: (attr: Record<string, unknown>) => typeof attr.queueStatus === 'string' && typeof attr.queueSort === 'string',
        },
      },
    },
    config,
  );

/**
 * Append-only trail of a club's verification: every request (with its attestation), automatic
 * decision (with its evidence), moderator decision, revocation and reset. Never updated or deleted.
 */
export const verificationLogEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'verificationLog', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
        logId: { type: 'string', required: true, readOnly: true },
        type: { type: 'string', required: true, readOnly: true },
        attempt: { type: 'number', required: true, readOnly: true },
        /** Who caused it: a user id, `apikey:<id>`, or `system:registry-check` for the automatic check. */
        by: { type: 'string', required: true, readOnly: true },
        status: { type: 'string', readOnly: true },
        reasons: { type: 'list', items: { type: 'string' }, readOnly: true },
        evidence: { type: 'any', readOnly: true },
        attestation: { type: 'any', readOnly: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['at', 'logId'], template: 'verification#log#${at}#${logId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type ClubVerificationEntity = ReturnType<typeof clubVerificationEntity>;
export type ClubVerificationRow = EntityItem<ClubVerificationEntity>;

export type VerificationLogEntity = ReturnType<typeof verificationLogEntity>;
export type VerificationLogRow = EntityItem<VerificationLogEntity>;
