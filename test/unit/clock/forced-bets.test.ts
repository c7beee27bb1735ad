import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addTime,
  advanceTo,
  carryLedger,
  initialLedger,
  initialTimer,
  lateEntryChips,
  lateEntryFloor,
  next,
  orbitCost,
  orbitMs,
  pause,
  resume,
  settleLedger,
  start,
} from '../../../domain/clock';
import type { BlindStructure, TimerState } from '../../../domain/clock';
import { PROPERTY_TEST } from '../../support/property';
import { MIN, SMALL, T0, domainErrorOf } from './fixtures';

/*
 * SMALL, 9 seats: an orbit is 9 hands of 2 minutes = 18 minutes of play. Orbit costs per seat:
 * level 0 (100/200, no ante) 300; level 1 (200/400, ante 50) 200 + 400 + 9 x 50 = 1050;
 * level 3 (300/600/75) 1575; level 4 (400/800/100) 2100. Levels last 10 minutes, breaks 5.
 */
const SEATS = 9;
const running = (): TimerState => start(initialTimer(), SMALL, T0).timer;
const posted = (timer: TimerState, now: number, structure: BlindStructure = SMALL) =>
  settleLedger(initialLedger(), timer, structure, now, SEATS).posted;

describe('forced bets per orbit (R-NOSHOW-2, R-LATE-1)', () => {
  it('R-NOSHOW-2: one orbit costs a seat both blinds and its antes, by ante type', () => {
    const blinds = { smallBlind: 100, bigBlind: 200, ante: 25 };
    expect(orbitCost(blinds, 'classic', 9)).toBe(100 + 200 + 9 * 25);
    expect(orbitCost({ ...blinds, ante: 200 }, 'bb', 9)).toBe(100 + 200 + 200);
    expect(orbitCost({ ...blinds, ante: 0 }, 'none', 6)).toBe(300);
    expect(orbitMs(9)).toBe(18 * MIN);
    expect(orbitMs(6)).toBe(12 * MIN);
    expect(orbitMs(2, 3600)).toBe(2_000);
  });

  it('R-NOSHOW-2: an orbit is charged at the level in force when it completes; breaks take no play time', () => {
    const t = running();
    expect(posted(t, T0)).toBe(0);
    expect(posted(t, T0 + 18 * MIN - 1)).toBe(0);
    // The first orbit completes 8 minutes into level 1.
    expect(posted(t, T0 + 18 * MIN)).toBe(1050);
    // 20 minutes of play, a 5-minute break, then 16 more: the second orbit completes in level 4.
    expect(posted(t, T0 + 41 * MIN - 1)).toBe(1050);
    expect(posted(t, T0 + 41 * MIN)).toBe(1050 + 2100);
    expect(posted(initialTimer(), T0 + 5 * 60 * MIN)).toBe(0);
  });

  it('R-NOSHOW-2: a pause stops the count', () => {
    const paused = pause(running(), SMALL, T0 + 10 * MIN).timer;
    expect(posted(paused, T0 + 5 * 60 * MIN)).toBe(0);
    const resumed = resume(paused, SMALL, T0 + 60 * MIN).timer;
    const carried = carryLedger(initialLedger(), paused, resumed, SMALL, T0 + 60 * MIN, SEATS);
    expect(settleLedger(carried, resumed, SMALL, T0 + 60 * MIN + 8 * MIN - 1, SEATS).posted).toBe(0);
    expect(settleLedger(carried, resumed, SMALL, T0 + 60 * MIN + 8 * MIN, SEATS).posted).toBe(1050);
  });

  it('R-NOSHOW-2: a manual move jumps without counting the skipped time as play', () => {
    const t = running();
    const moved = next(t, SMALL, T0 + 5 * MIN).timer;
    const ledger = carryLedger(undefined, t, moved, SMALL, T0 + 5 * MIN, SEATS);
    expect(ledger).toEqual({ levelIndex: 1, elapsedMs: 0, playedMs: 5 * MIN, posted: 0 });
    // Play: 5 (level 0) + 10 (level 1); break; the 18th minute of play falls in level 3.
    expect(settleLedger(ledger, moved, SMALL, T0 + 23 * MIN, SEATS).posted).toBe(1575);
  });

  it('R-NOSHOW-2: counting on reads and carrying on every stored advance agree', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 * MIN }), fc.integer({ min: 0, max: 90 * MIN }), (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const t = running();
        const advanced = advanceTo(t, SMALL, T0 + early).timer;
        const carried = carryLedger(initialLedger(), t, advanced, SMALL, T0 + early, SEATS);
        expect(settleLedger(carried, advanced, SMALL, T0 + late, SEATS).posted).toBe(posted(t, T0 + late));
        // And the count never goes down as the clock runs.
        expect(posted(t, T0 + late)).toBeGreaterThanOrEqual(posted(t, T0 + early));
      }),
      { numRuns: 200 },
    );
  });

  it('R-LATE-1: a late stack is the starting stack less what a seat has posted, never below half of it', () => {
    expect(lateEntryFloor(20_000)).toBe(10_000);
    expect(lateEntryFloor(15_001)).toBe(7_501);
    expect(lateEntryChips(20_000, 0)).toBe(20_000);
    expect(lateEntryChips(20_000, 3_150)).toBe(16_850);
    expect(lateEntryChips(20_000, 50_000)).toBe(10_000);
  });
});

describe('adding time during play (R-CLK-3, R-LIFE-2)', () => {
  it('R-LIFE-2: time is added to or taken from the current level within its duration; the forced bets follow the levels in force', () => {
    const t = running();
    const more = addTime(t, SMALL, T0 + 6 * MIN, 120);
    expect(more.timer.levelStartedAt).toBe(T0 + 2 * MIN);
    expect(more.timer.revision).toBe(t.revision + 1);
    expect(more.events).toEqual([{ type: 'level.time_adjusted', levelIndex: 0, at: T0 + 6 * MIN, cause: 'command', seconds: 120 }]);
    expect(addTime(t, SMALL, T0 + 6 * MIN, -240).timer.levelStartedAt).toBe(T0 - 4 * MIN);
    expect(domainErrorOf(() => addTime(t, SMALL, T0 + 6 * MIN, 7 * 60)).code).toBe('CLOCK_TIME_OUT_OF_RANGE');
    expect(domainErrorOf(() => addTime(t, SMALL, T0 + 6 * MIN, -5 * 60)).code).toBe('CLOCK_TIME_OUT_OF_RANGE');
    expect(domainErrorOf(() => addTime(t, SMALL, T0, 0)).code).toBe('CLOCK_TIME_INVALID');
    expect(domainErrorOf(() => addTime(initialTimer(), SMALL, T0, 60)).code).toBe('CLOCK_NOT_STARTED');
    const paused = pause(t, SMALL, T0 + 6 * MIN).timer;
    expect(addTime(paused, SMALL, T0 + 9 * MIN, 60).timer.elapsedAtPause).toBe(5 * MIN);
    // Play goes on in real time: the first orbit still completes after 18 minutes of play. Added time
    // keeps level 1 running then; four minutes taken away bring the break forward, so the orbit completes
    // after it, in level 3 (1575).
    const ledger = carryLedger(undefined, t, more.timer, SMALL, T0 + 6 * MIN, SEATS);
    expect(settleLedger(ledger, more.timer, SMALL, T0 + 18 * MIN - 1, SEATS).posted).toBe(0);
    expect(settleLedger(ledger, more.timer, SMALL, T0 + 18 * MIN, SEATS).posted).toBe(1050);
    const less = addTime(t, SMALL, T0 + 6 * MIN, -240).timer;
    const shorter = carryLedger(undefined, t, less, SMALL, T0 + 6 * MIN, SEATS);
    expect(settleLedger(shorter, less, SMALL, T0 + 23 * MIN - 1, SEATS).posted).toBe(0);
    expect(settleLedger(shorter, less, SMALL, T0 + 23 * MIN, SEATS).posted).toBe(1575);
  });
});
