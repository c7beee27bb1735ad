import type { ResultRow } from './results';

export const RESULTS_CSV_HEADER = ['place', 'playerId', 'entryIds', 'lastEntryId', 'knockouts', 'prize'] as const;

/** RFC 4180: quote a field holding a comma, a double quote, CR or LF; double inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The results as CSV: a header line, one record per row, CRLF line breaks. */
export function resultsToCsv(rows: readonly ResultRow[]): string {
  const lines = [RESULTS_CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [String(r.place), r.playerId, r.entryIds.join(';'), r.lastEntryId, String(r.knockouts), r.prize ?? '']
        .map(csvField)
        .join(','),
    );
  }
  return lines.map((l) => `${l}\r\n`).join('');
}
