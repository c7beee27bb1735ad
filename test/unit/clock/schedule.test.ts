import { describe, expect, it } from 'vitest';
import {
  advanceTo,
  clockView,
  initialTimer,
  next,
  nextTransitionAt,
  onLevelEnd,
  pause,
  pendingLevelEnd,
  restartLevel,
  resume,
  start,
} from '../../../domain/clock';
import { MIN, SMALL, T0, deepFreeze } from './fixtures';

const started = () => deepFreeze(start(initialTimer(), SMALL, T0).timer);
const TOTAL = SMALL.levels.reduce((s, l) => s + l.durationSec * 1000, 0);

describe('scheduled level ends', () => {
  it('R-CLK-5: nextTransitionAt is the current level end, null when nothing happens by itself', () => {
    expect(nextTransitionAt(initialTimer(), SMALL)).toBeNull();
    const t = started();
    expect(nextTransitionAt(t, SMALL)).toBe(T0 + 10 * MIN);
    expect(pendingLevelEnd(t, SMALL)).toEqual({ at: T0 + 10 * MIN, revision: t.revision, levelIndex: 0 });
    const p = pause(t, SMALL, T0 + 4 * MIN).timer;
    expect(nextTransitionAt(p, SMALL)).toBeNull();
    const r = resume(p, SMALL, T0 + 9 * MIN).timer;
    expect(nextTransitionAt(r, SMALL)).toBe(T0 + 15 * MIN);
    // the end of the last level is scheduled too (it finishes the clock); after that, nothing
    const last = advanceTo(t, SMALL, T0 + TOTAL - 1).timer;
    expect(nextTransitionAt(last, SMALL)).toBe(T0 + TOTAL);
    const finished = advanceTo(t, SMALL, T0 + TOTAL).timer;
    expect(finished.status).toBe('finished');
    expect(nextTransitionAt(finished, SMALL)).toBeNull();
  });

  it('R-CLK-5: the job advances the level with no client involved and names the next job', () => {
    const t = started();
    const job = pendingLevelEnd(t, SMALL)!;
    const r = onLevelEnd(t, SMALL, job.at, job);
    expect(r.outcome).toBe('advanced');
    expect(r.events).toEqual([{ type: 'level.started', levelIndex: 1, at: T0 + 10 * MIN, cause: 'schedule' }]);
    expect(r.timer).toMatchObject({ levelIndex: 1, levelStartedAt: T0 + 10 * MIN, revision: t.revision });
    expect(pendingLevelEnd(r.timer, SMALL)).toEqual({ at: T0 + 20 * MIN, revision: t.revision, levelIndex: 1 });
  });

  it('R-CLK-5: a duplicate delivery is stale and changes nothing', () => {
    const t = started();
    const job = pendingLevelEnd(t, SMALL)!;
    const once = onLevelEnd(t, SMALL, job.at, job);
    const twice = onLevelEnd(once.timer, SMALL, job.at + 500, job);
    expect(twice).toEqual({ timer: once.timer, events: [], outcome: 'stale' });
  });

  it('R-CLK-5: a late delivery applies every level end passed since, each at its exact time', () => {
    const t = started();
    const job = pendingLevelEnd(t, SMALL)!;
    const r = onLevelEnd(t, SMALL, T0 + 46 * MIN, job);
    expect(r.outcome).toBe('advanced');
    expect(r.timer).toMatchObject({ levelIndex: 5, levelStartedAt: T0 + 45 * MIN });
    expect(r.events.filter((e) => e.type === 'level.started').map((e) => [e.levelIndex, e.at])).toEqual([
      [1, T0 + 10 * MIN],
      [2, T0 + 20 * MIN],
      [3, T0 + 25 * MIN],
      [4, T0 + 35 * MIN],
      [5, T0 + 45 * MIN],
    ]);
    expect(r.timer).toEqual(advanceTo(t, SMALL, T0 + 46 * MIN).timer);
  });

  it('R-CLK-5: a job made before a pause, a move or a restart is stale', () => {
    const t = started();
    const job = pendingLevelEnd(t, SMALL)!;
    const paused = pause(t, SMALL, T0 + 3 * MIN).timer;
    expect(onLevelEnd(paused, SMALL, job.at, job)).toMatchObject({ timer: paused, events: [], outcome: 'stale' });
    // resumed at the same level: the old job's revision is behind, the new job is the one that counts
    const resumed = resume(paused, SMALL, T0 + 4 * MIN).timer;
    expect(onLevelEnd(resumed, SMALL, job.at, job).outcome).toBe('stale');
    expect(clockView(resumed, SMALL, job.at).current.levelIndex).toBe(0);
    const restarted = restartLevel(t, SMALL, T0 + 5 * MIN).timer;
    expect(onLevelEnd(restarted, SMALL, job.at, job).timer).toBe(restarted);
    const moved = next(t, SMALL, T0 + 5 * MIN).timer;
    const movedJob = pendingLevelEnd(moved, SMALL)!;
    expect(onLevelEnd(moved, SMALL, movedJob.at, job).outcome).toBe('stale');
    expect(onLevelEnd(moved, SMALL, movedJob.at, movedJob).outcome).toBe('advanced');
  });

  it('R-CLK-5: an early delivery changes nothing and asks to be scheduled again', () => {
    const t = started();
    const job = pendingLevelEnd(t, SMALL)!;
    const r = onLevelEnd(t, SMALL, job.at - 1, job);
    expect(r).toEqual({ timer: t, events: [], outcome: 'not_due' });
    expect(pendingLevelEnd(r.timer, SMALL)).toEqual(job);
  });

  it('R-CLK-5: the end of the last level finishes the clock once', () => {
    const last = advanceTo(started(), SMALL, T0 + TOTAL - MIN).timer;
    const job = pendingLevelEnd(last, SMALL)!;
    const r = onLevelEnd(last, SMALL, job.at + 10, job);
    expect(r.events).toEqual([{ type: 'clock.finished', levelIndex: 6, at: T0 + TOTAL, cause: 'schedule' }]);
    expect(r.timer).toMatchObject({ status: 'finished', finishedAt: T0 + TOTAL });
    expect(onLevelEnd(r.timer, SMALL, job.at + 20, job).outcome).toBe('stale');
  });
});
