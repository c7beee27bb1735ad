import { describe, expect, it } from 'vitest';
import {
  adjust,
  clockTimeMs,
  clockView,
  initialTimer,
  next,
  overrideCurrentLevel,
  pause,
  previous,
  restartLevel,
  resume,
  start,
} from '../../../domain/clock';
import type { BlindStructure, TimerState } from '../../../domain/clock';
import { MIN, SMALL, T0, deepFreeze, domainErrorOf, play } from './fixtures';

const started = (at = T0): TimerState => start(initialTimer(), SMALL, at).timer;

describe('clock commands', () => {
  it('R-CLK-3: a new clock is not started, at the first level with its full time', () => {
    const v = clockView(initialTimer(), SMALL, T0);
    expect(v).toMatchObject({
      status: 'not_started',
      current: { levelIndex: 0, levelNumber: 1, smallBlind: 100, bigBlind: 200, ante: 0 },
      timeLeftMs: 10 * MIN,
      levelStartedAt: null,
      levelEndsAt: null,
      breaksPassed: 0,
    });
    expect(v.next).toMatchObject({ levelIndex: 1, levelNumber: 2, smallBlind: 200, bigBlind: 400, ante: 50 });
  });

  it('R-CLK-3: start runs the first level from now, in UTC milliseconds', () => {
    const r = start(deepFreeze(initialTimer()), SMALL, T0);
    expect(r.events.map((e) => e.type)).toEqual(['clock.started', 'level.started']);
    expect(r.events.every((e) => e.at === T0 && e.cause === 'command')).toBe(true);
    const v = clockView(r.timer, SMALL, T0 + 3 * MIN);
    expect(v).toMatchObject({ status: 'running', elapsedMs: 3 * MIN, timeLeftMs: 7 * MIN, levelStartedAt: T0, levelEndsAt: T0 + 10 * MIN });
    expect(r.timer.startedAt).toBe(T0);
    expect(r.timer.revision).toBe(1);
  });

  it('R-CLK-3: start twice is refused', () => {
    const err = domainErrorOf(() => start(started(), SMALL, T0 + 1));
    expect(err).toMatchObject({ code: 'CLOCK_ALREADY_STARTED', kind: 'conflict' });
  });

  it('R-CLK-3: pause stops the time; resume continues where it stopped; the pause never counts', () => {
    const paused = pause(started(), SMALL, T0 + 4 * MIN);
    expect(paused.events).toEqual([{ type: 'clock.paused', levelIndex: 0, at: T0 + 4 * MIN, cause: 'command' }]);
    const frozen = clockView(paused.timer, SMALL, T0 + 60 * MIN);
    expect(frozen).toMatchObject({ status: 'paused', timeLeftMs: 6 * MIN, levelEndsAt: null, pausedAt: T0 + 4 * MIN });

    const resumed = resume(paused.timer, SMALL, T0 + 30 * MIN);
    expect(resumed.events.map((e) => e.type)).toEqual(['clock.resumed']);
    const v = clockView(resumed.timer, SMALL, T0 + 31 * MIN);
    expect(v).toMatchObject({ status: 'running', current: { levelIndex: 0 }, timeLeftMs: 5 * MIN, levelEndsAt: T0 + 36 * MIN });
    // Level 0 ends 10 minutes of play after the start: 26 minutes of pause shift it to T0 + 36.
    expect(clockView(resumed.timer, SMALL, T0 + 36 * MIN).current.levelIndex).toBe(1);
    expect(clockTimeMs(resumed.timer, SMALL, T0 + 36 * MIN)).toBe(10 * MIN);
  });

  it('R-CLK-3: pause needs a running clock, resume a paused one', () => {
    expect(domainErrorOf(() => pause(initialTimer(), SMALL, T0)).code).toBe('CLOCK_NOT_RUNNING');
    const p = pause(started(), SMALL, T0 + MIN).timer;
    expect(domainErrorOf(() => pause(p, SMALL, T0 + 2 * MIN)).code).toBe('CLOCK_NOT_RUNNING');
    expect(domainErrorOf(() => resume(started(), SMALL, T0 + MIN)).code).toBe('CLOCK_NOT_PAUSED');
    expect(domainErrorOf(() => resume(initialTimer(), SMALL, T0)).code).toBe('CLOCK_NOT_PAUSED');
  });

  it('R-CLK-3: pausing after a level end that was not persisted pauses on the level the clock is really at', () => {
    const r = pause(started(), SMALL, T0 + 12 * MIN);
    expect(r.events.map((e) => [e.type, e.levelIndex, e.at])).toEqual([
      ['level.started', 1, T0 + 10 * MIN],
      ['clock.paused', 1, T0 + 12 * MIN],
    ]);
    expect(r.timer).toMatchObject({ status: 'paused', levelIndex: 1, elapsedAtPause: 2 * MIN });
  });

  it('R-CLK-3: next level starts now with its full time; a paused clock stays paused', () => {
    const r = next(started(), SMALL, T0 + 3 * MIN);
    expect(r.events).toEqual([{ type: 'level.started', levelIndex: 1, at: T0 + 3 * MIN, cause: 'command' }]);
    expect(clockView(r.timer, SMALL, T0 + 3 * MIN)).toMatchObject({ current: { levelIndex: 1 }, timeLeftMs: 10 * MIN });

    const p = pause(started(), SMALL, T0 + 3 * MIN).timer;
    const n = next(p, SMALL, T0 + 5 * MIN).timer;
    expect(clockView(n, SMALL, T0 + 50 * MIN)).toMatchObject({ status: 'paused', current: { levelIndex: 1 }, timeLeftMs: 10 * MIN });
  });

  it('R-CLK-3: next level is impossible past the last level', () => {
    let t = started();
    for (let i = 0; i < SMALL.levels.length - 1; i++) t = next(t, SMALL, T0 + i).timer;
    expect(t.levelIndex).toBe(SMALL.levels.length - 1);
    const err = domainErrorOf(() => next(t, SMALL, T0 + MIN));
    expect(err).toMatchObject({ code: 'CLOCK_AT_LAST_LEVEL', kind: 'conflict' });
    // also once the last level has run out
    expect(domainErrorOf(() => next(t, SMALL, T0 + 24 * 60 * MIN)).code).toBe('CLOCK_AT_LAST_LEVEL');
  });

  it('R-CLK-3: previous goes back to the full previous level; refused at the first', () => {
    expect(domainErrorOf(() => previous(started(), SMALL, T0 + MIN)).code).toBe('CLOCK_AT_FIRST_LEVEL');
    const at1 = next(started(), SMALL, T0 + MIN).timer;
    const back = previous(at1, SMALL, T0 + 2 * MIN);
    expect(clockView(back.timer, SMALL, T0 + 2 * MIN)).toMatchObject({ current: { levelIndex: 0 }, timeLeftMs: 10 * MIN });
  });

  it('R-CLK-3: navigation needs a started clock', () => {
    for (const cmd of [next, previous, restartLevel]) {
      expect(domainErrorOf(() => cmd(initialTimer(), SMALL, T0)).code).toBe('CLOCK_NOT_STARTED');
    }
    expect(domainErrorOf(() => adjust(initialTimer(), SMALL, T0, 2)).code).toBe('CLOCK_NOT_STARTED');
  });

  it('R-CLK-3: manual adjust by +/- levels, never clamped', () => {
    const t = adjust(started(), SMALL, T0 + MIN, 3).timer;
    expect(t.levelIndex).toBe(3);
    expect(adjust(t, SMALL, T0 + 2 * MIN, -2).timer.levelIndex).toBe(1);
    expect(domainErrorOf(() => adjust(t, SMALL, T0 + 2 * MIN, 4))).toMatchObject({ code: 'CLOCK_LEVEL_OUT_OF_RANGE', kind: 'conflict' });
    expect(domainErrorOf(() => adjust(t, SMALL, T0 + 2 * MIN, -4)).code).toBe('CLOCK_LEVEL_OUT_OF_RANGE');
    expect(domainErrorOf(() => adjust(started(), SMALL, T0, -1)).code).toBe('CLOCK_AT_FIRST_LEVEL');
    expect(domainErrorOf(() => adjust(t, SMALL, T0, 0))).toMatchObject({ code: 'CLOCK_ADJUST_INVALID', kind: 'rule' });
    expect(domainErrorOf(() => adjust(t, SMALL, T0, 1.5)).code).toBe('CLOCK_ADJUST_INVALID');
  });

  it('R-CLK-3: restart gives the current level its full time again', () => {
    const r = restartLevel(started(), SMALL, T0 + 7 * MIN);
    expect(r.events).toEqual([{ type: 'level.restarted', levelIndex: 0, at: T0 + 7 * MIN, cause: 'command' }]);
    expect(clockView(r.timer, SMALL, T0 + 8 * MIN)).toMatchObject({ current: { levelIndex: 0 }, timeLeftMs: 9 * MIN });
    const p = pause(started(), SMALL, T0 + 4 * MIN).timer;
    const rp = restartLevel(p, SMALL, T0 + 6 * MIN).timer;
    expect(clockView(rp, SMALL, T0 + 20 * MIN)).toMatchObject({ status: 'paused', timeLeftMs: 10 * MIN });
  });

  it('R-CLK-3: after the last level the clock stays at its end; previous or restart runs it again', () => {
    const total = SMALL.levels.reduce((s, l) => s + l.durationSec * 1000, 0);
    const t = started();
    const v = clockView(t, SMALL, T0 + total + 5 * MIN);
    expect(v).toMatchObject({
      status: 'finished',
      current: { levelIndex: 6, smallBlind: 500, bigBlind: 1000 },
      timeLeftMs: 0,
      levelEndsAt: T0 + total,
      finishedAt: T0 + total,
      next: null,
    });
    expect(domainErrorOf(() => pause(t, SMALL, T0 + total)).code).toBe('CLOCK_NOT_RUNNING');
    const back = previous(t, SMALL, T0 + total + 5 * MIN).timer;
    expect(clockView(back, SMALL, T0 + total + 6 * MIN)).toMatchObject({ status: 'running', current: { levelIndex: 5 } });
    const again = restartLevel(t, SMALL, T0 + total + 5 * MIN).timer;
    expect(clockView(again, SMALL, T0 + total + 6 * MIN)).toMatchObject({
      status: 'running',
      current: { levelIndex: 6 },
      timeLeftMs: 9 * MIN,
    });
  });

  it('R-CLK-3: every command bumps the revision by one and leaves its input untouched', () => {
    let t = deepFreeze(started());
    const steps: ((x: TimerState) => TimerState)[] = [
      (x) => pause(x, SMALL, T0 + MIN).timer,
      (x) => resume(x, SMALL, T0 + 2 * MIN).timer,
      (x) => next(x, SMALL, T0 + 3 * MIN).timer,
      (x) => previous(x, SMALL, T0 + 4 * MIN).timer,
      (x) => adjust(x, SMALL, T0 + 5 * MIN, 3).timer,
      (x) => restartLevel(x, SMALL, T0 + 6 * MIN).timer,
      (x) => overrideCurrentLevel(x, SMALL, T0 + 7 * MIN, { smallBlind: 1, bigBlind: 2, ante: 0 }).timer,
    ];
    for (const step of steps) {
      const n = step(t);
      expect(n.revision).toBe(t.revision + 1);
      t = deepFreeze(n);
    }
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });
});

describe('level override', () => {
  it('R-CLK-3: override sets the blinds/ante of the current level, shown and kept for that level', () => {
    const r = overrideCurrentLevel(started(), SMALL, T0 + MIN, { smallBlind: 150, bigBlind: 300, ante: 25 });
    expect(r.events).toEqual([
      { type: 'level.overridden', levelIndex: 0, at: T0 + MIN, cause: 'command', blinds: { smallBlind: 150, bigBlind: 300, ante: 25 } },
    ]);
    expect(clockView(r.timer, SMALL, T0 + 2 * MIN).current).toMatchObject({ smallBlind: 150, bigBlind: 300, ante: 25, overridden: true });
    // the time is not touched
    expect(clockView(r.timer, SMALL, T0 + 2 * MIN).timeLeftMs).toBe(8 * MIN);
    // level 1 keeps its own blinds; coming back to level 0 shows the override again
    const at1 = next(r.timer, SMALL, T0 + 3 * MIN).timer;
    expect(clockView(at1, SMALL, T0 + 3 * MIN).current).toMatchObject({ smallBlind: 200, bigBlind: 400, overridden: false });
    const back = previous(at1, SMALL, T0 + 4 * MIN).timer;
    expect(clockView(back, SMALL, T0 + 4 * MIN).current).toMatchObject({ smallBlind: 150, bigBlind: 300, overridden: true });
    // setting the structure's values again removes the override
    const cleared = overrideCurrentLevel(back, SMALL, T0 + 5 * MIN, { smallBlind: 100, bigBlind: 200, ante: 0 }).timer;
    expect(cleared.overrides).toEqual([]);
  });

  it('R-CLK-3: override is validated like a playing level (small > 0, big >= small, ante >= 0)', () => {
    const t = started();
    const cases: [{ smallBlind: number; bigBlind: number; ante: number }, string[]][] = [
      [{ smallBlind: 0, bigBlind: 200, ante: 0 }, ['smallBlind']],
      [{ smallBlind: 300, bigBlind: 200, ante: 0 }, ['bigBlind']],
      [{ smallBlind: 100, bigBlind: 200, ante: -1 }, ['ante']],
      [{ smallBlind: 100.5, bigBlind: 0, ante: 0 }, ['smallBlind', 'bigBlind']],
    ];
    for (const [blinds, fields] of cases) {
      const err = domainErrorOf(() => overrideCurrentLevel(t, SMALL, T0 + MIN, blinds));
      expect(err).toMatchObject({ code: 'CLOCK_OVERRIDE_INVALID', kind: 'rule' });
      expect(err.errors?.map((e) => e.field)).toEqual(fields);
    }
    expect(() => overrideCurrentLevel(t, SMALL, T0 + MIN, { smallBlind: 200, bigBlind: 200, ante: 0 })).not.toThrow();
  });

  it('R-CLK-3: override refuses an ante on a structure without ante', () => {
    const noAnte: BlindStructure = { ...SMALL, anteType: 'none', levels: [play(100, 200, 0, 10), play(200, 400, 0, 10)] };
    const t = start(initialTimer(), noAnte, T0).timer;
    const err = domainErrorOf(() => overrideCurrentLevel(t, noAnte, T0 + MIN, { smallBlind: 100, bigBlind: 200, ante: 25 }));
    expect(err.errors?.map((e) => e.field)).toEqual(['ante']);
  });

  it('R-CLK-3: override is refused on a break', () => {
    const onBreak = adjust(started(), SMALL, T0 + MIN, 2).timer;
    const err = domainErrorOf(() => overrideCurrentLevel(onBreak, SMALL, T0 + 2 * MIN, { smallBlind: 100, bigBlind: 200, ante: 0 }));
    expect(err).toMatchObject({ code: 'CLOCK_OVERRIDE_ON_BREAK', kind: 'conflict' });
  });
});
