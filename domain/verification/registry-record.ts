/**
 * What a state registry says about one registrant, in one shape whatever the source.
 * The adapters map each source's answer into it; the decision (R-CLUB-3) reads only this.
 */

export type RegistrySource = 'egrul' | 'dadata';

/**
 * `terminated`: the registration ended (EGRUL row with a termination date; the search result does not
 * say why). `liquidated` is DaData's LIQUIDATED. `invalid`: the record was declared erroneous (EGRUL `v`).
 */
export type RegistryStatus = 'active' | 'terminated' | 'liquidated' | 'liquidating' | 'bankrupt' | 'reorganizing' | 'invalid';

export const REGISTRY_STATUSES: readonly RegistryStatus[] = [
  'active',
  'terminated',
  'liquidated',
  'liquidating',
  'bankrupt',
  'reorganizing',
  'invalid',
];

/** Statuses that end a registration: the club cannot be verified on it. */
export const ENDED_STATUSES: readonly RegistryStatus[] = ['terminated', 'liquidated'];

export interface RegistryRecord {
  source: RegistrySource;
  inn: string;
  ogrn: string;
  kpp?: string;
  /** `ul`: legal entity (EGRUL); `ip`: individual entrepreneur (EGRIP). */
  kind: 'ul' | 'ip';
  fullName: string;
  shortName?: string;
  status: RegistryStatus;
  /** ISO date (yyyy-mm-dd). */
  registeredOn?: string;
  /** ISO date (yyyy-mm-dd). */
  terminatedOn?: string;
  /** The source's own fields, kept as evidence. */
  raw: Record<string, unknown>;
}

/**
 * A lookup's outcome. `unavailable` (captcha, quota, errors, timeouts) is never a "not found":
 * it sends the club to moderators. `retrievedAt` (ms) is when the source answered, which a cache
 * keeps, so the evidence says when the registry was actually read.
 */
export type RegistryAnswer =
  | { kind: 'found'; source: RegistrySource; record: RegistryRecord; retrievedAt?: number }
  | { kind: 'not_found'; source: RegistrySource; retrievedAt?: number }
  | { kind: 'unavailable'; source: RegistrySource; reason: string };

/**
 * Among records for one INN, the current one: the INN must be equal, a live record (not ended nor
 * declared erroneous) wins; otherwise the most recently ended one, so a decision can say "terminated";
 * otherwise an erroneous one. Undefined when no record carries the INN.
 */
export function selectCurrentRecord<T extends { record: RegistryRecord }>(items: readonly T[], inn: string): T | undefined {
  const same = items.filter((it) => it.record.inn === inn);
  const live = same.find((it) => it.record.status !== 'invalid' && !ENDED_STATUSES.includes(it.record.status));
  if (live) return live;
  const ended = same
    .filter((it) => ENDED_STATUSES.includes(it.record.status))
    .sort((a, b) => (b.record.terminatedOn ?? '').localeCompare(a.record.terminatedOn ?? ''));
  return ended[0] ?? same[0];
}
