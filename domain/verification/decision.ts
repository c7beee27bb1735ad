import { isDomainError } from '../core/errors';
import { normaliseOrgName, validateLegalDetails } from '../legal';
import type { LegalForm } from '../legal';
import type { RegistryAnswer, RegistryRecord, RegistrySource } from './registry-record';

/** What the automatic check compares: the club's legal identity as the club gave it. */
export interface ClubIdentity {
  legalForm: LegalForm;
  inn: string;
  ogrn: string;
  name: string;
}

export type AutomaticOutcome = 'verified' | 'rejected' | 'needs_review';

/** Which source was read, when it answered (ISO), and the source's own fields for the record. */
export interface VerificationEvidence {
  source: RegistrySource;
  checkedAt: string;
  fields: Record<string, unknown>;
}

/**
 * The automatic check's outcome. Each reason is `CODE: explanation`; the code (UPPER_SNAKE, before
 * the colon) is stable for clients and moderators' filters, the text is for people.
 */
export interface VerificationDecision {
  status: AutomaticOutcome;
  reasons: string[];
  evidence: VerificationEvidence;
}

const KIND_TEXT: Record<LegalForm, string> = { ul: 'a legal entity', ip: 'an individual entrepreneur' };

const STATUS_REASON: Partial<Record<RegistryRecord['status'], (r: RegistryRecord) => string>> = {
  terminated: (r) => `REGISTRY_TERMINATED: the registry shows the registration terminated${on(r.terminatedOn)}`,
  liquidated: (r) => `REGISTRY_LIQUIDATED: the registry shows the organisation liquidated${on(r.terminatedOn)}`,
  liquidating: () => 'REGISTRY_LIQUIDATING: the registry shows the organisation in liquidation',
  bankrupt: () => 'REGISTRY_BANKRUPT: the registry shows bankruptcy proceedings',
  reorganizing: () => 'REGISTRY_REORGANIZING: the registry shows the organisation being reorganised',
  invalid: () => 'REGISTRY_RECORD_INVALID: the registry record was declared erroneous',
};

function on(date: string | undefined): string {
  return date ? ` on ${date}` : '';
}

function nameMatches(clubName: string, record: RegistryRecord): boolean {
  const club = normaliseOrgName(clubName);
  if (club === '') return false;
  return [record.fullName, record.shortName].some((n) => n !== undefined && normaliseOrgName(n) === club);
}

/** Field problems of the club's own numbers, or [] when they are well formed (checksums, pairing). */
function legalDetailProblems(club: ClubIdentity): string[] {
  try {
    validateLegalDetails({ legalForm: club.legalForm, inn: club.inn, ogrn: club.ogrn });
    return [];
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return (e.errors ?? [{ field: 'legal', message: e.message }]).map((f) => `LEGAL_DETAILS_INVALID: ${f.field}: ${f.message}`);
  }
}

/** Everything that differs between the club and the record, status aside. */
function mismatches(club: ClubIdentity, record: RegistryRecord): string[] {
  const out: string[] = [];
  if (record.inn !== club.inn) out.push(`INN_MISMATCH: the registry answered for INN ${record.inn}`);
  if (record.ogrn !== club.ogrn) out.push(`OGRN_MISMATCH: the registry has OGRN ${record.ogrn}`);
  if (record.kind !== club.legalForm) {
    out.push(`KIND_MISMATCH: the registry has ${KIND_TEXT[record.kind]}, the club says ${KIND_TEXT[club.legalForm]}`);
  }
  if (!nameMatches(club.name, record)) {
    out.push(`NAME_MISMATCH: the registry name is "${record.fullName}"${record.shortName ? ` ("${record.shortName}")` : ''}`);
  }
  return out;
}

/**
 * R-CLUB-3: the automatic decision on one registry answer.
 * - verified: INN and OGRN equal the registry's, the kind agrees, the record is active and the
 *   normalised name equals the registry's full or short name;
 * - rejected: the numbers cannot exist (checksums), or the registrant's registration ended
 *   (terminated / liquidated) - facts no moderator can change;
 * - needs_review otherwise: liquidating, bankrupt, reorganising, erroneous record, any mismatch,
 *   not found with well-formed numbers (a typo that passes the checksum, a registration too recent
 *   for the search, or a search failure all look alike), and the registry unavailable.
 * `now` (ms) stamps the evidence when the answer does not say when the source was read.
 */
export function decideVerification(club: ClubIdentity, answer: RegistryAnswer, now: number): VerificationDecision {
  const checkedAt = new Date(answer.kind === 'unavailable' ? now : (answer.retrievedAt ?? now)).toISOString();
  const fields = answer.kind === 'found' ? { ...answer.record.raw } : {};
  const evidence: VerificationEvidence = { source: answer.source, checkedAt, fields };

  const invalid = legalDetailProblems(club);
  if (invalid.length > 0) return { status: 'rejected', reasons: invalid, evidence };

  if (answer.kind === 'unavailable') {
    return { status: 'needs_review', reasons: [`REGISTRY_UNAVAILABLE: ${answer.reason}`], evidence };
  }
  if (answer.kind === 'not_found') {
    return {
      status: 'needs_review',
      reasons: [`REGISTRY_NOT_FOUND: the registry has no record for INN ${club.inn}`],
      evidence,
    };
  }

  const record = answer.record;
  const differ = mismatches(club, record);
  const statusReason = STATUS_REASON[record.status]?.(record);
  const ended = record.status === 'terminated' || record.status === 'liquidated';
  // An ended registration rejects only when the record is about this club's INN.
  if (ended && record.inn === club.inn) {
    return { status: 'rejected', reasons: [statusReason as string, ...differ], evidence };
  }
  const reasons = statusReason ? [statusReason, ...differ] : differ;
  return { status: reasons.length === 0 ? 'verified' : 'needs_review', reasons, evidence };
}

/** The stable code of a reason (`OGRN_MISMATCH` of `OGRN_MISMATCH: ...`). */
export function reasonCode(reason: string): string {
  const i = reason.indexOf(':');
  return i < 0 ? reason : reason.slice(0, i);
}
