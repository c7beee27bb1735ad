import type { ClockEvent } from './events';
import type { BlindStructure } from './structure';
import { lastLevelIndex, levelDurationMs, transitionEvents } from './timer';
import type { ClockResult, TimerState } from './timer';

/**
 * R-CLK-3 automatic advance: applies every level end at or before `now`, however many, each at its exact
 * end time. Pure and idempotent: advanceTo(advanceTo(t, a), b) = advanceTo(t, b) for a <= b, so a lazy
 * advance on a read and a scheduled one can never disagree. Does not bump the revision.
 */
export function advanceTo(timer: TimerState, structure: BlindStructure, now: number): ClockResult {
  if (timer.status !== 'running' || timer.levelStartedAt === null) return { timer, events: [] };
  const last = lastLevelIndex(structure);
  let index = timer.levelIndex;
  let startedAt = timer.levelStartedAt;
  const events: ClockEvent[] = [];
  // Durations are > 0, so this walks at most once through the structure.
  for (;;) {
    const endsAt = startedAt + levelDurationMs(structure, index);
    if (now < endsAt) break;
    if (index >= last) {
      events.push({ type: 'clock.finished', levelIndex: index, at: endsAt, cause: 'schedule' });
      return {
        timer: { ...timer, status: 'finished', levelIndex: index, levelStartedAt: startedAt, finishedAt: endsAt },
        events,
      };
    }
    events.push(...transitionEvents(structure, index, index + 1, endsAt, 'schedule'));
    index += 1;
    startedAt = endsAt;
  }
  if (events.length === 0) return { timer, events };
  return { timer: { ...timer, levelIndex: index, levelStartedAt: startedAt }, events };
}

/**
 * R-CLK-5: when the current level of this stored timer ends (including the end of the last level, which
 * finishes the clock), or null when nothing will happen by itself (not started, paused, finished).
 * For a timer not yet advanced this may be in the past; scheduling it then fires at once, which is right.
 */
export function nextTransitionAt(timer: TimerState, structure: BlindStructure): number | null {
  if (timer.status !== 'running' || timer.levelStartedAt === null) return null;
  return timer.levelStartedAt + levelDurationMs(structure, timer.levelIndex);
}

/** What a scheduled level-end job carries, so that it can tell whether it is still wanted. */
export interface LevelEndExpectation {
  revision: number;
  levelIndex: number;
}

export interface LevelEndJob extends LevelEndExpectation {
  at: number;
}

/**
 * The one job to schedule for this timer, or null (delete any pending one). Whoever persists a timer,
 * after a command or an advance, replaces the pending schedule with this.
 */
export function pendingLevelEnd(timer: TimerState, structure: BlindStructure): LevelEndJob | null {
  const at = nextTransitionAt(timer, structure);
  return at === null ? null : { at, revision: timer.revision, levelIndex: timer.levelIndex };
}

export interface LevelEndResult extends ClockResult {
  /**
   * advanced: transitions applied, persist and schedule pendingLevelEnd.
   * stale: the clock has moved on since the job was made (paused, moved, restarted, already advanced); drop it.
   * not_due: delivered before the level end; nothing changed, schedule pendingLevelEnd again.
   */
  outcome: 'advanced' | 'stale' | 'not_due';
}

/**
 * R-CLK-5 job handler. Delivery is at least once and may be late: a duplicate finds the level index (or
 * the status) already moved and is stale; a late one applies every end that has passed since, at the
 * exact end times; a job for an older revision never touches a clock that staff have since changed.
 */
export function onLevelEnd(timer: TimerState, structure: BlindStructure, now: number, expected: LevelEndExpectation): LevelEndResult {
  if (timer.status !== 'running' || timer.revision !== expected.revision || timer.levelIndex !== expected.levelIndex) {
    return { timer, events: [], outcome: 'stale' };
  }
  const result = advanceTo(timer, structure, now);
  return { ...result, outcome: result.events.length === 0 ? 'not_due' : 'advanced' };
}
