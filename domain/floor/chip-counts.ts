import { putRecords, recordAt } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';
import type { FloorTournament } from './aggregate';
import { currentFieldViews } from './field-views';

/*
 * R-CHIP-1: the floor records entries' chip counts (end of a level, bagging, the final table). Chips in
 * play are what the tournament granted: every counted entry's starting stack, rebuys and add-ons (each
 * entry's `chips`, set from the settings when it was created or topped up). The average is chips in play
 * over the entries still in play; the chip leader is the largest recorded count among them.
 */

/** Counts one call may carry: a whole field of a large tournament bagged at once. */
export const MAX_CHIP_COUNTS = 10_000;
/** A stack larger than this is a typing error, whatever the structure. */
export const MAX_STACK = 1_000_000_000_000;

/** One entry's last recorded stack. */
export interface ChipCount {
  chips: number;
  at: number;
  by: string;
}

export type ChipCountEvent = { type: 'chips.counted'; entries: number; total: number };

export interface ChipCountInput {
  entryId: string;
  chips: number;
}

/** Chips the tournament granted, with where they came from (cancelled fees left out). */
export function chipsInPlay(t: FloorTournament): { total: number; startingStacks: number; rebuys: number; addOns: number } {
  const { total, rebuys, addOns } = currentFieldViews(t).chips;
  return { total, startingStacks: total - rebuys - addOns, rebuys, addOns };
}

export interface ChipLeader {
  entryId: string;
  playerId: string;
  chips: number;
  countedAt: number;
}

/** The summary a screen shows: chips in play, entries in play, average, and the leader where counts exist. */
export function chipSummary(t: FloorTournament) {
  const views = currentFieldViews(t);
  const inPlay = chipsInPlay(t);
  const playersLeft = views.entries.activeEntries;
  return {
    chipsInPlay: inPlay,
    playersLeft,
    averageStack: playersLeft > 0 ? Math.round(inPlay.total / playersLeft) : null,
    countedEntries: views.countedEntries,
    chipLeader: views.chipLeader,
  };
}

/**
 * Records stacks, one or many at once (a table, or the whole field at bagging). Each must be a whole
 * number from 0 up, of an entry still in play, listed once; the call's stacks together cannot exceed
 * the chips in play. All or none: one bad count refuses the call.
 */
export function recordChipCounts(
  state: FloorTournament,
  counts: readonly ChipCountInput[],
  ctx: Context,
): { state: FloorTournament; events: ChipCountEvent[] } {
  if (state.status !== 'running') {
    throw conflict('TOURNAMENT_NOT_RUNNING', `Chip counts are recorded while the tournament runs (status ${state.status})`);
  }
  if (counts.length === 0 || counts.length > MAX_CHIP_COUNTS) {
    throw ruleError('CHIP_COUNTS_INVALID', `Give 1 to ${MAX_CHIP_COUNTS} counts`, [
      { field: 'counts', message: `1 to ${MAX_CHIP_COUNTS} counts` },
    ]);
  }
  const seen = new Set<string>();
  const issues: { field: string; message: string }[] = [];
  let total = 0;
  counts.forEach((c, i) => {
    if (!Number.isSafeInteger(c.chips) || c.chips < 0 || c.chips > MAX_STACK) {
      issues.push({ field: `counts[${i}].chips`, message: `a whole number of chips, 0 to ${MAX_STACK}` });
    }
    if (seen.has(c.entryId)) issues.push({ field: `counts[${i}].entryId`, message: 'listed more than once' });
    seen.add(c.entryId);
    total += c.chips;
  });
  if (issues.length > 0) throw ruleError('CHIP_COUNT_INVALID', `Chip count invalid: ${issues[0]?.field} ${issues[0]?.message}`, issues);
  for (const c of counts) {
    const entry = recordAt(state.entries, c.entryId);
    if (!entry) throw notFound('ENTRY_NOT_FOUND', `No entry ${c.entryId} in this tournament`);
    if (entry.status !== 'active') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${c.entryId} is ${entry.status}: it has no stack to count`);
  }
  const inPlay = chipsInPlay(state).total;
  if (total > inPlay) {
    throw ruleError('CHIPS_EXCEED_IN_PLAY', `The counts add up to ${total}, ${total - inPlay} more than the ${inPlay} chips in play`, [
      { field: 'counts', message: `${total - inPlay} chips more than in play (${inPlay})` },
    ]);
  }
  const chipCounts = putRecords(
    state.chipCounts,
    counts.map((c) => [c.entryId, { chips: c.chips, at: ctx.now, by: ctx.actor.id }] as const),
  );
  return {
    state: { ...state, chipCounts, updatedAt: ctx.now },
    events: [{ type: 'chips.counted', entries: counts.length, total }],
  };
}
