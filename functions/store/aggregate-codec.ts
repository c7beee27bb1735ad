/**
 * How an aggregate is laid out in its partition. The rest of the state (settings, status, clock,
 * counters) is one `meta` document; each large map of records is spread over a fixed number of
 * bucket items by a hash of the record id; each append-only list is cut into chunks of fixed length.
 * A mutation rewrites only the items whose content changed, so one knockout touches a handful of
 * items and even a seating draw for thousands of entries touches at most one item per bucket: every
 * operation fits one TransactWriteItems (100 items) and every item stays far below 400 KB.
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

function deletePath(obj: Json, path: string): void {
  const keys = path.split('.');
  const parent = getPath(obj, keys.slice(0, -1).join('.')) ?? (keys.length === 1 ? obj : undefined);
  if (parent && typeof parent === 'object') delete (parent as Json)[keys.at(-1) as string];
}

const pad = (n: number) => String(n).padStart(4, '0');

/**
 * The state as named parts (`meta`, `m#<path>#<bucket>`, `l#<path>#<chunk>`), each a JSON string.
 * Strings make the change check exact and cheap; an absent map or list yields no parts.
 */
export function encode(state: object, layout: AggregateLayout): Parts {
  const meta = structuredClone(state) as Json;
  const parts: Parts = new Map();
  for (const d of layout.derived ?? []) deletePath(meta, d);
  for (const { path, buckets } of layout.maps) {
    const map = getPath(meta, path) as Json | undefined;
    deletePath(meta, path);
    if (!map) continue;
    const out: Json[] = Array.from({ length: buckets }, () => ({}));
    for (const id of Object.keys(map).sort()) (out[bucketOf(id, buckets)] as Json)[id] = map[id];
    out.forEach((b, i) => parts.set(`m#${path}#${pad(i)}`, JSON.stringify(b)));
  }
  for (const { path, chunk } of layout.lists) {
    const list = getPath(meta, path) as unknown[] | undefined;
    // An empty list stays in meta as [], so that it comes back as a list, not as nothing.
    if (!list || list.length === 0) continue;
    deletePath(meta, path);
    for (let i = 0; i * chunk < list.length; i++) parts.set(`l#${path}#${pad(i)}`, JSON.stringify(list.slice(i * chunk, (i + 1) * chunk)));
  }
  parts.set(META, JSON.stringify(meta));
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
    setPath(state, path, keys.flatMap((k) => JSON.parse(parts.get(k) as string) as unknown[]));
  }
  return state as S;
}

/** Parts to write (new or changed) and parts to delete (gone), from the stored ones to the next ones. */
export function diff(before: Parts, after: Parts): { put: [string, string][]; remove: string[] } {
  const put = [...after].filter(([k, v]) => before.get(k) !== v);
  const remove = [...before.keys()].filter((k) => !after.has(k));
  return { put, remove };
}
