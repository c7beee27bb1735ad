import { ruleError, type FieldIssue } from '../core/errors';
import type { EntryRef } from './entry-ref';

export interface ItmSettings {
  /** Share of the field that is placed, 0..100. */
  percent: number;
  /** Places paid at the very least (>= 1). */
  minimum: number;
}

/**
 * R-ITM-1: round(percent x entries), at least the minimum, at most the field. `entriesCount`
 * is the number of entries including re-entries (the seed counts "входы"; see decisions).
 * Integer percent x integer count is exact before the division, so halves round up reliably.
 */
export function paidPlaces(entriesCount: number, percent: number, minimum: number): number {
  const issues: FieldIssue[] = [];
  if (!Number.isInteger(entriesCount) || entriesCount < 0) {
    issues.push({ field: 'entriesCount', message: 'must be a non-negative integer' });
  }
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    issues.push({ field: 'percent', message: 'must be between 0 and 100' });
  }
  if (!Number.isInteger(minimum) || minimum < 1) {
    issues.push({ field: 'minimum', message: 'must be an integer of at least 1' });
  }
  if (issues.length > 0) throw ruleError('INVALID_ITM_SETTINGS', 'Invalid ITM settings (R-ITM-1)', issues);
  return Math.min(entriesCount, Math.max(minimum, Math.round((entriesCount * percent) / 100)));
}

export interface Standings {
  /** Entries still in play (a player holds at most one). */
  playersLeft: number;
  /** Entries that count for the field: every entry but the void ones. */
  entries: number;
  placesPaid: number;
  /** Eliminations still needed before every remaining player is placed. */
  eliminationsToMoney: number;
  /** Exactly one more elimination reaches the places. */
  onBubble: boolean;
  /** Every remaining player is placed. */
  inTheMoney: boolean;
}

/** R-ITM-2: the live summary shown to the floor and the players. */
export function standingsSummary(entries: readonly EntryRef[], itm: ItmSettings): Standings {
  const counted = entries.filter((e) => e.status !== 'void');
  const playersLeft = counted.filter((e) => e.status === 'active').length;
  const placesPaid = paidPlaces(counted.length, itm.percent, itm.minimum);
  const eliminationsToMoney = Math.max(0, playersLeft - placesPaid);
  return {
    playersLeft,
    entries: counted.length,
    placesPaid,
    eliminationsToMoney,
    onBubble: eliminationsToMoney === 1,
    inTheMoney: playersLeft > 0 && eliminationsToMoney === 0,
  };
}
