import { spreadsheetCsv } from '../results/csv';
import type { StandingRow } from './standings';

export const STANDINGS_CSV_HEADER = ['place', 'playerId', 'points', 'played', 'counted', 'wins', 'bestPlace', 'qualified'] as const;

/** R-LEAGUE-5: the standings as the exports' CSV (RFC 4180, CRLF, a byte order mark); no place while unqualified. */
export function standingsToCsv(rows: readonly StandingRow[]): string {
  return spreadsheetCsv(
    STANDINGS_CSV_HEADER,
    rows.map((r) => [r.place === null ? '' : r.place, r.playerId, r.points, r.played, r.counted, r.wins, r.bestPlace, r.qualified]),
  );
}
