import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPatch, diffState } from '../../../functions/store/state-patch';
import { PROPERTY_TEST } from '../../support/property';

/** JSON as it comes back from storage: undefined members dropped. */
const stored = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

const record = fc.record({
  id: fc.string({ maxLength: 6 }),
  status: fc.constantFrom('active', 'busted'),
  chips: fc.integer(),
  note: fc.option(fc.string(), { nil: undefined }),
});
const state = fc.record({
  status: fc.constantFrom('announced', 'running'),
  entries: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), record, { maxKeys: 12 }),
  moves: fc.array(fc.integer(), { maxLength: 6 }),
  clock: fc.option(fc.record({ level: fc.nat(20), paused: fc.boolean() }), { nil: undefined }),
});

/** A changed copy that shares what it does not change, as the domain's commands do. */
const edited = state.chain((before) =>
  fc
    .record({
      status: fc.option(fc.constantFrom('running', 'finished'), { nil: undefined }),
      put: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), record, { maxKeys: 3 }),
      drop: fc.subarray(Object.keys(before.entries)),
      append: fc.array(fc.integer(), { maxLength: 3 }),
      clock: fc.option(fc.record({ level: fc.nat(20), paused: fc.boolean() }), { nil: undefined }),
    })
    .map((e) => {
      const entries = { ...before.entries, ...e.put };
      for (const k of e.drop) delete entries[k];
      const after = { ...before, entries, moves: [...before.moves, ...e.append], ...(e.status ? { status: e.status } : {}) };
      if (e.clock) after.clock = e.clock;
      return { before, after };
    }),
);

describe('state patches (the event log of the tournament store)', () => {
  it('apply(before, diff(before, after)) is after, as stored JSON, and leaves before untouched', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(edited, ({ before, after }) => {
        const frozen = stored(before);
        const patch = diffState(before, after);
        // The patch survives storage: it is applied from its JSON, as a reader does.
        const applied = applyPatch(stored(before), stored(patch) as typeof patch);
        expect(stored(applied)).toEqual(stored(after));
        expect(stored(applyPatch(before, patch))).toEqual(stored(after));
        expect(stored(before)).toEqual(frozen);
      }),
      { numRuns: 200 },
    );
  });

  it('a change of one record is a patch of that record, whatever the size of the map', () => {
    const entries: Record<string, { chips: number }> = {};
    for (let i = 0; i < 10_000; i++) entries[`e${i}`] = { chips: 100 };
    const before = { entries, moves: [1, 2, 3] };
    const after = { ...before, entries: { ...entries, e42: { chips: 50 } }, moves: [...before.moves, 4] };
    expect(diffState(before, after)).toEqual([
      ['s', ['entries', 'e42', 'chips'], 50],
      ['a', ['moves'], [4]],
    ]);
  });

  it('skips derived paths, deletes removed keys, replaces a list that is not appended to', () => {
    const before = { seating: { tables: { t1: { seats: ['a', null] } }, seatOf: { a: 1 } }, gone: 1, list: [1, 2] };
    const after = { seating: { tables: { t1: { seats: [null, 'a'] } }, seatOf: { a: 2 } }, list: [2] };
    expect(diffState(before, after, { skip: ['seating.seatOf'] })).toEqual([
      ['s', ['seating', 'tables', 't1', 'seats'], [null, 'a']],
      ['s', ['list'], [2]],
      ['d', ['gone']],
    ]);
  });

  it('a whole-state patch creates the state from nothing', () => {
    expect(applyPatch(undefined, [['s', [], { a: 1 }]])).toEqual({ a: 1 });
  });
});
