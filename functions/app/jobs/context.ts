import { randomInt } from 'node:crypto';
import type { Context } from '../../../domain/core/context';
import { seededRandom } from '../../../domain/core/random';
import { newId } from '../../runtime/ids';

/** The scheduler acts for the floor: what it does is what a manager would do at that moment. */
export const SCHEDULER_ACTOR = { id: 'system:scheduler', role: 'manager' } as const;

/** The domain's context for a scheduled job: its time, the scheduler as actor, a fresh recorded seed. */
export function jobContext(now: number): Context {
  return {
    now,
    actor: { ...SCHEDULER_ACTOR },
    rng: seededRandom(randomInt(0, 2 ** 32)),
    newId: (prefix) => newId(prefix, now),
  };
}
