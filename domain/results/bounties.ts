import { creditsByEntry } from './credits';
import type { KnockoutsState } from './state';

/** R-BTY-1. */
export type BountyType = 'none' | 'classic' | 'progressive' | 'mystery';
export const BOUNTY_TYPES: readonly BountyType[] = ['none', 'classic', 'progressive', 'mystery'];

/**
 * R-BTY-3 (DEBT): a progressive bounty counts credits like a classic one. The setting is the
 * slot for real accumulation (a bounty value per entry split between the killer's own bounty
 * and his collected total); only `as_classic` exists today.
 */
export type ProgressiveMode = 'as_classic';

/**
 * R-MYS-2: `per_killer_entry` is the documented behaviour (one draw per killer entry in the
 * tournament, the default); `per_knockout` lets a killer draw once for each knockout.
 */
export type MysteryDrawScope = 'per_killer_entry' | 'per_knockout';

export interface BountySettings {
  type: BountyType;
  progressiveMode?: ProgressiveMode;
  mysteryDrawScope?: MysteryDrawScope;
}

/** R-MYS-1: the mystery draw is switched on by choosing the mystery bounty type. */
export const mysteryEnabled = (settings: BountySettings): boolean => settings.type === 'mystery';

/**
 * The bounty credits per killer entry that count as a reward (R-BTY-2). Without a bounty the
 * knockouts still order the places and feed the statistics, but earn nothing: empty.
 * Classic, progressive (as classic, R-BTY-3) and mystery count every credit; a mystery
 * bounty adds its draws on top (see mystery.ts).
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
