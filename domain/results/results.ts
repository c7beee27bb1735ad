import { creditsOfEntries } from './credits';
import type { EntryRef } from './entry-ref';
import { finalPlaces } from './places';
import { prizeForPlace, type PrizeRow } from './prizes';
import type { KnockoutsState } from './state';

export interface ResultRow {
  place: number;
  playerId: string;
  entryIds: string[];
  lastEntryId: string;
  /** Sum of knockout credits over all the player's entries; may be fractional (R-PLC-3). */
  knockouts: number;
  prize?: string;
}

/**
 * The final table of a tournament: places (R-PLC-1..3), knockout credits per player
 * (R-REENTRY-6) and the non-monetary prize of each place, sorted by place.
 * Pass the tournament's prize rows, or `presetRows(...)` for a preset.
 */
export function results(
  state: KnockoutsState,
  entries: readonly EntryRef[],
  prizes: readonly PrizeRow[] = [],
): ResultRow[] {
  return finalPlaces(state, entries).map((p) => {
    const prize = prizeForPlace(prizes, p.place);
    return {
      place: p.place,
      playerId: p.playerId,
      entryIds: p.entryIds,
      lastEntryId: p.lastEntryId,
      knockouts: creditsOfEntries(state, p.entryIds),
      ...(prize !== undefined ? { prize } : {}),
    };
  });
}
