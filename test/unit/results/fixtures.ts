import { plainCopy } from '../../support/freeze';
import { deepFreeze } from '../../support/freeze';
export { deepFreeze } from '../../support/freeze';
import { expect } from 'vitest';
import type { Context, Role } from '../../../domain/core/context';
import { DomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { EntryRef, EntryStatus } from '../../../domain/results';

export const T0 = Date.UTC(2025, 2, 1, 18, 0, 0);
export const MINUTE = 60_000;

/** A context with a fixed clock and predictable ids (`ko-1`, `kog-2`, ...). */
export function makeCtx(now = T0, role: Role = 'dealer'): Context {
  let n = 0;
  return {
    now,
    actor: { id: `user-${role}`, role },
    rng: seededRandom(42),
    newId: (prefix) => `${prefix}-${++n}`,
  };
}

/** Same id sequence, later clock: for steps taken after earlier ones in a test. */
export function at(ctx: Context, now: number): Context {
  return { ...ctx, now };
}

export function entry(id: string, playerId: string, number = 1, status: EntryStatus = 'active', createdAt = T0): EntryRef {
  return { id, playerId, number, status, createdAt };
}

/** Entries e1..eN for players p1..pN, all first entries, all active. */
export function field(n: number): EntryRef[] {
  return Array.from({ length: n }, (_, i) => entry(`e${i + 1}`, `p${i + 1}`));
}

/** What the entries module does with the ids the results engine returns. */
export function setStatus(entries: readonly EntryRef[], ids: readonly string[], status: EntryStatus): EntryRef[] {
  const set = new Set(ids);
  return entries.map((e) => (set.has(e.id) ? { ...e, status } : e));
}

/**
 * Runs `fn` on frozen inputs, expects the domain error `code` (and `kind` when given), and
 * checks the inputs came out equal to what went in.
 */
export function expectRefusal(
  code: string,
  inputs: readonly unknown[],
  fn: () => unknown,
  kind?: 'rule' | 'conflict' | 'not_found',
): DomainError {
  const before = plainCopy(inputs);
  inputs.forEach(deepFreeze);
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  const err = thrown as DomainError;
  expect(err.code).toBe(code);
  if (kind) expect(err.kind).toBe(kind);
  expect(inputs).toEqual(before);
  return err;
}
