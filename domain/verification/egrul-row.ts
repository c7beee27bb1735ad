import type { RegistryRecord } from './registry-record';
import { selectCurrentRecord } from './registry-record';

/**
 * One row of an egrul.nalog.ru search result. Keys are the site's own: `n` full name, `c` short name,
 * `i` INN, `o` OGRN/OGRNIP, `p` KPP, `a` address, `g` head, `r` registration date, `e` termination date,
 * `v` date the record was declared erroneous (dates dd.mm.yyyy), `k` `ul` | `fl`, `t` extract token,
 * `cnt`/`tot`/`pg` counts. Entrepreneur rows have no `a`, `p`, `c`, `g`.
 */
export interface EgrulRow {
  n: string;
  i: string;
  o: string;
  c?: string;
  p?: string;
  a?: string;
  g?: string;
  r?: string;
  e?: string;
  v?: string;
  k?: string;
  t?: string;
  cnt?: string | number;
  tot?: string | number;
  pg?: string | number;
  [key: string]: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A row as the site sent it, or undefined when it lacks the name, INN or OGRN (then it proves nothing). */
export function parseEgrulRow(value: unknown): EgrulRow | undefined {
  if (!isRecord(value)) return undefined;
  if (!isNonEmpty(value.n) || !isNonEmpty(value.i) || !isNonEmpty(value.o)) return undefined;
  return value as EgrulRow;
}

const RU_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** dd.mm.yyyy -> yyyy-mm-dd; anything else -> undefined (the raw row still holds it). */
export function egrulDateToIso(date: string | undefined): string | undefined {
  const m = date === undefined ? null : RU_DATE.exec(date.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}

const present = (v: unknown): boolean => (typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null);

/**
 * The row as a RegistryRecord. A row with `v` is an erroneous record, one with `e` a terminated
 * registration (the search result does not say whether by liquidation); otherwise it is active.
 * `k` gives the kind; without it the INN length does (10 digits: legal entity).
 */
export function mapEgrulRow(row: EgrulRow): RegistryRecord {
  const kind = row.k === 'fl' ? 'ip' : row.k === 'ul' ? 'ul' : row.i.length === 12 ? 'ip' : 'ul';
  const status = present(row.v) ? 'invalid' : present(row.e) ? 'terminated' : 'active';
  const record: RegistryRecord = {
    source: 'egrul',
    inn: row.i.trim(),
    ogrn: row.o.trim(),
    kind,
    fullName: row.n.trim(),
    status,
    raw: { ...row },
  };
  if (isNonEmpty(row.p)) record.kpp = row.p.trim();
  if (isNonEmpty(row.c)) record.shortName = row.c.trim();
  const registeredOn = egrulDateToIso(row.r);
  if (registeredOn) record.registeredOn = registeredOn;
  const terminatedOn = egrulDateToIso(row.e);
  if (terminatedOn) record.terminatedOn = terminatedOn;
  return record;
}

/**
 * The row that speaks for `inn`: its `i` equals the INN and it has neither `e` nor `v`. One INN can
 * return an old terminated registration next to the current one. With no live row, the most recently
 * terminated one, so the decision can say "terminated"; with none of those, an erroneous one.
 */
export function selectEgrulRow(rows: readonly EgrulRow[], inn: string): EgrulRow | undefined {
  return selectCurrentRecord(
    rows.map((row) => ({ row, record: mapEgrulRow(row) })),
    inn,
  )?.row;
}
