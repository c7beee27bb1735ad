import { recordValues } from '../core/record-map';
import { bountyReward, type BountySettings } from './bounties';
import { creditsByEntry, creditsOfEntries } from './credits';
import type { EntryRef } from './entry-ref';
import { finalPlaces } from './places';
import { prizeForPlace, type PrizeRow } from './prizes';
import { bountyPointsOfPlayer, DEFAULT_COLLECT_PERCENT, DEFAULT_INITIAL_BOUNTY, progressiveLedger } from './progressive';
import type { KnockoutsState } from './state';

export interface ResultRow {
  place: number;
  playerId: string;
  entryIds: string[];
  lastEntryId: string;
  /** Sum of knockout credits over all the player's entries; may be fractional (R-PLC-3). */
  knockouts: number;
  /** Classic bounty, or progressive counted as classic: bounty credits won (R-BTY-2). */
  bounties?: number;
  /** Progressive bounty: points won, never money (R-BTY-3, R-MONEY-1). */
  bountyPoints?: number;
  /** Mystery bounty: the prizes drawn by the player's entries, in draw order (R-MYS-1). */
  mysteryPrizes?: string[];
  prize?: string;
}

/**
 * The final table of a tournament: places (R-PLC-1..3), knockout credits per player
 * (R-REENTRY-6), what the bounty earned (R-BTY-2: nothing without a bounty, bounty credits for a
 * classic one, points for a progressive one, the prizes drawn for a mystery one) and the
 * non-monetary prize of each place, sorted by place.
 * Pass the tournament's prize rows, or `presetRows(...)` for a preset.
 */
export function results(
  state: KnockoutsState,
  entries: readonly EntryRef[],
  prizes: readonly PrizeRow[] = [],
  bounty: BountySettings = { type: 'none' },
): ResultRow[] {
  const reward = bountyReward(bounty);
  const progressive = {
    initialBounty: bounty.progressive?.initialBounty ?? DEFAULT_INITIAL_BOUNTY,
    collectPercent: bounty.progressive?.collectPercent ?? DEFAULT_COLLECT_PERCENT,
  };
  const ledger = reward === 'points' ? progressiveLedger(state, progressive) : undefined;
  // Each killer entry's drawn prizes in draw order, and each entry's credits: once for the table.
  const drawnBy = new Map<string, { sequence: number; text: string }[]>();
  for (const d of recordValues(state.mysteryDraws)) {
    if (d.prizeText === undefined) continue;
    drawnBy.set(d.killerEntryId, [...(drawnBy.get(d.killerEntryId) ?? []), { sequence: d.sequence, text: d.prizeText }]);
  }
  const credits = creditsByEntry(state);
  return finalPlaces(state, entries).map((p) => {
    const prize = prizeForPlace(prizes, p.place);
    const knockouts = creditsOfEntries(credits, p.entryIds);
    const earned =
      reward === 'bounties'
        ? { bounties: knockouts }
        : ledger
          ? { bountyPoints: bountyPointsOfPlayer(ledger, progressive, entries, p.entryIds, p.eliminationNumber === null) }
          : reward === 'mystery_prizes'
            ? { mysteryPrizes: mysteryPrizesOf(drawnBy, p.entryIds) }
            : {};
    return {
      place: p.place,
      playerId: p.playerId,
      entryIds: p.entryIds,
      lastEntryId: p.lastEntryId,
      knockouts,
      ...earned,
      ...(prize !== undefined ? { prize } : {}),
    };
  });
}

/** The prizes an entry list drew, in draw order across its entries. */
function mysteryPrizesOf(
  drawnBy: ReadonlyMap<string, readonly { sequence: number; text: string }[]>,
  entryIds: readonly string[],
): string[] {
  return entryIds
    .flatMap((id) => drawnBy.get(id) ?? [])
    .sort((a, b) => a.sequence - b.sequence)
    .map((d) => d.text);
}
