import { forEachNewChunk } from '../../domain/core/record-map';
/*
 * The event log writes what a command changed by comparing the state before and after by reference
 * (store/state-patch.ts): a decision that changes the state it was given in place would write nothing
 * for that change, and the next cold read would lose it. Under tests and the local server the state is
 * deep-frozen before each decision, so such a change throws where it is made. Off in Lambda: freezing
 * costs a walk of what changed since the last decision, for a mistake the tests are there to catch.
 */

/** The switch: set by the local server (scripts/local/local-api.ts) and the test configuration. */
export const FREEZE_STATE_ENV = 'FREEZE_DOMAIN_STATE';

export const freezingStates = (): boolean => process.env[FREEZE_STATE_ENV] === 'true';

/** The chunks of record maps whose records are frozen already (a record map itself cannot be changed in place). */
const frozenChunks = new WeakSet<object>();

/**
 * Freezes `value` and everything it reaches. Children are frozen before their parent, so a frozen
 * object is frozen all the way down and a state that shares most of its maps with the previous one
 * costs a walk of the new parts only; in a record map, of the chunks not seen before.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (forEachNewChunk(value as Record<string, unknown>, frozenChunks, (records) => records.forEach(deepFreeze))) return value;
  if (Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/** The state a decision is handed: frozen when the switch is on. */
export const forDecision = <T>(state: T): T => (freezingStates() ? deepFreeze(state) : state);
