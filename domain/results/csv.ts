import type { BountyReward } from './bounties';
import type { ResultRow } from './results';

export const RESULTS_CSV_HEADER = ['place', 'playerId', 'entryIds', 'lastEntryId', 'knockouts', 'prize'] as const;

/** The column a bounty adds before `prize` (R-BTY-2); progressive points say "points" (R-MONEY-1). */
const BOUNTY_COLUMN: Record<BountyReward, { name: string; value: (r: ResultRow) => string } | undefined> = {
  none: undefined,
  bounties: { name: 'bounties', value: (r) => String(r.bounties ?? 0) },
  points: { name: 'bountyPoints', value: (r) => String(r.bountyPoints ?? 0) },
  mystery_prizes: { name: 'mysteryPrizes', value: (r) => (r.mysteryPrizes ?? []).join('; ') },
};

/** RFC 4180: quote a field holding a comma, a double quote, CR or LF; double inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The results as CSV: a header line, one record per row, CRLF line breaks. */
export function resultsToCsv(rows: readonly ResultRow[], reward: BountyReward = 'none'): string {
  const extra = BOUNTY_COLUMN[reward];
  const header: string[] = [...RESULTS_CSV_HEADER];
  if (extra) header.splice(header.length - 1, 0, extra.name);
  const lines = [header.join(',')];
  for (const r of rows) {
    const fields = [String(r.place), r.playerId, r.entryIds.join(';'), r.lastEntryId, String(r.knockouts)];
    if (extra) fields.push(extra.value(r));
    fields.push(r.prize ?? '');
    lines.push(fields.map(csvField).join(','));
  }
  return lines.map((l) => `${l}\r\n`).join('');
}
