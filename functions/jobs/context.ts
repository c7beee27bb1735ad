import { randomInt } from 'node:crypto';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';
import { newId } from '../platform/ids';

/** The scheduler acts for the floor: what it does is what a manager would do at that moment. */
export const SCHEDULER_ACTOR = { id: 'system:scheduler', role: 'manager' } as const;

export function jobContext(now: number): Context {
  return {
    now,
    actor: { ...SCHEDULER_ACTOR },
    rng: seededRandom(randomInt(0, 2 ** 32)),
    newId: (prefix) => newId(prefix, now),
  };
}

/** What a job needs from the outside world; tests replace it. */
export interface JobDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /**
   * EventBridge fires within the minute of the schedule, so up to ~60 s early. A job that early waits
   * for its time in-process (one retry) rather than scheduling itself again for the same minute.
   */
  maxEarlyWaitMs: number;
}

export const defaultJobDeps = (): JobDeps => ({
  now: Date.now,
  sleep: (ms) => new Promise((ok) => setTimeout(ok, ms)),
  maxEarlyWaitMs: 65_000,
});
