/**
 * A kind of item in the single table, described by how its keys are made: the primary key from the
 * record's key attributes and each secondary index's key from the attributes it is composed of. Items
 * carry `__edb_e__` / `__edb_v__` (the record's name and version), the layout ElectroDB wrote: items
 * stored before these definitions replaced ElectroDB in the functions read the same, and
 * test/unit/store/record-layout.test.ts proves the keys equal those of the ElectroDB models.
 * Pure: no I/O (the calls are in record-ops.ts).
 */
import type { ItemKey } from '../../platform/prefetch';

export type Item = Record<string, unknown>;

export const ENTITY_FIELD = '__edb_e__';
export const VERSION_FIELD = '__edb_v__';

/** A secondary index's key for this record kind. */
export interface RecordIndex<R> {
  /** The table's GSI. */
  readonly name: 'gsi1' | 'gsi2';
  readonly pk: (r: Partial<R>) => string;
  readonly sk: (r: Partial<R>) => string;
  /** The attributes the key is made of: setting any of them rewrites the index key. */
  readonly composites: readonly (keyof R & string)[];
  /** A sparse index: the record is in it only while this holds. */
  readonly when?: (r: Partial<R>) => boolean;
}

export interface RecordType<R extends object, K extends keyof R & string, X extends string = never> {
  readonly entity: string;
  readonly version: string;
  /** Every attribute the record has; reads return these and nothing else of the item. */
  readonly attributes: readonly (keyof R & string)[];
  /** The key attributes, in the order the key is made of them. */
  readonly keyAttributes: readonly K[];
  readonly key: (k: Pick<R, K>) => ItemKey;
  /** The primary partition key from the attributes it is made of (for a query). */
  readonly partition: (r: Partial<R>) => string;
  /** The sort-key prefix every record of this kind has in its partition (a query reads only those). */
  readonly skPrefix: string;
  readonly indexes: Readonly<Record<X, RecordIndex<R>>>;
  /** Values a new record takes when it does not give them. */
  readonly defaults: Partial<R>;
}

export function defineRecord<R extends object, K extends keyof R & string, X extends string = never>(def: {
  entity: string;
  version?: string;
  /** Every attribute of R, listed (a missing one fails to compile). */
  attributes: Record<keyof R & string, true>;
  keyAttributes: readonly K[];
  partition: (r: Partial<R>) => string;
  sort: (k: Pick<R, K>) => string;
  skPrefix: string;
  indexes?: Record<X, RecordIndex<R>>;
  defaults?: Partial<R>;
}): RecordType<R, K, X> {
  return {
    entity: def.entity,
    version: def.version ?? '1',
    attributes: Object.keys(def.attributes) as (keyof R & string)[],
    keyAttributes: def.keyAttributes,
    key: (k) => ({ pk: def.partition(k as Partial<R>), sk: def.sort(k) }),
    partition: def.partition,
    skPrefix: def.skPrefix,
    indexes: def.indexes ?? ({} as Record<X, RecordIndex<R>>),
    defaults: def.defaults ?? {},
  };
}

/** The key attributes of a record (or of anything carrying them). */
export function keyPart<R extends object, K extends keyof R & string>(type: RecordType<R, K, string>, r: Pick<R, K>): Pick<R, K> {
  const out = {} as Pick<R, K>;
  for (const a of type.keyAttributes) out[a] = r[a];
  return out;
}

/** The index attributes (`gsi1pk`, `gsi1sk`, ...) a record has, for the indexes it is in. */
export function indexFields<R extends object>(type: RecordType<R, keyof R & string, string>, r: Partial<R>): Item {
  const out: Item = {};
  for (const index of Object.values<RecordIndex<R>>(type.indexes)) {
    if (index.when && !index.when(r)) continue;
    out[`${index.name}pk`] = index.pk(r);
    out[`${index.name}sk`] = index.sk(r);
  }
  return out;
}

/** The whole item for a record: defaults, attributes without undefined values, keys and identity. */
export function itemOf<R extends object, K extends keyof R & string>(type: RecordType<R, K, string>, record: R): Item {
  const full = { ...type.defaults, ...record } as R;
  const item: Item = {};
  for (const a of type.attributes) if (full[a] !== undefined) item[a] = full[a];
  return {
    ...item,
    ...type.key(full),
    ...indexFields(type, full),
    [ENTITY_FIELD]: type.entity,
    [VERSION_FIELD]: type.version,
  };
}

/**
 * The record an item holds: its declared attributes only (keys, index keys and identity left out), or
 * null when the item is another kind of record. `strict`: the item must name this kind (a query meets
 * other kinds in a partition); otherwise an item read by key may lack the identity (a projection).
 */
export function recordOf<R extends object>(type: RecordType<R, keyof R & string, string>, item: Item | null | undefined, strict = false): R | null {
  if (!item) return null;
  if ((strict || item[ENTITY_FIELD] !== undefined) && item[ENTITY_FIELD] !== type.entity) return null;
  const out: Item = {};
  for (const a of type.attributes) if (item[a] !== undefined) out[a] = item[a];
  return out as R;
}
