import { conflict, ruleError } from '../core/errors';
import { advanceTo } from './advance';
import type { ClockEvent } from './events';
import { blindsIssues } from './structure';
import type { BlindStructure, Blinds } from './structure';
import { clamp, lastLevelIndex, levelAt, levelDurationMs, transitionEvents } from './timer';
import type { ClockResult, TimerState } from './timer';

/*
 * R-CLK-3 staff commands. Each one first applies the level ends that have passed (the stored timer may
 * lag behind the scheduler), then acts on the level the clock is really at, bumps the revision and
 * returns the new timer with the events of both steps. Refusals throw and change nothing.
 */

function commit(advanced: ClockResult, patch: Partial<TimerState>, events: ClockEvent[]): ClockResult {
  const timer: TimerState = { ...advanced.timer, ...patch, revision: advanced.timer.revision + 1 };
  return { timer, events: [...advanced.events, ...events] };
}

function requireStarted(timer: TimerState): void {
  if (timer.status === 'not_started') throw conflict('CLOCK_NOT_STARTED', 'The clock has not been started');
}

/** Run state after a manual move or restart: a paused clock stays paused at the level's full time. */
function freshLevelState(timer: TimerState, now: number): Partial<TimerState> {
  if (timer.status === 'paused') {
    return { status: 'paused', levelStartedAt: null, pausedAt: now, elapsedAtPause: 0, finishedAt: null };
  }
  // running, or finished: moving or restarting after the end means play goes on.
  return { status: 'running', levelStartedAt: now, pausedAt: null, elapsedAtPause: null, finishedAt: null };
}

export function start(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  if (timer.status !== 'not_started') throw conflict('CLOCK_ALREADY_STARTED', 'The clock has already been started');
  levelAt(structure, 0);
  return commit(
    { timer, events: [] },
    { status: 'running', levelIndex: 0, levelStartedAt: now, pausedAt: null, elapsedAtPause: null, finishedAt: null, startedAt: now },
    [{ type: 'clock.started', levelIndex: 0, at: now, cause: 'command' }, ...transitionEvents(structure, null, 0, now, 'command')],
  );
}

export function pause(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  const a = advanceTo(timer, structure, now);
  const t = a.timer;
  if (t.status !== 'running' || t.levelStartedAt === null) {
    throw conflict('CLOCK_NOT_RUNNING', t.status === 'finished' ? 'The clock has finished' : 'The clock is not running');
  }
  const elapsed = clamp(now - t.levelStartedAt, 0, levelDurationMs(structure, t.levelIndex));
  return commit(a, { status: 'paused', levelStartedAt: null, pausedAt: now, elapsedAtPause: elapsed }, [
    { type: 'clock.paused', levelIndex: t.levelIndex, at: now, cause: 'command' },
  ]);
}

export function resume(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  if (timer.status !== 'paused' || timer.elapsedAtPause === null) {
    throw conflict('CLOCK_NOT_PAUSED', 'The clock is not paused');
  }
  // Shift the level start by the pause so that the pause never counts as level time.
  return commit(
    { timer, events: [] },
    { status: 'running', levelStartedAt: now - timer.elapsedAtPause, pausedAt: null, elapsedAtPause: null },
    [{ type: 'clock.resumed', levelIndex: timer.levelIndex, at: now, cause: 'command' }],
  );
}

function moveTo(a: ClockResult, structure: BlindStructure, target: number, now: number): ClockResult {
  const from = a.timer.levelIndex;
  return commit(a, { levelIndex: target, ...freshLevelState(a.timer, now) }, transitionEvents(structure, from, target, now, 'command'));
}

/** Next level now. Impossible from the last level: the structure is exhausted. */
export function next(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  requireStarted(timer);
  const a = advanceTo(timer, structure, now);
  if (a.timer.levelIndex >= lastLevelIndex(structure)) {
    throw conflict('CLOCK_AT_LAST_LEVEL', 'The clock is at the last level of the structure');
  }
  return moveTo(a, structure, a.timer.levelIndex + 1, now);
}

/** Back to the previous level, from its full time. */
export function previous(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  requireStarted(timer);
  const a = advanceTo(timer, structure, now);
  if (a.timer.levelIndex <= 0) throw conflict('CLOCK_AT_FIRST_LEVEL', 'The clock is at the first level');
  return moveTo(a, structure, a.timer.levelIndex - 1, now);
}

/** Manual correction by `by` levels (+ forward, - back); the target must exist, it is never clamped. */
export function adjust(timer: TimerState, structure: BlindStructure, now: number, by: number): ClockResult {
  if (!Number.isSafeInteger(by) || by === 0) {
    throw ruleError('CLOCK_ADJUST_INVALID', 'Adjust by a whole, non-zero number of levels', [
      { field: 'by', message: 'must be a whole number other than 0' },
    ]);
  }
  requireStarted(timer);
  const a = advanceTo(timer, structure, now);
  const target = a.timer.levelIndex + by;
  const last = lastLevelIndex(structure);
  if (target < 0 || target > last) {
    if (a.timer.levelIndex === last && by > 0) throw conflict('CLOCK_AT_LAST_LEVEL', 'The clock is at the last level of the structure');
    if (a.timer.levelIndex === 0 && by < 0) throw conflict('CLOCK_AT_FIRST_LEVEL', 'The clock is at the first level');
    throw conflict('CLOCK_LEVEL_OUT_OF_RANGE', `Level index ${target} is outside the structure (0..${last})`);
  }
  return moveTo(a, structure, target, now);
}

/** Start the current level over from its full time; a paused clock stays paused, a finished one runs again. */
export function restartLevel(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  requireStarted(timer);
  const a = advanceTo(timer, structure, now);
  return commit(a, freshLevelState(a.timer, now), [{ type: 'level.restarted', levelIndex: a.timer.levelIndex, at: now, cause: 'command' }]);
}

/**
 * Set the blinds/ante of the current level for this tournament. Validated like a playing level of the
 * structure; refused on a break. Setting the structure's own values removes the override.
 */
export function overrideCurrentLevel(timer: TimerState, structure: BlindStructure, now: number, blinds: Blinds): ClockResult {
  const a = advanceTo(timer, structure, now);
  const index = a.timer.levelIndex;
  const level = levelAt(structure, index);
  if (level.isBreak) throw conflict('CLOCK_OVERRIDE_ON_BREAK', 'A break has no blinds to override');
  const issues = blindsIssues(blinds, structure.anteType);
  if (issues.length > 0) {
    throw ruleError('CLOCK_OVERRIDE_INVALID', `Level override is invalid: ${issues[0]?.field} ${issues[0]?.message}`, issues);
  }
  const value = { smallBlind: blinds.smallBlind, bigBlind: blinds.bigBlind, ante: blinds.ante };
  const same = value.smallBlind === level.smallBlind && value.bigBlind === level.bigBlind && value.ante === level.ante;
  const others = a.timer.overrides.filter((o) => o.levelIndex !== index);
  const overrides = same ? others : [...others, { levelIndex: index, ...value }].sort((x, y) => x.levelIndex - y.levelIndex);
  return commit(a, { overrides }, [{ type: 'level.overridden', levelIndex: index, at: now, cause: 'command', blinds: value }]);
}

/**
 * Give the current level more time (`seconds` > 0) or take some away (< 0), from now; running or paused.
 * The level's time left stays within 0..its duration: more than a full level is a longer level, which the
 * frozen structure does not allow (R-LIFE-2); taking all of it ends the level at once.
 */
export function addTime(timer: TimerState, structure: BlindStructure, now: number, seconds: number): ClockResult {
  if (!Number.isSafeInteger(seconds) || seconds === 0) {
    throw ruleError('CLOCK_TIME_INVALID', 'Add a whole, non-zero number of seconds', [
      { field: 'seconds', message: 'must be a whole number other than 0' },
    ]);
  }
  requireStarted(timer);
  const a = advanceTo(timer, structure, now);
  const t = a.timer;
  if (t.status === 'finished') throw conflict('CLOCK_NOT_RUNNING', 'The clock has finished');
  const duration = levelDurationMs(structure, t.levelIndex);
  const elapsed = t.status === 'paused' ? (t.elapsedAtPause ?? 0) : now - (t.levelStartedAt ?? now);
  const next = elapsed - seconds * 1000;
  if (next < 0 || next > duration) {
    throw ruleError('CLOCK_TIME_OUT_OF_RANGE', `The level has ${Math.round((duration - elapsed) / 1000)} s left of ${duration / 1000} s`, [
      { field: 'seconds', message: `must keep the time left within 0..${duration / 1000} s` },
    ]);
  }
  const patch: Partial<TimerState> = t.status === 'paused' ? { elapsedAtPause: next } : { levelStartedAt: now - next };
  return commit(a, patch, [{ type: 'level.time_adjusted', levelIndex: t.levelIndex, at: now, cause: 'command', seconds }]);
}
