/**
 * The change one command made to the stored tournament, as a list of operations on JSON paths. The
 * domain copies only what it changes (structural sharing), so comparing by reference finds the change
 * in time proportional to the maps it walks and writes a patch proportional to the change, whatever
 * the field size: a knockout is a few records, not the tournament.
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
 * else is shared with the input (so a cached state stays valid for whoever still holds it).
 */
export function applyPatch<S>(state: S, patch: Patch): S {
  let root = state as unknown;
  // Objects already copied by this call may be changed in place.
  const fresh = new Set<unknown>();
  const copy = <T>(v: T): T => {
    if (fresh.has(v)) return v;
    const c = (Array.isArray(v) ? [...v] : { ...(v as object) }) as T;
    fresh.add(c);
    return c;
  };
  for (const op of patch) {
    const path = op[1];
    if (path.length === 0) {
      if (op[0] === 's') root = op[2];
      else throw new Error(`patch op ${op[0]} on the whole state`);
      continue;
    }
    root = copy(root);
    let parent = root as Json;
    for (const k of path.slice(0, -1)) {
      const child = parent[k];
      const next = child === undefined || child === null || typeof child !== 'object' ? {} : copy(child);
      if (!fresh.has(next)) fresh.add(next);
      parent[k] = next;
      parent = next as Json;
    }
    const last = path[path.length - 1] as string;
    if (op[0] === 's') parent[last] = op[2];
    else if (op[0] === 'd') delete parent[last];
    else {
      const list = parent[last];
      if (!Array.isArray(list)) throw new Error(`patch appends to a non-list at ${path.join('.')}`);
      parent[last] = [...list, ...op[2]];
    }
  }
  return root as S;
}
