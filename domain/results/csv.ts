import { stringify } from 'csv-stringify/sync';
import type { BountyReward } from './bounties';
import type { ResultRow } from './results';

/** A row as exported: the name results show beside the player (a pseudonym once the player is erased, R-PD-1). */
export type ExportedResultRow = ResultRow & { displayName?: string };

type Column = { header: string; value: (r: ExportedResultRow) => string | number };

const COLUMNS: readonly Column[] = [
  { header: 'place', value: (r) => r.place },
  { header: 'playerId', value: (r) => r.playerId },
  { header: 'displayName', value: (r) => r.displayName ?? '' },
  { header: 'entryIds', value: (r) => r.entryIds.join(';') },
  { header: 'lastEntryId', value: (r) => r.lastEntryId },
  { header: 'knockouts', value: (r) => r.knockouts },
];
const PRIZE: Column = { header: 'prize', value: (r) => r.prize ?? '' };

/** The column a bounty adds before `prize` (R-BTY-2); progressive points say "points" (R-MONEY-1). */
const BOUNTY_COLUMN: Record<BountyReward, Column | undefined> = {
  none: undefined,
  bounties: { header: 'bounties', value: (r) => r.bounties ?? 0 },
  points: { header: 'bountyPoints', value: (r) => r.bountyPoints ?? 0 },
  mystery_prizes: { header: 'mysteryPrizes', value: (r) => (r.mysteryPrizes ?? []).join('; ') },
};

/** The header of the export for a bounty reward. */
export function resultsCsvHeader(reward: BountyReward = 'none'): string[] {
  return columnsFor(reward).map((c) => c.header);
}

function columnsFor(reward: BountyReward): Column[] {
  const extra = BOUNTY_COLUMN[reward];
  return [...COLUMNS, ...(extra ? [extra] : []), PRIZE];
}

/**
 * The results as CSV for a spreadsheet: RFC 4180 (comma-separated, CRLF line breaks, a field quoted when
 * it holds a comma, a quote or a line break), with a UTF-8 byte order mark so that a spreadsheet reads
 * Cyrillic names and prizes as UTF-8 rather than the system's code page. Names and prize texts are
 * typed by people: one that starts like a formula (=, +, -, @) is prefixed with a quote so that a
 * spreadsheet shows it as text instead of running it.
 */
export function resultsToCsv(rows: readonly ExportedResultRow[], reward: BountyReward = 'none'): string {
  const columns = columnsFor(reward);
  return spreadsheetCsv(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => c.value(r))),
  );
}

/** A table as the CSV of the exports (results, league standings): see resultsToCsv. */
export function spreadsheetCsv(header: readonly string[], records: readonly (readonly (string | number | boolean)[])[]): string {
  return stringify(
    records.map((r) => [...r]),
    {
      bom: true,
      header: true,
      columns: [...header],
      record_delimiter: 'windows',
      // RFC 4180 quotes any field with CR or LF; the library quotes only the record delimiter once one is set.
      quote_record_delimiter: true,
      escape_formulas: true,
      cast: { boolean: (b) => String(b) },
    },
  );
}
