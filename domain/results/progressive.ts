import type { EntryRef } from './entry-ref';
import { activeKnockouts, type Knockout, type KnockoutsState } from './state';

/**
 * R-BTY-3 Beyond: progressive knockout (PKO) in tournament points, never money (R-MONEY-1).
 * Every entry starts with `initialBounty` points on its head, re-entries too. On a knockout the busted
 * entry's bounty is split: `collectPercent` of it (rounded down) goes to the killer's collected total,
 * the rest onto the killer's own bounty. Two killers share both parts by their credit (R-KO-3): 0.5 each,
 * the primary taking the odd point; under `primary_only` the second killer's half is awarded to nobody
 * (kept in `unawarded` for the audit).
 *
 * Nothing of this is stored: the values are replayed from the active knockout records in elimination
 * order, so cancelling a knockout (R-KO-6) restores every value, those of later knockouts included.
 */
export interface ProgressiveSettings {
  initialBounty: number;
  /** Share of a busted bounty that the killer collects, 0..100; the rest goes onto his own bounty. */
  collectPercent: number;
}

export const DEFAULT_INITIAL_BOUNTY = 100;
export const DEFAULT_COLLECT_PERCENT = 50;

export interface BountyShare {
  entryId: string;
  playerId: string;
  /** Points added to the killer's collected total. */
  collected: number;
  /** Points added to the killer's own bounty. */
  added: number;
}

export interface KnockoutBounty {
  /** The busted entry's bounty when it went out. */
  bustedBounty: number;
  shares: BountyShare[];
  /** Points nobody received: only the uncredited half under `primary_only`. */
  unawarded: number;
}

export interface ProgressiveLedger {
  /** Current bounty of every entry that has one other than the initial bounty; see `bountyOf`. */
  bounty: Record<string, number>;
  /** Points collected per killer entry. */
  collected: Record<string, number>;
  /** The split of each active knockout. */
  byKnockout: Record<string, KnockoutBounty>;
}

/** Elimination order; ids break ties inside a hand (its busts do not feed one another). */
const byElimination = (a: Knockout, b: Knockout): number =>
  a.eliminationNumber - b.eliminationNumber || a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Splits `points` by the credits: 1 takes all; 0.5 each takes a half, the first the odd point. */
function splitByCredit(points: number, credits: readonly number[]): number[] {
  if (credits.length === 1 && credits[0] === 1) return [points];
  const half = Math.ceil(points / 2);
  return credits.map((_, i) => (i === 0 ? half : points - half));
}

export function progressiveLedger(state: KnockoutsState, settings: ProgressiveSettings): ProgressiveLedger {
  const bounty: Record<string, number> = {};
  const collected: Record<string, number> = {};
  const byKnockout: Record<string, KnockoutBounty> = {};
  const current = (entryId: string): number => bounty[entryId] ?? settings.initialBounty;
  for (const ko of activeKnockouts(state).sort(byElimination)) {
    const bustedBounty = current(ko.bustedEntryId);
    const toCollect = Math.floor((bustedBounty * settings.collectPercent) / 100);
    const toAdd = bustedBounty - toCollect;
    // A half for each 0.5 credit: the missing half of `primary_only` stays unawarded.
    const credits = ko.killers.map((k) => k.credit);
    const collects = splitByCredit(toCollect, credits);
    const adds = splitByCredit(toAdd, credits);
    const shares: BountyShare[] = ko.killers.map((k, i) => ({
      entryId: k.entryId,
      playerId: k.playerId,
      collected: collects[i] ?? 0,
      added: adds[i] ?? 0,
    }));
    for (const s of shares) {
      collected[s.entryId] = (collected[s.entryId] ?? 0) + s.collected;
      bounty[s.entryId] = current(s.entryId) + s.added;
    }
    const awarded = shares.reduce((sum, s) => sum + s.collected + s.added, 0);
    byKnockout[ko.id] = { bustedBounty, shares, unawarded: bustedBounty - awarded };
  }
  return { bounty, collected, byKnockout };
}

export const bountyOf = (ledger: ProgressiveLedger, entryId: string, settings: ProgressiveSettings): number =>
  ledger.bounty[entryId] ?? settings.initialBounty;

/**
 * Points a player won over all his entries (R-REENTRY-6). The champion also takes the bounty on his
 * own head, as at a live PKO final, so the points of all players add up to the bounties put in.
 */
export function bountyPointsOfPlayer(
  ledger: ProgressiveLedger,
  settings: ProgressiveSettings,
  entries: readonly EntryRef[],
  entryIds: readonly string[],
  champion: boolean,
): number {
  let points = entryIds.reduce((sum, id) => sum + (ledger.collected[id] ?? 0), 0);
  if (champion) {
    const inPlay = entries.find((e) => entryIds.includes(e.id) && e.status === 'active');
    if (inPlay) points += bountyOf(ledger, inPlay.id, settings);
  }
  return points;
}
