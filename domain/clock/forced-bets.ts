import { advanceTo } from './advance';
import type { AnteType, BlindStructure, Blinds } from './structure';
import { blindsAt, elapsedInLevelMs, levelAt } from './timer';
import type { TimerState } from './timer';

/*
 * R-NOSHOW-2 / R-LATE-1: the forced bets one seat has posted since the clock started, from the clock
 * alone (see docs/decisions/forced-bets.md). A live table deals about 30 hands an hour (a tournament
 * may set another pace), so an orbit of a table of n seats lasts n hands of two minutes of playing
 * time; pauses and breaks take no time off the orbit. Each completed orbit costs one seat the small blind, the big blind and its antes at the
 * level in force when the orbit completes: a classic ante once per hand (n antes), a big-blind ante
 * once per orbit (the seat pays it when it is the big blind), none otherwise.
 */

/** Hands dealt per hour of playing time at one table, unless the tournament sets its own pace. */
export const DEFAULT_HANDS_PER_HOUR = 30;

/**
 * Where the forced-bet count stood when it was last brought up to date: the clock position (level,
 * time into it), the playing time counted and the chips one seat had posted in completed orbits.
 * Stored beside the timer and moved on whenever the timer is stored; between two writes the rest is
 * derived from the timer, so a read and the next write always agree.
 */
export interface ForcedBetsLedger {
  levelIndex: number;
  elapsedMs: number;
  playedMs: number;
  posted: number;
}

export const initialLedger = (): ForcedBetsLedger => ({ levelIndex: 0, elapsedMs: 0, playedMs: 0, posted: 0 });

export const orbitMs = (seats: number, handsPerHour = DEFAULT_HANDS_PER_HOUR): number => Math.round((seats * 3_600_000) / handsPerHour);

/** What one seat posts in one orbit of `seats` hands at these blinds. */
export function orbitCost(blinds: Blinds, anteType: AnteType, seats: number): number {
  const antes = anteType === 'classic' ? blinds.ante * seats : anteType === 'bb' ? blinds.ante : 0;
  return blinds.smallBlind + blinds.bigBlind + antes;
}

/** The clock position of a timer at `now`: the level it is really at and the time into it. */
function positionAt(timer: TimerState, structure: BlindStructure, now: number): { levelIndex: number; elapsedMs: number } {
  const t = advanceTo(timer, structure, now).timer;
  return { levelIndex: t.levelIndex, elapsedMs: elapsedInLevelMs(t, structure, now) };
}

/**
 * The ledger brought to `now` along the timer's own course: the rest of the ledger's level, every level
 * the schedule has passed since, and the time into the current one. A position behind the ledger's
 * (only a staff move makes one, and that move repositions the ledger) plays nothing.
 */
export function settleLedger(
  ledger: ForcedBetsLedger,
  timer: TimerState,
  structure: BlindStructure,
  now: number,
  seats: number,
  handsPerHour = DEFAULT_HANDS_PER_HOUR,
): ForcedBetsLedger {
  if (timer.status === 'not_started') return ledger;
  const to = positionAt(timer, structure, now);
  const behind = to.levelIndex < ledger.levelIndex || (to.levelIndex === ledger.levelIndex && to.elapsedMs < ledger.elapsedMs);
  if (behind) return { ...ledger, ...to };
  const orbit = orbitMs(seats, handsPerHour);
  let { playedMs, posted } = ledger;
  for (let i = ledger.levelIndex; i <= to.levelIndex; i++) {
    const level = levelAt(structure, i);
    if (level.isBreak) continue;
    const from = i === ledger.levelIndex ? ledger.elapsedMs : 0;
    const until = i === to.levelIndex ? to.elapsedMs : level.durationSec * 1000;
    if (until <= from) continue;
    const before = Math.floor(playedMs / orbit);
    playedMs += until - from;
    const orbits = Math.floor(playedMs / orbit) - before;
    if (orbits > 0) posted += orbits * orbitCost(blindsAt(timer, structure, i), structure.anteType, seats);
  }
  return { levelIndex: to.levelIndex, elapsedMs: to.elapsedMs, playedMs, posted };
}

/**
 * After a write of the timer: the play up to `now` counted on the old course, then the position set to
 * where the new timer stands (a manual move jumps without counting play; an automatic advance lands
 * exactly where the old course had got to).
 */
export function carryLedger(
  ledger: ForcedBetsLedger | undefined,
  before: TimerState,
  after: TimerState,
  structure: BlindStructure,
  now: number,
  seats: number,
  handsPerHour = DEFAULT_HANDS_PER_HOUR,
): ForcedBetsLedger {
  const settled = settleLedger(ledger ?? initialLedger(), before, structure, now, seats, handsPerHour);
  if (after.status === 'not_started') return settled;
  return { ...settled, ...positionAt(after, structure, now) };
}

/** The lowest stack a late entrant gets under `minus_forced_bets`: half the starting stack, rounded up. */
export const lateEntryFloor = (startingStack: number): number => Math.ceil(startingStack / 2);

/** R-LATE-1: the starting stack less what one seat has posted so far, never below the floor. */
export function lateEntryChips(startingStack: number, postedSoFar: number): number {
  return Math.max(lateEntryFloor(startingStack), startingStack - Math.max(0, postedSoFar));
}
