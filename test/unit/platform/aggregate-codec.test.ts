import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bucketOf, decode, diff, encode, type AggregateLayout } from '../../../functions/store/aggregate-codec';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const layout: AggregateLayout = {
  maps: [
    { path: 'entries', buckets: 8 },
    { path: 'seating.tables', buckets: 4 },
  ],
  lists: [{ path: 'seating.moves', chunk: 3 }],
  derived: ['seating.seatOf'],
};

// Ids as the API admits them (schemas/common.ts Id): no names that reach an object's prototype.
const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,12}$/).filter((s) => !['__proto__', 'constructor', 'prototype'].includes(s));
const record = fc.record({ id, chips: fc.nat() });

describe('aggregate codec', () => {
  it('round-trips any state through its parts (derived state dropped)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 20 }), (entries, moves) => {
        const state = {
          id: 't1',
          version: 3,
          entries: Object.fromEntries(entries.map((e) => [e.id, e])),
          seating: { tables: { a: { seats: [1, null] } }, moves, seatOf: { x: 1 } },
        };
        const back = decode<typeof state>(encode(state, layout), layout);
        const expected = { ...state, seating: { tables: state.seating.tables, moves } };
        expect(back).toEqual(expected);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('changing one record rewrites only its bucket; appending to a list only the last chunk', () => {
    const entries = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`ent_${i}`, { id: `ent_${i}`, chips: 10000 }]));
    const state = { id: 't', entries, seating: { tables: {}, moves: [1, 2, 3, 4] } };
    const before = encode(state, layout);
    const after = encode(
      { ...state, entries: { ...entries, ent_7: { id: 'ent_7', chips: 20000 } }, seating: { tables: {}, moves: [1, 2, 3, 4, 5] } },
      layout,
    );
    const { put, remove } = diff(before, after);
    expect(put.map(([k]) => k).sort()).toEqual([`m#entries#000${bucketOf('ent_7', 8)}`, 'l#seating.moves#0001'].sort());
    expect(remove).toEqual([]);
  });

  it('encoding against the previous state gives exactly the parts of a fresh encoding', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(record, { selector: (r) => r.id, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 9 }),
        fc.nat(3),
        (entries, edits, moves, appended) => {
          const before = { id: 't', entries: Object.fromEntries(entries.map((e) => [e.id, e])), seating: { tables: {}, moves } };
          const nextEntries = { ...before.entries };
          for (const [which, chips, remove] of edits) {
            const id = entries.length ? (entries[which % entries.length] as { id: string }).id : 'x';
            if (remove) delete nextEntries[id];
            else nextEntries[id] = { id, chips };
          }
          const after = {
            ...before,
            entries: nextEntries,
            seating: { tables: {}, moves: [...moves, ...Array.from({ length: appended }, (_, i) => 1000 + i)] },
          };
          const prevParts = encode(before, layout);
          expect(encode(after, layout, { state: before, parts: prevParts })).toEqual(encode(after, layout));
        },
      ),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('spreads ids evenly enough over the buckets', () => {
    const counts = new Array(16).fill(0);
    for (let i = 0; i < 16000; i++) counts[bucketOf(`ent_${i.toString(36)}x`, 16)]++;
    expect(Math.max(...counts)).toBeLessThan(1300);
    expect(Math.min(...counts)).toBeGreaterThan(700);
  });
});
