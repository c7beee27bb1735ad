import { ruleError, type FieldIssue } from '../core/errors';
import type { DupTable } from './seating';

/**
 * R-DUP-4: the chip counts the floor enters for one table at the end of a round. Every seat started the round
 * with the starting stack, the empty ones too (they post their forced bets from it, R-DUP-5), and chips never
 * appear or vanish: the counts of the players and of the empty seats add up to seats x starting stack.
 */
export interface TableCounts {
  counts: { playerId: string; chips: number }[];
  /** What is left in front of each empty seat. */
  emptySeats: { seat: number; chips: number }[];
}

export const tableTotal = (table: DupTable, startingStack: number): number => table.seats.length * startingStack;

export function checkCounts(table: DupTable, input: TableCounts, startingStack: number): void {
  const issues: FieldIssue[] = [];
  const at = new Set(table.seats.filter((p): p is string => p !== null));
  const seen = new Set<string>();
  input.counts.forEach((c, i) => {
    const field = `counts[${i}].playerId`;
    if (!at.has(c.playerId)) issues.push({ field, message: `${c.playerId} does not sit at table ${table.table} this round` });
    else if (seen.has(c.playerId)) issues.push({ field, message: `${c.playerId} is counted twice` });
    seen.add(c.playerId);
  });
  if (issues.length) throw ruleError('COUNT_PLAYER_NOT_AT_TABLE', issues.map((i) => i.message).join('; '), issues);
  const missing = [...at].filter((p) => !seen.has(p));
  if (missing.length)
    throw ruleError(
      'COUNT_MISSING',
      `table ${table.table}: no count for ${missing.join(', ')}`,
      missing.map((p) => ({ field: 'counts', message: `no count for ${p}` })),
    );
  const empty = new Set(table.seats.flatMap((p, i) => (p === null ? [i + 1] : [])));
  const emptySeen = new Set<number>();
  input.emptySeats.forEach((e, i) => {
    const field = `emptySeats[${i}].seat`;
    if (!empty.has(e.seat) || emptySeen.has(e.seat))
      issues.push({ field, message: `seat ${e.seat} is not an empty seat of table ${table.table} (or is given twice)` });
    emptySeen.add(e.seat);
  });
  for (const s of empty)
    if (!emptySeen.has(s))
      issues.push({ field: 'emptySeats', message: `empty seat ${s} needs its count (the chips left after its forced bets)` });
  if (issues.length) throw ruleError('COUNT_EMPTY_SEATS', issues.map((i) => i.message).join('; '), issues);
  const expected = tableTotal(table, startingStack);
  const got = input.counts.reduce((a, c) => a + c.chips, 0) + input.emptySeats.reduce((a, e) => a + e.chips, 0);
  if (got !== expected) {
    throw ruleError(
      'COUNT_TOTAL_MISMATCH',
      `table ${table.table}: the counts add up to ${got}, the table holds ${expected} (${table.seats.length} seats x ${startingStack})`,
      [{ field: 'counts', message: `sum ${got}, expected ${expected}` }],
    );
  }
}
