/*
 * The tournament's maps of records (registrations, entries, fees, seats, knockouts...) hold up to tens of
 * thousands of records, and a command changes one or two of them. Copying such a map per change made a
 * knockout's cost grow with the field (a 10,000-key object spread alone is several milliseconds). A record
 * map is persistent: `putRecord` and `removeRecord` answer a new map that shares all but the small pieces
 * they touch with the one they were given, and `changedRecordIds` tells two maps of one lineage apart
 * without walking them.
 *
 * It reads like the frozen plain object it replaces: `map[id]`, `id in map`, `Object.hasOwn`, `Object.keys`
 * and `Object.values`, `for...in`, spreads and JSON all see the records, in insertion order, as own
 * enumerable properties (a Proxy over the structure). So the rules keep their plain-object code; only
 * the writes go through this module, and a write in place throws. Plain objects are taken wherever a
 * record map is: the first `putRecord` turns one into a record map.
 *
 * Layout: the records in insertion order, in chunks of CHUNK slots (a removed record leaves a hole until
 * holes outnumber records); and the position of each id, in 2^k hash buckets of about BUCKET_LOAD ids. A
 * change copies one chunk (and one bucket for a new id) and the list of chunks (one pointer per CHUNK
 * records): constant work for any practical field size.
 */

const CHUNK = 64;
const BUCKET_LOAD = 16;
/** Holes are swept when there are more of them than records (and more than a chunk's worth). */
const MIN_SWEEP = CHUNK;

/** Up to CHUNK records in insertion order: ids and values side by side; a hole's id is undefined. */
interface Chunk<T> {
  readonly ids: readonly (string | undefined)[];
  readonly values: readonly (T | undefined)[];
}

interface Structure<T> {
  /** Insertion order, CHUNK positions a chunk. */
  readonly chunks: readonly Chunk<T>[];
  /** Positions used, holes included. */
  readonly length: number;
  /** Records present. */
  readonly size: number;
  /** id -> position, by hash bucket (a power of two of them). */
  readonly buckets: readonly ReadonlyMap<string, number>[];
}

const STRUCTURE = Symbol('recordMap.structure');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** FNV-1a, 32 bit. */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const bucketIndex = (s: Structure<unknown>, id: string): number => hash(id) & (s.buckets.length - 1);

function positionOf<T>(s: Structure<T>, id: string): number | undefined {
  return s.buckets[bucketIndex(s, id)]?.get(id);
}

/** The record at `id`, or undefined. */
function lookup<T>(s: Structure<T>, id: string): T | undefined {
  const pos = positionOf(s, id);
  return pos === undefined ? undefined : s.chunks[(pos / CHUNK) | 0]?.values[pos % CHUNK];
}

const has = (s: Structure<unknown>, id: string): boolean => positionOf(s, id) !== undefined;

/** Calls `fn` on each record in insertion order. */
function each<T>(s: Structure<T>, fn: (id: string, value: T) => void): void {
  for (const { ids, values } of s.chunks) {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (id !== undefined) fn(id, values[i] as T);
    }
  }
}

function pairs<T>(s: Structure<T>): [string, T][] {
  const out: [string, T][] = [];
  each(s, (id, value) => out.push([id, value]));
  return out;
}

/**
 * A structure laid out afresh from records in order (no holes, buckets sized for them). An id given twice
 * keeps its first position and its last record, as on a plain object.
 */
function build<T>(records: readonly (readonly [string, T])[]): Structure<T> {
  let bucketCount = 1;
  while (bucketCount * BUCKET_LOAD < records.length) bucketCount *= 2;
  const buckets = Array.from({ length: bucketCount }, () => new Map<string, number>());
  const chunks: { ids: string[]; values: T[] }[] = [];
  let length = 0;
  for (const [id, value] of records) {
    const bucket = buckets[hash(id) & (bucketCount - 1)] as Map<string, number>;
    const at = bucket.get(id);
    if (at !== undefined) {
      (chunks[(at / CHUNK) | 0] as { values: T[] }).values[at % CHUNK] = value;
      continue;
    }
    if (length % CHUNK === 0) chunks.push({ ids: [], values: [] });
    const chunk = chunks[chunks.length - 1] as { ids: string[]; values: T[] };
    chunk.ids.push(id);
    chunk.values.push(value);
    bucket.set(id, length++);
  }
  return { chunks, length, size: length, buckets };
}

function withSlot<T>(s: Structure<T>, pos: number, id: string | undefined, value: T | undefined): Structure<T>['chunks'] {
  const c = (pos / CHUNK) | 0;
  const chunks = s.chunks.slice();
  const chunk = chunks[c];
  const ids = chunk ? chunk.ids.slice() : [];
  const values = chunk ? chunk.values.slice() : [];
  ids[pos % CHUNK] = id;
  values[pos % CHUNK] = value;
  chunks[c] = { ids, values };
  return chunks;
}

function withPosition<T>(s: Structure<T>, id: string, pos: number | undefined): Structure<T>['buckets'] {
  const b = bucketIndex(s, id);
  const buckets = s.buckets.slice();
  const bucket = new Map(buckets[b]);
  if (pos === undefined) bucket.delete(id);
  else bucket.set(id, pos);
  buckets[b] = bucket;
  return buckets;
}

function put<T>(s: Structure<T>, id: string, value: T): Structure<T> {
  const pos = positionOf(s, id);
  if (pos !== undefined) {
    if (s.chunks[(pos / CHUNK) | 0]?.values[pos % CHUNK] === value) return s;
    return { ...s, chunks: withSlot(s, pos, id, value) };
  }
  const next: Structure<T> = {
    chunks: withSlot(s, s.length, id, value),
    length: s.length + 1,
    size: s.size + 1,
    buckets: withPosition(s, id, s.length),
  };
  // Past the load, twice the buckets: a rebuild once per doubling.
  return next.size > next.buckets.length * BUCKET_LOAD ? build(pairs(next)) : next;
}

function remove<T>(s: Structure<T>, id: string): Structure<T> {
  const pos = positionOf(s, id);
  if (pos === undefined) return s;
  const next: Structure<T> = {
    chunks: withSlot(s, pos, undefined, undefined),
    length: s.length,
    size: s.size - 1,
    buckets: withPosition(s, id, undefined),
  };
  const holes = next.length - next.size;
  return holes > MIN_SWEEP && holes > next.size ? build(pairs(next)) : next;
}

const immutable = (): never => {
  throw new TypeError('A record map is immutable: change it with putRecord or removeRecord');
};

function recordIdsOf(s: Structure<unknown>): string[] {
  const out = new Array<string>(s.size);
  let i = 0;
  each(s, (id) => (out[i++] = id));
  return out;
}

function plainCopy<T>(s: Structure<T>): Record<string, T> {
  const out: Record<string, T> = {};
  each(s, (id, value) => (out[id] = value));
  return out;
}

function facade<T>(s: Structure<T>): Record<string, T> {
  const handler: ProxyHandler<Record<string, T>> = {
    get(target, key) {
      if (typeof key === 'string') {
        const pos = positionOf(s, key);
        if (pos !== undefined) return s.chunks[(pos / CHUNK) | 0]?.values[pos % CHUNK];
      } else if (key === STRUCTURE) return s;
      else if (key === INSPECT) return () => plainCopy(s);
      return Reflect.get(target, key);
    },
    has: (target, key) => (typeof key === 'string' && has(s, key)) || Reflect.has(target, key),
    ownKeys: () => recordIdsOf(s),
    getOwnPropertyDescriptor(_target, key) {
      if (typeof key !== 'string' || !has(s, key)) return undefined;
      return { value: lookup(s, key), writable: false, enumerable: true, configurable: true };
    },
    set: immutable,
    deleteProperty: immutable,
    defineProperty: immutable,
    setPrototypeOf: immutable,
    // Object.freeze would make the empty target non-extensible, and the records' keys could no longer be
    // reported: a record map is immutable already, so freezing it is refused outright.
    preventExtensions: immutable,
  };
  return new Proxy({} as Record<string, T>, handler);
}

function structureOf<T>(map: Readonly<Record<string, T>> | undefined): Structure<T> | undefined {
  return map ? ((map as Record<PropertyKey, unknown>)[STRUCTURE] as Structure<T> | undefined) : undefined;
}

const structureOrBuilt = <T>(map: Readonly<Record<string, T>> | undefined): Structure<T> =>
  structureOf(map) ?? build(Object.entries(map ?? {}));

/** Whether `map` is a record map (else a plain object, or nothing). */
export const isRecordMap = (map: unknown): boolean =>
  typeof map === 'object' && map !== null && structureOf(map as Record<string, unknown>) !== undefined;

/** A record map of the records of a plain object (or the same record map). */
export function recordMap<T>(map: Readonly<Record<string, T>> = {}): Record<string, T> {
  if (structureOf(map)) return map as Record<string, T>;
  return facade(build(Object.entries(map)));
}

/** A record map of [id, record] pairs, in their order (a later pair of one id replaces the earlier). */
export function recordMapOf<T>(pairs: Iterable<readonly [string, T]>): Record<string, T> {
  return facade(build(Array.isArray(pairs) ? pairs : [...pairs]));
}

/** `map` with `value` at `id`: the same map when it already holds that very value. */
export function putRecord<T>(map: Readonly<Record<string, T>> | undefined, id: string, value: T): Record<string, T> {
  const s = structureOrBuilt(map);
  const next = put(s, id, value);
  return next === s && map ? (map as Record<string, T>) : facade(next);
}

/** `map` with every record of `records` put, in their order. */
export function putRecords<T>(map: Readonly<Record<string, T>> | undefined, records: Iterable<readonly [string, T]>): Record<string, T> {
  const start = structureOrBuilt(map);
  const list = Array.isArray(records) ? (records as readonly (readonly [string, T])[]) : [...records];
  if (list.length === 0) return map ? (map as Record<string, T>) : facade(start);
  let s = start;
  // Many at once (a day 2's field): the records as they are, then the batch, laid out in one pass.
  if (list.length * 8 > start.size + CHUNK) s = build([...pairs(start), ...list]);
  else for (const [id, value] of list) s = put(s, id, value);
  return s === start && map ? (map as Record<string, T>) : facade(s);
}

/** One change of a batch: `value` undefined removes the record. */
export interface RecordChange<T> {
  id: string;
  value: T | undefined;
}

/**
 * `map` with the changes made one after the other (a removed id put again goes last, as on a plain
 * object). A batch that touches a good part of the map (a draw seats everyone) is laid out afresh in one
 * pass instead of change by change.
 */
export function changeRecords<T>(map: Readonly<Record<string, T>> | undefined, changes: readonly RecordChange<T>[]): Record<string, T> {
  const start = structureOrBuilt(map);
  if (changes.length === 0) return map ? (map as Record<string, T>) : facade(start);
  let s = start;
  if (changes.length * 8 > start.size + CHUNK) {
    // A Map keeps a plain object's order for ids: a delete and a set moves an id to the end.
    const all = new Map(pairs(start));
    for (const c of changes) {
      if (c.value === undefined) all.delete(c.id);
      else all.set(c.id, c.value);
    }
    s = build([...all]);
  } else {
    for (const c of changes) s = c.value === undefined ? remove(s, c.id) : put(s, c.id, c.value);
  }
  return s === start && map ? (map as Record<string, T>) : facade(s);
}

/** `map` without the record at `id`: the same map when it has none. */
export function removeRecord<T>(map: Readonly<Record<string, T>> | undefined, id: string): Record<string, T> {
  const s = structureOrBuilt(map);
  const next = remove(s, id);
  return next === s && map ? (map as Record<string, T>) : facade(next);
}

/** The records in insertion order, read without going through the object facade (hot loops). */
export function recordValues<T>(map: Readonly<Record<string, T>> | undefined): T[] {
  const s = structureOf(map);
  if (!s) return map ? Object.values(map) : [];
  const out = new Array<T>(s.size);
  let i = 0;
  each(s, (_id, value) => (out[i++] = value));
  return out;
}

/** The ids in insertion order, read without going through the object facade. */
export function recordIds(map: Readonly<Record<string, unknown>> | undefined): string[] {
  const s = structureOf(map);
  if (!s) return map ? Object.keys(map) : [];
  return recordIdsOf(s);
}

/** The record at `id` when the map has one of its own (a plain object's inherited names are not records). */
export function recordAt<T>(map: Readonly<Record<string, T>> | undefined, id: string): T | undefined {
  if (!map) return undefined;
  const s = structureOf(map);
  if (s) return lookup(s, id);
  return Object.hasOwn(map, id) ? map[id] : undefined;
}

/** How many records: constant time for a record map. */
export function recordCount(map: Readonly<Record<string, unknown>> | undefined): number {
  const s = structureOf(map);
  return s ? s.size : map ? Object.keys(map).length : 0;
}

/**
 * The ids whose record differs between `before` and `after` (put, replaced or removed). For two record
 * maps the work is the chunks that differ: one or two for maps of one lineage (one made from the other
 * by a few puts and removes). A record that differs differs at one position at least (an id has one
 * position in a map); the ids found at differing positions whose record is the same on both sides (moved
 * by a sweep, or removed and put back) are dropped.
 */
export function changedRecordIds<T>(
  before: Readonly<Record<string, T>> | undefined,
  after: Readonly<Record<string, T>> | undefined,
): Set<string> {
  const changed = new Set<string>();
  if (before === after) return changed;
  const a = structureOf(before);
  const b = structureOf(after);
  if (a && b) {
    const count = Math.max(a.chunks.length, b.chunks.length);
    for (let c = 0; c < count; c++) {
      const ca = a.chunks[c];
      const cb = b.chunks[c];
      if (ca === cb) continue;
      for (let i = 0; i < CHUNK; i++) {
        const ia = ca?.ids[i];
        const ib = cb?.ids[i];
        if (ia === ib && ca?.values[i] === cb?.values[i]) continue;
        if (ia !== undefined) changed.add(ia);
        if (ib !== undefined) changed.add(ib);
      }
    }
    for (const id of changed) if (has(a, id) === has(b, id) && lookup(a, id) === lookup(b, id)) changed.delete(id);
    return changed;
  }
  const own = (m: Readonly<Record<string, T>> | undefined, id: string) => (m && Object.hasOwn(m, id) ? m[id] : undefined);
  for (const id of Object.keys(after ?? {})) if (own(before, id) !== own(after, id)) changed.add(id);
  for (const id of Object.keys(before ?? {})) if (!after || !Object.hasOwn(after, id)) changed.add(id);
  return changed;
}

/**
 * Calls `visit` on each chunk of records not seen before by `seen` (and marks it): lets a deep freeze of
 * successive states walk only what changed since the last one.
 */
export function forEachNewChunk<T>(
  map: Readonly<Record<string, T>>,
  seen: WeakSet<object>,
  visit: (records: readonly T[]) => void,
): boolean {
  const s = structureOf(map);
  if (!s) return false;
  for (const chunk of s.chunks) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    visit(chunk.values.filter((_v, i) => chunk.ids[i] !== undefined) as T[]);
  }
  return true;
}
