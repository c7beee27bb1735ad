import { csvField } from '../results/csv';
import type { StandingRow } from './standings';

export const STANDINGS_CSV_HEADER = ['place', 'playerId', 'points', 'played', 'counted', 'wins', 'bestPlace', 'qualified'] as const;

/** R-LEAGUE-5: the standings as CSV (RFC 4180, CRLF), one record per row; no place while unqualified. */
export function standingsToCsv(rows: readonly StandingRow[]): string {
  const lines = [STANDINGS_CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.place === null ? '' : String(r.place),
        r.playerId,
        String(r.points),
        String(r.played),
        String(r.counted),
        String(r.wins),
        String(r.bestPlace),
        String(r.qualified),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return lines.map((l) => `${l}\r\n`).join('');
}
