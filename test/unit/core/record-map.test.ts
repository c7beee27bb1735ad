import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changedRecordIds,
  isRecordMap,
  putRecord,
  putRecords,
  recordCount,
  recordMap,
  recordValues,
  removeRecord,
} from '../../../domain/core/record-map';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

type Rec = { id: string; n: number };
type Op = { kind: 'put'; id: string; n: number } | { kind: 'remove'; id: string };

/** Few distinct ids, so that puts replace and removes hit; many ops, so that buckets grow and holes are swept. */
const ids = fc.integer({ min: 0, max: 400 }).map((i) => `r_${i.toString(36)}`);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('put' as const), id: ids, n: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), id: ids }) },
);

/** The plain-object model: what the record map must read like. */
function applyPlain(m: Record<string, Rec>, o: Op): Record<string, Rec> {
  if (o.kind === 'remove') {
    const { [o.id]: _gone, ...rest } = m;
    return rest;
  }
  return { ...m, [o.id]: { id: o.id, n: o.n } };
}

function applyMap(m: Record<string, Rec>, o: Op, same: Map<string, Rec>): Record<string, Rec> {
  if (o.kind === 'remove') return removeRecord(m, o.id);
  // The same record object for the same (id, n), so that putting an equal record is no change.
  const key = `${o.id}:${o.n}`;
  const rec = same.get(key) ?? { id: o.id, n: o.n };
  same.set(key, rec);
  return putRecord(m, o.id, rec);
}

describe('record maps', () => {
  it('read as the plain object of the same puts and removes: keys in insertion order, values, in, hasOwn, JSON', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 1500 }), (ops) => {
        let plain: Record<string, Rec> = {};
        let map = recordMap<Rec>();
        const same = new Map<string, Rec>();
        for (const o of ops) {
          plain = applyPlain(plain, o);
          map = applyMap(map, o, same);
        }
        expect(isRecordMap(map)).toBe(true);
        expect(Object.keys(map)).toEqual(Object.keys(plain));
        expect(Object.values(map)).toEqual(Object.values(plain));
        expect(recordValues(map)).toEqual(Object.values(plain));
        expect(recordCount(map)).toBe(Object.keys(plain).length);
        expect(JSON.parse(JSON.stringify(map))).toEqual(plain);
        expect({ ...map }).toEqual(plain);
        const forIn: string[] = [];
        for (const id in map) forIn.push(id);
        expect(forIn).toEqual(Object.keys(plain));
        for (let i = 0; i <= 400; i += 7) {
          const id = `r_${i.toString(36)}`;
          expect(map[id]).toEqual(plain[id]);
          expect(id in map).toBe(id in plain);
          expect(Object.hasOwn(map, id)).toBe(Object.hasOwn(plain, id));
        }
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('tell the ids that changed between any two states, whatever lies between them', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 1200 }), fc.array(op, { maxLength: 40 }), (history, change) => {
        const same = new Map<string, Rec>();
        let before = recordMap<Rec>();
        for (const o of history) before = applyMap(before, o, same);
        let after = before;
        for (const o of change) after = applyMap(after, o, same);
        const expected = new Set<string>();
        for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) if (before[id] !== after[id]) expected.add(id);
        expect(changedRecordIds(before, after)).toEqual(expected);
        expect(changedRecordIds(after, before)).toEqual(expected);
        // Against a plain object of the same records, and of another lineage: the same answer.
        expect(changedRecordIds({ ...before }, after)).toEqual(expected);
        expect(changedRecordIds(recordMap({ ...before }), after)).toEqual(expected);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('never change the map they were given, and refuse a change in place', () => {
    const a = putRecords(recordMap<Rec>(), [
      ['a', { id: 'a', n: 1 }],
      ['b', { id: 'b', n: 2 }],
    ]);
    const b = putRecord(a, 'a', { id: 'a', n: 9 });
    const c = removeRecord(b, 'b');
    expect(a).toEqual({ a: { id: 'a', n: 1 }, b: { id: 'b', n: 2 } });
    expect(b).toEqual({ a: { id: 'a', n: 9 }, b: { id: 'b', n: 2 } });
    expect(c).toEqual({ a: { id: 'a', n: 9 } });
    expect(() => {
      (a as Record<string, Rec>).c = { id: 'c', n: 3 };
    }).toThrow(TypeError);
    expect(() => delete (a as Record<string, Rec>).a).toThrow(TypeError);
    expect(() => Object.defineProperty(a, 'd', { value: 1 })).toThrow(TypeError);
  });

  it('answer the very same map for a change that changes nothing', () => {
    const rec = { id: 'a', n: 1 };
    const a = putRecord(recordMap<Rec>(), 'a', rec);
    expect(putRecord(a, 'a', rec)).toBe(a);
    expect(removeRecord(a, 'zz')).toBe(a);
    expect(putRecords(a, [])).toBe(a);
  });

  it('take a plain object wherever a record map goes, and keep its order', () => {
    const plain = { x: { id: 'x', n: 1 }, y: { id: 'y', n: 2 } };
    const m = putRecord(plain, 'z', { id: 'z', n: 3 });
    expect(isRecordMap(plain)).toBe(false);
    expect(isRecordMap(m)).toBe(true);
    expect(Object.keys(m)).toEqual(['x', 'y', 'z']);
    expect(plain).toEqual({ x: { id: 'x', n: 1 }, y: { id: 'y', n: 2 } });
    expect(changedRecordIds(plain, m)).toEqual(new Set(['z']));
  });

  it('inherit nothing but what a plain object inherits', () => {
    const m = recordMap({ a: { id: 'a', n: 1 } });
    expect(String(m)).toBe('[object Object]');
    expect(Object.prototype.hasOwnProperty.call(m, 'toString')).toBe(false);
    expect('toString' in m).toBe(true);
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
  });
});
