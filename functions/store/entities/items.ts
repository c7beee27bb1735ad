/**
 * What the store needs around ElectroDB's own calls: the table key of an entity's item (a prefetch names
 * it before anything is read), the record a raw item holds (items read in the authorization's one
 * BatchGetItem, which spans entities), whether a write was refused by its condition, a batch get that asks
 * again for unprocessed keys, and a page filled past a filter.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Entity, EntityItem } from 'electrodb';
import { DependencyUnavailableError } from '../../runtime/dependency-errors';
import type { ItemKey } from '../../runtime/prefetch';

/** The attributes ElectroDB writes on every item to tell its entity (and version) apart. */
export const IDENTITY_FIELDS = ['__edb_e__', '__edb_v__'] as const;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/**
 * An entity's write as one item of a raw TransactWriteItems, where the transaction also carries items that
 * are no entity's (a tournament's event, a player's schedule): `entity.create(r).params<TransactPut>()`.
 */
export type TransactPut = NonNullable<TransactItem['Put']>;
export type TransactUpdate = NonNullable<TransactItem['Update']>;
export type TransactDelete = NonNullable<TransactItem['Delete']>;

/** The primary key a get names: `keyOf(entities().club.get({ clubId }))`. */
export function keyOf(get: { params: () => object }): ItemKey {
  const { Key } = get.params() as { Key: ItemKey };
  return { pk: Key.pk, sk: Key.sk };
}

/** The record a raw item holds when it is this entity's (by its identity attributes), else null. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entity, as ElectroDB's own EntityItem takes it
export function recordOf<E extends Entity<any, any, any, any>>(
  entity: E,
  item: Record<string, unknown> | null | undefined,
): EntityItem<E> | null {
  return item ? (entity.parse({ Item: item }, { ignoreOwnership: false }).data as EntityItem<E> | null) : null;
}

/** Whether DynamoDB's error, or ElectroDB's error wrapping it (its `cause`), passes `test`. */
function dynamoError(e: unknown, test: (err: { name?: unknown; message?: unknown }) => boolean): boolean {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 3; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (test(cur as { name?: unknown; message?: unknown })) return true;
  }
  return false;
}

/** A write its condition refused: DynamoDB's ConditionalCheckFailedException, or ElectroDB's error wrapping it. */
export const conditionRefused = (e: unknown): boolean => dynamoError(e, (err) => err.name === 'ConditionalCheckFailedException');

/** A write DynamoDB refused because the item would pass its 400 KB limit. */
export const itemTooLarge = (e: unknown): boolean =>
  dynamoError(e, (err) => err.name === 'ValidationException' && /size/i.test(String(err.message)));

/** How often keys DynamoDB left unprocessed are asked for again before the read counts as throttled (as readItems). */
const BATCH_ATTEMPTS = 4;

/**
 * The records of a batch get (`entity.get([...]).go({ unprocessed: 'item' })`), asking again after a short
 * jittered pause for keys DynamoDB left unprocessed; after the last attempt the read is an outage (503).
 * Missing items are left out; no request is made for no keys.
 */
export async function batchGet<K, R>(keys: readonly K[], read: (keys: K[]) => Promise<{ data: R[]; unprocessed: K[] }>): Promise<R[]> {
  const out: R[] = [];
  let pending = [...keys];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > BATCH_ATTEMPTS) throw new DependencyUnavailableError(`BatchGetItem left ${pending.length} keys unprocessed`);
    if (attempt > 1) await new Promise((ok) => setTimeout(ok, Math.random() * 50 * 2 ** attempt));
    const { data, unprocessed } = await read(pending);
    out.push(...data);
    pending = unprocessed;
  }
  return out;
}

/** The attributes that have a value: an update's `set` takes no undefined (removing is `remove`'s). */
export function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Up to `count` records of a query, reading pages until that many are found or the range ends, each page
 * asking DynamoDB for no more than are still missing (a filter may leave some of a page out). The cursor
 * is DynamoDB's own position after the last page read (ElectroDB's `count` option would build it from the
 * last record's key attributes instead, which an index that does not project them cannot give).
 */
export async function readCount<R>(
  count: number,
  cursor: string | null,
  page: (limit: number, cursor: string | null) => Promise<{ data: R[]; cursor: string | null }>,
): Promise<{ data: R[]; cursor: string | null }> {
  const data: R[] = [];
  let at = cursor;
  do {
    const out = await page(Math.max(count - data.length, 1), at);
    data.push(...out.data);
    at = out.cursor;
  } while (at && data.length < count);
  return { data, cursor: at };
}
