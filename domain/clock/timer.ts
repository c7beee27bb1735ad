import { conflict } from '../core/errors';
import type { ClockEvent } from './events';
import { breaksUpTo } from './structure';
import type { BlindStructure, Blinds, Level } from './structure';

export type ClockStatus = 'not_started' | 'running' | 'paused' | 'finished';

/** Blinds set by staff for one level of this tournament's clock (R-CLK-3). */
export interface LevelOverride extends Blinds {
  levelIndex: number;
}

/**
 * The stored clock (R-CLK-3). Small and JSON-serialisable; everything shown is derived from it and `now`.
 *
 * - not_started: levelIndex 0, all times null.
 * - running: `levelStartedAt` is the pause-adjusted start, so time into the level = now - levelStartedAt.
 * - paused: `elapsedAtPause` holds the time into the level, `pausedAt` when it stopped; levelStartedAt null.
 * - finished: the last level ran out at `finishedAt` (= levelStartedAt + its duration); the clock stays there.
 *
 * `revision` goes up by one on every command and never on an automatic advance. Within one revision the
 * level ends follow from `levelStartedAt` and the durations alone, so (revision, levelIndex) names exactly
 * one scheduled level end (see onLevelEnd).
 */
export interface TimerState {
  status: ClockStatus;
  levelIndex: number;
  levelStartedAt: number | null;
  pausedAt: number | null;
  elapsedAtPause: number | null;
  finishedAt: number | null;
  /** First start of the clock. */
  startedAt: number | null;
  /** At most one per level; kept when the clock leaves the level and comes back. */
  overrides: LevelOverride[];
  revision: number;
}

export interface ClockResult {
  timer: TimerState;
  events: ClockEvent[];
}

export function initialTimer(): TimerState {
  return {
    status: 'not_started',
    levelIndex: 0,
    levelStartedAt: null,
    pausedAt: null,
    elapsedAtPause: null,
    finishedAt: null,
    startedAt: null,
    overrides: [],
    revision: 0,
  };
}

/** The level at `index`; a timer pointing outside its structure is a stored-state conflict, not a crash. */
export function levelAt(structure: BlindStructure, index: number): Level {
  const level = structure.levels[index];
  if (level === undefined) {
    throw conflict('CLOCK_STRUCTURE_MISMATCH', `The clock is at level index ${index}, the structure has ${structure.levels.length} levels`);
  }
  return level;
}

export const levelDurationMs = (structure: BlindStructure, index: number): number => levelAt(structure, index).durationSec * 1000;

export const lastLevelIndex = (structure: BlindStructure): number => structure.levels.length - 1;

/** Blinds in force at `index`: the override when there is one, else the structure's. */
export function blindsAt(timer: TimerState, structure: BlindStructure, index: number): Blinds {
  const o = timer.overrides.find((x) => x.levelIndex === index);
  const source: Blinds = o ?? levelAt(structure, index);
  return { smallBlind: source.smallBlind, bigBlind: source.bigBlind, ante: source.ante };
}

/** Time into the current level, 0..duration. Expects a timer already advanced to `now`. */
export function elapsedInLevelMs(timer: TimerState, structure: BlindStructure, now: number): number {
  const duration = levelDurationMs(structure, timer.levelIndex);
  switch (timer.status) {
    case 'not_started':
      return 0;
    case 'paused':
      return clamp(timer.elapsedAtPause ?? 0, 0, duration);
    case 'finished':
      return duration;
    case 'running':
      return clamp(now - (timer.levelStartedAt ?? now), 0, duration);
  }
}

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * R-CLK-4 events of moving from one level to another: leaving a break ends it, entering a break starts it.
 * Levels skipped over by a manual jump are not entered and emit nothing.
 */
export function transitionEvents(
  structure: BlindStructure,
  from: number | null,
  to: number,
  at: number,
  cause: ClockEvent['cause'],
): ClockEvent[] {
  const events: ClockEvent[] = [];
  if (from !== null && levelAt(structure, from).isBreak) {
    events.push({ type: 'break.ended', levelIndex: from, at, cause, breakNumber: breaksUpTo(structure, from) });
  }
  events.push({ type: 'level.started', levelIndex: to, at, cause });
  if (levelAt(structure, to).isBreak) {
    events.push({ type: 'break.started', levelIndex: to, at, cause, breakNumber: breaksUpTo(structure, to) });
  }
  return events;
}
