import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../../../domain/core/errors';
import {
  adjust,
  advanceTo,
  breaksUpTo,
  clockTimeMs,
  clockView,
  initialTimer,
  next,
  onLevelEnd,
  overrideCurrentLevel,
  pause,
  pendingLevelEnd,
  previous,
  restartLevel,
  resume,
  start,
  validateStructure,
} from '../../../domain/clock';
import type { BlindStructure, Level, TimerState } from '../../../domain/clock';
import { T0, deepFreeze } from './fixtures';
import { PROPERTY_TEST } from '../../support/property';

const playing: fc.Arbitrary<Level> = fc
  .record({
    smallBlind: fc.integer({ min: 1, max: 5000 }),
    extra: fc.integer({ min: 0, max: 5000 }),
    ante: fc.integer({ min: 0, max: 1000 }),
    durationSec: fc.integer({ min: 1, max: 1800 }),
  })
  .map(({ smallBlind, extra, ante, durationSec }) => ({ smallBlind, bigBlind: smallBlind + extra, ante, durationSec, isBreak: false }));

const breakLevel: fc.Arbitrary<Level> = fc
  .integer({ min: 1, max: 900 })
  .map((durationSec) => ({ smallBlind: 0, bigBlind: 0, ante: 0, durationSec, isBreak: true }));

/** Valid structures of 1..10 levels, ending on a playing level, breaks anywhere else. */
const structureArb: fc.Arbitrary<BlindStructure> = fc
  .tuple(fc.array(fc.oneof(playing, breakLevel), { maxLength: 9 }), playing)
  .map(([head, last]) => deepFreeze({ id: 'bs', name: 'Generated', anteType: 'classic' as const, levels: [...head, last] }));

type Op =
  | { kind: 'wait'; ms: number }
  | { kind: 'start' | 'pause' | 'resume' | 'next' | 'previous' | 'restart' | 'tick' | 'job' }
  | { kind: 'adjust'; by: number }
  | { kind: 'override'; smallBlind: number; bigBlind: number; ante: number }
  | { kind: 'staleJob'; revision: number; levelIndex: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 40 * 60_000 }) }), weight: 6 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'start' as const,
        'pause' as const,
        'resume' as const,
        'next' as const,
        'previous' as const,
        'restart' as const,
        'tick' as const,
        'job' as const,
      ),
    }),
    weight: 8,
  },
  { arbitrary: fc.record({ kind: fc.constant('adjust' as const), by: fc.integer({ min: -4, max: 4 }) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('override' as const),
      smallBlind: fc.integer({ min: -1, max: 500 }),
      bigBlind: fc.integer({ min: -1, max: 500 }),
      ante: fc.integer({ min: -1, max: 50 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('staleJob' as const), revision: fc.nat(20), levelIndex: fc.nat(10) }), weight: 1 },
);

interface Sim {
  timer: TimerState;
  now: number;
}

/** Applies one op; a refusal leaves the state as it was. Returns whether a command succeeded. */
function apply(s: BlindStructure, sim: Sim, op: Op): { sim: Sim; command: boolean } {
  const { timer, now } = sim;
  const run = (f: () => TimerState, command = true): { sim: Sim; command: boolean } => {
    try {
      return { sim: { timer: deepFreeze(f()), now }, command };
    } catch (e) {
      if (e instanceof DomainError) return { sim, command: false };
      throw e;
    }
  };
  switch (op.kind) {
    case 'wait':
      return { sim: { timer, now: now + op.ms }, command: false };
    case 'start':
      return run(() => start(timer, s, now).timer);
    case 'pause':
      return run(() => pause(timer, s, now).timer);
    case 'resume':
      return run(() => resume(timer, s, now).timer);
    case 'next':
      return run(() => next(timer, s, now).timer);
    case 'previous':
      return run(() => previous(timer, s, now).timer);
    case 'restart':
      return run(() => restartLevel(timer, s, now).timer);
    case 'adjust':
      return run(() => adjust(timer, s, now, op.by).timer);
    case 'override':
      return run(() => overrideCurrentLevel(timer, s, now, op).timer);
    case 'tick':
      return run(() => advanceTo(timer, s, now).timer, false);
    case 'job': {
      const job = pendingLevelEnd(timer, s);
      return job ? run(() => onLevelEnd(timer, s, now, job).timer, false) : { sim, command: false };
    }
    case 'staleJob':
      return run(() => onLevelEnd(timer, s, now, op).timer, false);
  }
}

function simulate(s: BlindStructure, ops: readonly Op[]): Sim {
  let sim: Sim = { timer: deepFreeze(initialTimer()), now: T0 };
  for (const op of ops) sim = apply(s, sim, op).sim;
  return sim;
}

describe('clock properties', () => {
  it('R-CLK-3: any sequence of commands and waits keeps the clock consistent with its structure', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(structureArb, fc.array(opArb, { maxLength: 60 }), (s, ops) => {
        expect(() => validateStructure(s)).not.toThrow();
        let sim: Sim = { timer: deepFreeze(initialTimer()), now: T0 };
        for (const op of ops) {
          const before = sim.timer;
          const step = apply(s, sim, op);
          sim = step.sim;
          const t = sim.timer;
          // revision: +1 per successful command, unchanged by waits, advances and jobs
          expect(t.revision).toBe(before.revision + (step.command ? 1 : 0));
          expect(JSON.parse(JSON.stringify(t))).toEqual(t);

          const v = clockView(t, s, sim.now);
          const level = s.levels[v.current.levelIndex];
          expect(level).toBeDefined();
          const duration = level!.durationSec * 1000;
          expect(v.timeLeftMs).toBeGreaterThanOrEqual(0);
          expect(v.timeLeftMs).toBeLessThanOrEqual(duration);
          expect(v.elapsedMs + v.timeLeftMs).toBe(duration);
          if (v.status === 'running') {
            expect(v.timeLeftMs).toBeGreaterThan(0);
            expect(v.levelEndsAt).toBe(sim.now + v.timeLeftMs);
          }
          if (v.status === 'paused' || v.status === 'not_started') expect(v.levelEndsAt).toBeNull();
          if (v.status === 'finished') {
            expect(v.current.levelIndex).toBe(s.levels.length - 1);
            expect(v.timeLeftMs).toBe(0);
            expect(v.next).toBeNull();
          }
          if (v.status === 'not_started') expect(v.current.levelIndex).toBe(0);
          expect(v.breaksPassed).toBe(v.status === 'not_started' ? 0 : breaksUpTo(s, v.current.levelIndex));
          if (v.current.isBreak) {
            expect([v.current.smallBlind, v.current.bigBlind, v.current.ante]).toEqual([0, 0, 0]);
          } else {
            expect(v.current.smallBlind).toBeGreaterThan(0);
            expect(v.current.bigBlind).toBeGreaterThanOrEqual(v.current.smallBlind);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('R-CLK-3: pause time never counts: clock time equals the sum of the running intervals', PROPERTY_TEST, () => {
    const pauseOp = fc.oneof(
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 30 * 60_000 }) }),
      fc.record({ kind: fc.constantFrom('pause' as const, 'resume' as const, 'tick' as const, 'job' as const) }),
    );
    fc.assert(
      fc.property(structureArb, fc.array(pauseOp, { maxLength: 50 }), (s, ops) => {
        const total = s.levels.reduce((sum, l) => sum + l.durationSec * 1000, 0);
        let sim: Sim = { timer: deepFreeze(start(initialTimer(), s, T0).timer), now: T0 };
        let running = 0;
        for (const op of ops) {
          const wasRunning = clockView(sim.timer, s, sim.now).status === 'running';
          sim = apply(s, sim, op).sim;
          if (op.kind === 'wait' && wasRunning) running += op.ms;
          expect(clockTimeMs(sim.timer, s, sim.now)).toBe(Math.min(running, total));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('R-CLK-5: onLevelEnd twice with the same expectation equals onLevelEnd once', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        structureArb,
        fc.array(opArb, { maxLength: 40 }),
        fc.option(fc.record({ revision: fc.nat(20), levelIndex: fc.nat(10) })),
        fc.integer({ min: 0, max: 3 * 60 * 60_000 }),
        fc.integer({ min: 0, max: 60 * 60_000 }),
        (s, ops, randomExpectation, delay, redelivery) => {
          const { timer, now } = simulate(s, ops);
          const expected = randomExpectation ?? pendingLevelEnd(timer, s) ?? { revision: timer.revision, levelIndex: timer.levelIndex };
          const once = onLevelEnd(timer, s, now + delay, expected);
          const twice = onLevelEnd(once.timer, s, now + delay, expected);
          expect(twice.timer).toEqual(once.timer);
          expect(twice.events).toEqual([]);
          // a later duplicate either does nothing or finishes what the first one had not reached yet
          const later = onLevelEnd(once.timer, s, now + delay + redelivery, expected);
          if (once.outcome === 'advanced' || once.outcome === 'stale') {
            expect(later.timer).toEqual(once.timer);
            expect(later.events).toEqual([]);
          }
          if (once.outcome === 'advanced') {
            expect(once.timer).toEqual(advanceTo(timer, s, now + delay).timer);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('R-CLK-5: advancing in steps equals advancing at once, so a late or lazy advance never disagrees', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        structureArb,
        fc.array(opArb, { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 45 * 60_000 }), { maxLength: 6 }),
        (s, ops, gaps) => {
          const { timer, now } = simulate(s, ops);
          let stepped = timer;
          const steppedEvents = [];
          let at = now;
          for (const gap of [0, ...gaps]) {
            at += gap;
            const r = advanceTo(stepped, s, at);
            stepped = r.timer;
            steppedEvents.push(...r.events);
          }
          const direct = advanceTo(timer, s, at);
          expect(stepped).toEqual(direct.timer);
          expect(steppedEvents).toEqual(direct.events);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('R-CLK-5: following the scheduled jobs one by one reaches the same clock as one late job', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(structureArb, fc.array(opArb, { maxLength: 30 }), fc.integer({ min: 0, max: 4 * 60 * 60_000 }), (s, ops, delay) => {
        const { timer, now } = simulate(s, ops);
        const deadline = now + delay;
        let t = advanceTo(timer, s, now).timer;
        for (let job = pendingLevelEnd(t, s); job && job.at <= deadline; job = pendingLevelEnd(t, s)) {
          const r = onLevelEnd(t, s, job.at, job);
          expect(r.outcome).toBe('advanced');
          t = r.timer;
        }
        expect(t).toEqual(advanceTo(timer, s, deadline).timer);
      }),
      { numRuns: 300 },
    );
  });

  it('R-CLK-3: next is refused exactly at the last level', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(structureArb, fc.array(opArb, { maxLength: 40 }), (s, ops) => {
        const { timer, now } = simulate(s, ops);
        if (timer.status === 'not_started') return;
        const v = clockView(timer, s, now);
        const atLast = v.current.levelIndex === s.levels.length - 1;
        try {
          const r = next(timer, s, now);
          expect(atLast).toBe(false);
          expect(r.timer.levelIndex).toBe(v.current.levelIndex + 1);
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect((e as DomainError).code).toBe('CLOCK_AT_LAST_LEVEL');
          expect(atLast).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('R-CLK-3: an override is accepted exactly when it is a valid playing level and the clock is not on a break', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        structureArb,
        fc.array(opArb, { maxLength: 30 }),
        fc.record({
          smallBlind: fc.integer({ min: -2, max: 300 }),
          bigBlind: fc.integer({ min: -2, max: 300 }),
          ante: fc.integer({ min: -2, max: 30 }),
        }),
        (s, ops, blinds) => {
          const { timer, now } = simulate(s, ops);
          const v = clockView(timer, s, now);
          const valid = blinds.smallBlind > 0 && blinds.bigBlind >= blinds.smallBlind && blinds.ante >= 0;
          try {
            const r = overrideCurrentLevel(timer, s, now, blinds);
            expect(valid && !v.current.isBreak).toBe(true);
            expect(clockView(r.timer, s, now).current).toMatchObject(blinds);
          } catch (e) {
            expect(e).toBeInstanceOf(DomainError);
            const code = (e as DomainError).code;
            expect(code).toBe(v.current.isBreak ? 'CLOCK_OVERRIDE_ON_BREAK' : 'CLOCK_OVERRIDE_INVALID');
            if (!v.current.isBreak) expect(valid).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
