import { advanceTo } from './advance';
import { breaksUpTo, playingLevelNumber } from './structure';
import type { BlindStructure } from './structure';
import { blindsAt, elapsedInLevelMs, lastLevelIndex, levelAt, levelDurationMs } from './timer';
import type { ClockStatus, TimerState } from './timer';

export interface LevelView {
  levelIndex: number;
  /** 1-based among playing levels; null for a break. */
  levelNumber: number | null;
  isBreak: boolean;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  overridden: boolean;
  durationSec: number;
  label?: string;
}

export interface ClockView {
  status: ClockStatus;
  revision: number;
  /** The `now` this view was computed for, so a client can correct its own clock. */
  now: number;
  current: LevelView;
  /** 1-based number of the current break, null when not on a break. */
  breakNumber: number | null;
  /**
   * R-CLK-4 / R-ADDON-2: breaks the clock has reached: break levels at or before the current level once
   * the clock has started (a break counts from the moment it starts). "Reached break N" = breaksPassed >= N.
   */
  breaksPassed: number;
  elapsedMs: number;
  timeLeftMs: number;
  /** Pause-adjusted: levelEndsAt - levelStartedAt is always the level duration. Null when not running/finished. */
  levelStartedAt: number | null;
  /** Null when paused or not started. */
  levelEndsAt: number | null;
  pausedAt: number | null;
  finishedAt: number | null;
  next: LevelView | null;
}

function levelView(timer: TimerState, structure: BlindStructure, index: number): LevelView {
  const level = levelAt(structure, index);
  const blinds = blindsAt(timer, structure, index);
  const view: LevelView = {
    levelIndex: index,
    levelNumber: playingLevelNumber(structure, index),
    isBreak: level.isBreak,
    ...blinds,
    overridden: timer.overrides.some((o) => o.levelIndex === index),
    durationSec: level.durationSec,
  };
  if (level.label !== undefined) view.label = level.label;
  return view;
}

/**
 * R-CLK-3: what the clock shows at `now`, derived from the stored timer alone (the server is the source
 * of truth). Level ends that have passed are applied first, so the view is right even when no scheduled
 * advance has been persisted yet.
 */
export function clockView(stored: TimerState, structure: BlindStructure, now: number): ClockView {
  const timer = advanceTo(stored, structure, now).timer;
  const index = timer.levelIndex;
  const duration = levelDurationMs(structure, index);
  const elapsed = elapsedInLevelMs(timer, structure, now);
  const ticking = timer.status === 'running' || timer.status === 'finished';
  const started = timer.status !== 'not_started';
  const isBreak = levelAt(structure, index).isBreak;
  return {
    status: timer.status,
    revision: timer.revision,
    now,
    current: levelView(timer, structure, index),
    breakNumber: started && isBreak ? breaksUpTo(structure, index) : null,
    breaksPassed: started ? breaksUpTo(structure, index) : 0,
    elapsedMs: elapsed,
    timeLeftMs: duration - elapsed,
    levelStartedAt: ticking ? timer.levelStartedAt : null,
    levelEndsAt: ticking && timer.levelStartedAt !== null ? timer.levelStartedAt + duration : null,
    pausedAt: timer.status === 'paused' ? timer.pausedAt : null,
    finishedAt: timer.status === 'finished' ? timer.finishedAt : null,
    next: timer.status !== 'finished' && index < lastLevelIndex(structure) ? levelView(timer, structure, index + 1) : null,
  };
}

/** The levels after the current one, the next first: at most `count` (a screen shows what is coming). */
export function upcomingLevels(stored: TimerState, structure: BlindStructure, now: number, count: number): LevelView[] {
  const timer = advanceTo(stored, structure, now).timer;
  if (timer.status === 'finished') return [];
  const out: LevelView[] = [];
  for (let i = timer.levelIndex + 1; i <= lastLevelIndex(structure) && out.length < count; i++) out.push(levelView(timer, structure, i));
  return out;
}

/**
 * Playing time the clock has counted so far along the structure: full durations of the levels before
 * the current one plus the time into it. Equals the running time since the start when nobody moved levels.
 */
export function clockTimeMs(stored: TimerState, structure: BlindStructure, now: number): number {
  const timer = advanceTo(stored, structure, now).timer;
  let total = elapsedInLevelMs(timer, structure, now);
  for (let i = 0; i < timer.levelIndex; i++) total += levelDurationMs(structure, i);
  return total;
}
