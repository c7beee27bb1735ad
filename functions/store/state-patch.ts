import { changedRecordIds, isRecordMap, putRecord, recordAt, removeRecord } from '../../domain/core/record-map';

/**
 * The change one command made to the stored tournament, as a list of operations on JSON paths. The
 * domain copies only what it changes (structural sharing; its big maps are record maps, which tell the
 * records that changed without a walk), so comparing by reference finds the change in time proportional
 * to it and writes a patch proportional to it, whatever the field size: a knockout is a few records.
 *
 * Operations (an empty path is the whole state):
 * - `["s", path, value]`: set the value at path (creating objects along it);
 * - `["d", path]`: delete the key at path;
 * - `["a", path, items]`: append items to the array at path (the old array is a prefix of the new).
 */
export type PatchOp = ['s', string[], unknown] | ['d', string[]] | ['a', string[], unknown[]];
export type Patch = PatchOp[];

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paths (dotted) excluded from the patch: derived state the reader rebuilds. */
export interface DiffOptions {
  skip?: readonly string[];
}

/** The operations that turn `before` into `after` (both plain JSON-like values). */
export function diffState(before: unknown, after: unknown, opts: DiffOptions = {}): Patch {
  const ops: Patch = [];
  const skip = new Set(opts.skip ?? []);
  walk(before, after, [], ops, skip);
  return ops;
}

function walk(a: unknown, b: unknown, path: string[], ops: Patch, skip: Set<string>): void {
  if (a === b) return;
  if (skip.size > 0 && skip.has(path.join('.'))) return;
  if (b === undefined) {
    ops.push(['d', path]);
    return;
  }
  if (isObject(a) && isObject(b) && (isRecordMap(a) || isRecordMap(b))) {
    for (const id of changedRecordIds(a, b)) walk(recordAt(a, id), recordAt(b, id), [...path, id], ops, skip);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(b)) {
      const bv = b[k];
      const av = a[k];
      if (av === bv) continue;
      if (bv === undefined) {
        if (av !== undefined) walk(av, undefined, [...path, k], ops, skip);
        continue;
      }
      walk(av, bv, [...path, k], ops, skip);
    }
    for (const k of Object.keys(a)) {
      if (a[k] !== undefined && !(k in b)) walk(a[k], undefined, [...path, k], ops, skip);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && b.length > a.length && a.length > 0 && a.every((x, i) => x === b[i])) {
    ops.push(['a', path, b.slice(a.length)]);
    return;
  }
  ops.push(['s', path, b]);
}

/**
 * Applies a patch without touching `state`: objects along each changed path are copied, everything
 * else is shared with the input (so a cached state stays valid for whoever still holds it). A record
 * map on the path is changed by a put (it shares all but the record with the map it came from).
 */
export function applyPatch<S>(state: S, patch: Patch): S {
  // Plain objects already copied by this call may be changed in place.
  const fresh = new Set<unknown>();
  const writable = (v: unknown): Json | unknown[] => {
    if (fresh.has(v)) return v as Json;
    const c = Array.isArray(v) ? [...v] : { ...(v as Json) };
    fresh.add(c);
    return c;
  };
  const childOf = (node: unknown, k: string): unknown => (isRecordMap(node) ? recordAt(node as Json, k) : (node as Json | undefined)?.[k]);
  const withChild = (node: unknown, k: string, value: unknown): unknown => {
    if (isRecordMap(node)) return value === undefined ? removeRecord(node as Json, k) : putRecord<unknown>(node as Json, k, value);
    const c = writable(node) as Json;
    if (value === undefined) delete c[k];
    else c[k] = value;
    return c;
  };
  const change = (node: unknown, path: string[], i: number, op: PatchOp): unknown => {
    const k = path[i] as string;
    if (i < path.length - 1) {
      const child = childOf(node, k);
      return withChild(node, k, change(child === undefined || child === null || typeof child !== 'object' ? {} : child, path, i + 1, op));
    }
    if (op[0] === 's') return withChild(node, k, op[2]);
    if (op[0] === 'd') return withChild(node, k, undefined);
    const list = childOf(node, k);
    if (!Array.isArray(list)) throw new Error(`patch appends to a non-list at ${path.join('.')}`);
    return withChild(node, k, [...list, ...op[2]]);
  };
  let root = state as unknown;
  for (const op of patch) {
    const path = op[1];
    if (path.length === 0) {
      if (op[0] === 's') root = op[2];
      else throw new Error(`patch op ${op[0]} on the whole state`);
      continue;
    }
    root = change(root ?? {}, path, 0, op);
  }
  return root as S;
}
