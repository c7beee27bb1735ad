/**
 * R-PD-1: the steps of an account's erasure, in the order the job runs them. One list for the job and the
 * contract, so that a step added to the job is a step the API can name.
 */
export const ERASURE_STEPS = ['feed', 'idempotency', 'devices', 'memberships', 'results', 'duplicate', 'tickets'] as const;
export type ErasureStep = (typeof ERASURE_STEPS)[number];
