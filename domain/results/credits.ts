import { activeKnockouts, type KnockoutsState } from './state';

/**
 * Knockout credits summed per killer entry over the active records (R-BTY-2 classic).
 * Fractions come only from 0.5 credits, which add up exactly in binary floating point.
 */
export function creditsByEntry(state: KnockoutsState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const ko of activeKnockouts(state)) {
    for (const k of ko.killers) out[k.entryId] = (out[k.entryId] ?? 0) + k.credit;
  }
  return out;
}

/**
 * R-PLC-3, R-REENTRY-6: a player's knockouts are the credits of all his entries. `byEntry` is
 * creditsByEntry's, computed once for the whole table (once per player, the table would take the field
 * times the knockouts).
 */
export function creditsOfEntries(byEntry: Readonly<Record<string, number>>, entryIds: readonly string[]): number {
  return entryIds.reduce((sum, id) => sum + (byEntry[id] ?? 0), 0);
}
