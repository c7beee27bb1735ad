import { plainCopy } from '../../support/freeze';
import { deepFreeze } from '../../support/freeze';
export { deepFreeze } from '../../support/freeze';
import { expect } from 'vitest';
import type { Context } from '../../../domain/core/context';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import { afterKnockout, initialDraw } from '../../../domain/seating';
import type { SeatingPolicy, SeatingState, Table } from '../../../domain/seating';

export const NOW = Date.UTC(2025, 0, 10, 18, 0, 0);

/** Ids are unique across contexts, as real ids are. */
let idCounter = 0;

export function makeCtx(seed = 1, actorId = 'floor-1'): Context {
  return {
    now: NOW,
    actor: { id: actorId, role: 'manager' },
    rng: seededRandom(seed),
    newId: (prefix) => `${prefix}_${++idCounter}`,
  };
}

export const entries = (n: number, prefix = 'e'): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(5, '0')}`);

/** Freezes the whole state, so any write to an input fails loudly (ESM code runs in strict mode). */

export function drawn(n: number, seatsPerTable: number, seed = 7, policy?: Partial<SeatingPolicy>): SeatingState {
  return initialDraw(undefined, { entryIds: entries(n), seatsPerTable, ...(policy ? { policy } : {}) }, makeCtx(seed)).state;
}

export const tableByNumber = (state: SeatingState, number: number): Table => {
  const t = Object.values(state.tables).find((x) => x.number === number);
  if (!t) throw new Error(`no table ${number}`);
  return t;
};

export const occupants = (t: Table): string[] => t.seats.filter((s): s is string => s !== null);

export const activeSizes = (state: SeatingState): number[] =>
  Object.values(state.tables)
    .filter((t) => t.status === 'active')
    .sort((a, b) => a.number - b.number)
    .map((t) => occupants(t).length);

/** Independent consistency check of a seating; returns the violations found. */
export function violations(state: SeatingState): string[] {
  const out: string[] = [];
  const seen = new Map<string, string>();
  const numbers = new Set<number>();
  for (const [id, t] of Object.entries(state.tables)) {
    if (t.id !== id) out.push(`table key ${id} holds ${t.id}`);
    if (numbers.has(t.number)) out.push(`table number ${t.number} used twice`);
    numbers.add(t.number);
    if (t.number >= state.nextTableNumber) out.push(`table number ${t.number} >= next ${state.nextTableNumber}`);
    if (t.seats.length !== state.seatsPerTable) out.push(`table ${t.number} has ${t.seats.length} seats`);
    t.seats.forEach((e, seat) => {
      if (e === null) return;
      if (t.status === 'broken') out.push(`broken table ${t.number} seat ${seat} used by ${e}`);
      const where = `${id}#${seat}`;
      if (seen.has(e)) out.push(`${e} seated twice: ${seen.get(e)} and ${where}`);
      seen.set(e, where);
      const ref = state.seatOf[e];
      if (!ref || ref.tableId !== id || ref.seat !== seat) out.push(`seatOf[${e}] does not point at ${where}`);
    });
  }
  for (const [e, ref] of Object.entries(state.seatOf)) {
    if (state.tables[ref.tableId]?.seats[ref.seat] !== e) out.push(`seatOf[${e}] points at a seat not holding it`);
  }
  return out;
}

export function expectCode(fn: () => unknown, code: string): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(isDomainError(thrown), `expected DomainError ${code}, got ${String(thrown)}`).toBe(true);
  expect((thrown as { code: string }).code).toBe(code);
}

/** Runs an operation that must be refused: checks the code and that the (frozen) input is unchanged. */
export function expectRefusedUnchanged(state: SeatingState, fn: (s: SeatingState) => unknown, code: string): void {
  const before = plainCopy(state);
  deepFreeze(state);
  expectCode(() => fn(state), code);
  expect(state).toEqual(before);
}

/** Knocks out the lowest-id seated entries (balancing as it goes) until `left` remain. */
export function downTo(state: SeatingState, left: number): SeatingState {
  let s = state;
  for (const e of Object.keys(state.seatOf).sort()) {
    if (Object.keys(s.seatOf).length <= left) break;
    s = afterKnockout(s, { entryId: e }, makeCtx()).state;
  }
  return s;
}
