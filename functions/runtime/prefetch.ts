/**
 * Items a route reads anyway, fetched in the authorization's own BatchGetItem: a registration needs the
 * player's profile and R-REG-1 schedule, and reading them beside the club and the membership saves the
 * request a round trip. The route names the keys from its raw input; what authorization read, the
 * handler finds here instead of reading it again.
 */
export interface ItemKey {
  pk: string;
  sk: string;
}

/** Per key: the item, or null when it was read and does not exist. A key not prefetched is absent. */
export type Prefetched = ReadonlyMap<string, Record<string, unknown> | null>;

export const NOTHING_PREFETCHED: Prefetched = new Map();

export const prefetchKeyOf = (k: ItemKey): string => `${k.pk}\u0000${k.sk}`;

/** The item read for `k`: the item, null if it does not exist, undefined if it was not prefetched. */
export const prefetchedItem = (p: Prefetched, k: ItemKey): Record<string, unknown> | null | undefined => p.get(prefetchKeyOf(k));

/** What a route's prefetch sees: the raw (unvalidated) input, so it must treat every value as untrusted. */
export interface PrefetchInput {
  params: Readonly<Record<string, string | undefined>>;
  body: unknown;
  /** The signed-in user, when the caller is one. */
  userId: string | undefined;
}

/** As `Id` in schemas/common.ts; a value that fails it is refused later by validation anyway. */
const ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A string field of a raw JSON body when it looks like an id, else undefined (no key is built from junk). */
export function idField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const v = (body as Record<string, unknown>)[field];
  return typeof v === 'string' && ID.test(v) ? v : undefined;
}
