import type { RegistryRecord, RegistryStatus } from './registry-record';
import { selectCurrentRecord } from './registry-record';

/** One suggestion of DaData's findById/party, the fields this module reads. */
export interface DadataSuggestion {
  value?: string;
  data: {
    inn?: string;
    kpp?: string | null;
    ogrn?: string;
    type?: string;
    name?: { full_with_opf?: string | null; short_with_opf?: string | null } | null;
    fio?: { surname?: string | null; name?: string | null; patronymic?: string | null } | null;
    state?: { status?: string; registration_date?: number | null; liquidation_date?: number | null } | null;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

const STATUS: Record<string, RegistryStatus> = {
  ACTIVE: 'active',
  LIQUIDATING: 'liquidating',
  LIQUIDATED: 'liquidated',
  BANKRUPT: 'bankrupt',
  REORGANIZING: 'reorganizing',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** DaData dates are epoch milliseconds; the record keeps the calendar day (UTC). */
function isoDay(ms: unknown): string | undefined {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return undefined;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The suggestion as a RegistryRecord, or undefined when it cannot be read with confidence
 * (no INN or OGRN, a type other than LEGAL/INDIVIDUAL, an unknown status): guessing a status
 * could verify or reject a club wrongly, so the adapter reports such an answer as unavailable.
 */
export function mapDadataSuggestion(s: unknown): RegistryRecord | undefined {
  if (!isRecord(s) || !isRecord(s.data)) return undefined;
  const d = s.data as DadataSuggestion['data'];
  const inn = text(d.inn);
  const ogrn = text(d.ogrn);
  const kind = d.type === 'LEGAL' ? 'ul' : d.type === 'INDIVIDUAL' ? 'ip' : undefined;
  const state = isRecord(d.state) ? d.state : undefined;
  const status = typeof state?.status === 'string' ? STATUS[state.status] : undefined;
  if (!inn || !ogrn || !kind || !status) return undefined;

  const name = isRecord(d.name) ? d.name : undefined;
  const fio = isRecord(d.fio) ? d.fio : undefined;
  const fioText = fio ? [fio.surname, fio.name, fio.patronymic].map(text).filter(Boolean).join(' ') : '';
  const fullName = text(name?.full_with_opf) ?? text(s.value) ?? text(fioText);
  if (!fullName) return undefined;

  const record: RegistryRecord = { source: 'dadata', inn, ogrn, kind, fullName, status, raw: { ...s } };
  const kpp = text(d.kpp);
  if (kpp) record.kpp = kpp;
  const shortName = text(name?.short_with_opf);
  if (shortName) record.shortName = shortName;
  const registeredOn = isoDay(state?.registration_date);
  if (registeredOn) record.registeredOn = registeredOn;
  const terminatedOn = isoDay(state?.liquidation_date);
  if (terminatedOn) record.terminatedOn = terminatedOn;
  return record;
}

/**
 * The suggestion that speaks for `inn` among several (an entrepreneur re-registered under a new
 * OGRNIP shows both): same rule as for EGRUL rows, a live record first, else the latest ended one.
 */
export function selectDadataRecord(records: readonly RegistryRecord[], inn: string): RegistryRecord | undefined {
  return selectCurrentRecord(
    records.map((record) => ({ record })),
    inn,
  )?.record;
}
