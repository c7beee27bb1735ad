export type { RegistryAnswer, RegistryRecord, RegistrySource, RegistryStatus } from './registry-record';
export { ENDED_STATUSES, REGISTRY_STATUSES, selectCurrentRecord } from './registry-record';
export type { EgrulRow } from './egrul-row';
export { egrulDateToIso, mapEgrulRow, parseEgrulRow, selectEgrulRow } from './egrul-row';
export type { DadataSuggestion } from './dadata';
export { mapDadataSuggestion, selectDadataRecord } from './dadata';
export type { AutomaticOutcome, ClubIdentity, VerificationDecision, VerificationEvidence } from './decision';
export { decideVerification, reasonCode } from './decision';
export type {
  DecidedBy,
  VerificationDecisionRecord,
  VerificationEvent,
  VerificationResult,
  VerificationState,
  VerificationStatus,
} from './state-machine';
export {
  applyAutomaticDecision,
  decideByModerator,
  initialVerificationState,
  requestVerification,
  revokeVerification,
} from './state-machine';
