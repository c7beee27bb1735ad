import { changedRecordIds, isRecordMap, recordAt, recordIds } from '../../domain/core/record-map';
/**
 * How an aggregate is cut into the parts of a snapshot (tournament-snapshot.ts). The rest of the state
 * (settings, status, clock, counters) is one `meta` part; each large map of records is spread over a
 * number of buckets by a hash of the record id; each append-only list is cut into chunks of fixed length.
 * A snapshot rewrites only the parts whose text changed, so a knockout since the last one touches a
 * handful of parts, and every part stays far below DynamoDB's 400 KB item limit.
 */
export interface AggregateLayout {
  /** Dotted paths of `Record<id, record>` maps, with their bucket counts. */
  maps: readonly { path: string; buckets: number }[];
  /** Dotted paths of append-only arrays, with the number of elements per chunk. */
  lists: readonly { path: string; chunk: number }[];
  /** Dotted paths of derived state: dropped before saving, rebuilt after loading. */
  derived?: readonly string[];
}

export type Parts = Map<string, string>;

const META = 'meta';

/** FNV-1a, 32 bit: a stable, well-spread bucket for a record id. */
export function bucketOf(id: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % buckets;
}

type Json = Record<string, unknown>;

function getPath(obj: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), obj);
}

function setPath(obj: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Json;
  }
  o[keys.at(-1) as string] = value;
}

const pad = (n: number) => String(n).padStart(4, '0');

/** A copy of `obj` without the given paths; only the objects along those paths are copied. */
function omitPaths(obj: Json, paths: readonly string[]): Json {
  const root: Json = { ...obj };
  for (const path of paths) {
    const keys = path.split('.');
    let o = root;
    let ok = true;
    for (const k of keys.slice(0, -1)) {
      const next = o[k];
      if (!next || typeof next !== 'object') {
        ok = false;
        break;
      }
      o[k] = { ...(next as Json) };
      o = o[k] as Json;
    }
    if (ok) delete o[keys.at(-1) as string];
  }
  return root;
}

function bucketize(map: Json, buckets: number): string[][] {
  const out: string[][] = Array.from({ length: buckets }, () => []);
  for (const id of recordIds(map)) (out[bucketOf(id, buckets)] as string[]).push(id);
  return out;
}

/** The buckets holding a record that changed between two record maps, or undefined when they are not both such maps. */
function changedBuckets(before: Json, map: Json, buckets: number): Set<number> | undefined {
  if (!isRecordMap(before) || !isRecordMap(map)) return undefined;
  return new Set(Array.from(changedRecordIds(before, map), (id) => bucketOf(id, buckets)));
}

/** What the last load saw: unchanged records (same object) let their bucket's text be reused. */
export interface Previous {
  state: object;
  parts: Parts;
}

/**
 * The state as named parts (`meta`, `m#<path>#<bucket>`, `l#<path>#<chunk>`), each a JSON string.
 * Strings make the change check exact and cheap; an absent map or list yields no parts. With the
 * previous state, a bucket whose records are all the same objects as before keeps its text: the
 * domain copies only what it changes, so a one-record change stringifies one bucket.
 */
export function encode(state: object, layout: AggregateLayout, previous?: Previous): Parts {
  const parts: Parts = new Map();
  const src = state as Json;
  const prev = previous?.state as Json | undefined;
  const omitted: string[] = [...(layout.derived ?? []), ...layout.maps.map((m) => m.path)];
  for (const { path, buckets } of layout.maps) {
    const map = getPath(src, path) as Json | undefined;
    if (!map) continue;
    const before = prev ? (getPath(prev, path) as Json | undefined) : undefined;
    const groups = bucketize(map, buckets);
    const touched = before && before !== map ? changedBuckets(before, map, buckets) : undefined;
    const beforeGroups = before && before !== map && !touched ? bucketize(before, buckets) : undefined;
    groups.forEach((ids, i) => {
      const name = `m#${path}#${pad(i)}`;
      const old = previous?.parts.get(name);
      const same =
        old !== undefined &&
        before !== undefined &&
        (before === map ||
          (touched
            ? !touched.has(i)
            : ids.length === beforeGroups?.[i]?.length && ids.every((id) => recordAt(before, id) === recordAt(map, id))));
      if (same) {
        parts.set(name, old);
        return;
      }
      const bucket: Json = {};
      for (const id of ids.sort()) bucket[id] = recordAt(map, id);
      parts.set(name, JSON.stringify(bucket));
    });
  }
  for (const { path, chunk } of layout.lists) {
    const list = getPath(src, path) as unknown[] | undefined;
    // An empty list stays in meta as [], so that it comes back as a list, not as nothing.
    if (!list || list.length === 0) continue;
    omitted.push(path);
    const before = prev ? (getPath(prev, path) as unknown[] | undefined) : undefined;
    for (let i = 0; i * chunk < list.length; i++) {
      const name = `l#${path}#${pad(i)}`;
      const slice = list.slice(i * chunk, (i + 1) * chunk);
      const old = previous?.parts.get(name);
      const same =
        old !== undefined &&
        before !== undefined &&
        slice.every((x, j) => before[i * chunk + j] === x) &&
        before.slice(i * chunk, (i + 1) * chunk).length === slice.length;
      parts.set(name, same ? (old as string) : JSON.stringify(slice));
    }
  }
  parts.set(META, JSON.stringify(omitPaths(src, omitted)));
  return parts;
}

export function decode<S>(parts: Parts, layout: AggregateLayout): S {
  const metaText = parts.get(META);
  if (!metaText) throw new Error('aggregate without meta');
  const state = JSON.parse(metaText) as Json;
  for (const { path } of layout.maps) {
    const prefix = `m#${path}#`;
    const keys = [...parts.keys()].filter((k) => k.startsWith(prefix));
    if (keys.length === 0) continue;
    const map: Json = {};
    for (const k of keys) Object.assign(map, JSON.parse(parts.get(k) as string));
    setPath(state, path, map);
  }
  for (const { path } of layout.lists) {
    const prefix = `l#${path}#`;
    const keys = [...parts.keys()].filter((k) => k.startsWith(prefix)).sort();
    if (keys.length === 0) continue;
    setPath(
      state,
      path,
      keys.flatMap((k) => JSON.parse(parts.get(k) as string) as unknown[]),
    );
  }
  return state as S;
}

/** Parts to write (new or changed) and parts to delete (gone), from the stored ones to the next ones. */
export function diff(before: Parts, after: Parts): { put: [string, string][]; remove: string[] } {
  const put = [...after].filter(([k, v]) => before.get(k) !== v);
  const remove = [...before.keys()].filter((k) => !after.has(k));
  return { put, remove };
}
