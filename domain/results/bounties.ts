import { creditsByEntry } from './credits';
import type { MysteryPrizeRow, MysteryPrizeSource } from './mystery-table';
import type { ProgressiveSettings } from './progressive';
import type { KnockoutsState } from './state';

/** R-BTY-1. */
export type BountyType = 'none' | 'classic' | 'progressive' | 'mystery';
export const BOUNTY_TYPES: readonly BountyType[] = ['none', 'classic', 'progressive', 'mystery'];

/**
 * R-BTY-3: `accumulate` is real progressive accumulation (progressive.ts: a bounty value per entry split
 * between the killer's collected total and his own bounty, in points); `as_classic` keeps the documented
 * behaviour, credits counted like a classic bounty.
 */
export type ProgressiveMode = 'as_classic' | 'accumulate';
export const PROGRESSIVE_MODES: readonly ProgressiveMode[] = ['as_classic', 'accumulate'];

/**
 * R-MYS-2: `per_killer_entry` is the documented behaviour (one draw per killer entry in the
 * tournament, the default); `per_knockout` lets a killer draw once for each knockout.
 */
export type MysteryDrawScope = 'per_killer_entry' | 'per_knockout';

export interface BountySettings {
  type: BountyType;
  progressiveMode?: ProgressiveMode;
  /** For `accumulate`; defaults in progressive.ts. */
  progressive?: ProgressiveSettings;
  mysteryDrawScope?: MysteryDrawScope;
  /** R-MYS-2 Beyond: where the drawn prize comes from; `client_text` when unset. */
  mysteryPrizeSource?: MysteryPrizeSource;
  /** The committed table and its secret seed, for `server_table`. */
  mysteryTable?: { rows: readonly MysteryPrizeRow[]; seed: string };
}

/** What a bounty earns in the results (R-BTY-2): a count of bounties, points, or mystery prizes. */
export type BountyReward = 'none' | 'bounties' | 'points' | 'mystery_prizes';

export function bountyReward(settings: BountySettings): BountyReward {
  switch (settings.type) {
    case 'none':
      return 'none';
    case 'classic':
      return 'bounties';
    case 'progressive':
      return settings.progressiveMode === 'accumulate' ? 'points' : 'bounties';
    case 'mystery':
      return 'mystery_prizes';
  }
}

/** R-MYS-1: the mystery draw is switched on by choosing the mystery bounty type. */
export const mysteryEnabled = (settings: BountySettings): boolean => settings.type === 'mystery';

/**
 * The bounty credits per killer entry that count as a reward (R-BTY-2). Without a bounty the
 * knockouts still order the places and feed the statistics, but earn nothing: empty.
 * Classic, progressive and mystery count every credit; a progressive `accumulate` bounty
 * also earns points (progressive.ts) and a mystery bounty its draws (mystery.ts).
 */
export function bountyCredits(state: KnockoutsState, settings: BountySettings): Record<string, number> {
  switch (settings.type) {
    case 'none':
      return {};
    case 'classic':
    case 'progressive':
    case 'mystery':
      return creditsByEntry(state);
  }
}
