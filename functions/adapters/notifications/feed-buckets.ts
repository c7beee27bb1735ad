import { entities } from '../../store/entities';
import { conditionRefused, itemTooLarge, keyOf } from '../../store/entities/items';
import { eachBounded } from '../../runtime/bounded';
import type { ItemKey } from '../../runtime/prefetch';
import { bodyBytes, packBody, unpackBody, type StoredBody } from '../../store/item-body';
import type { PersonalNotification } from './port';

/**
 * The personal notifications of a field-wide event (every player's seat at the draw, every player's place at
 * the finish) kept by reference: instead of an item per player, the event writes one entry into each of the
 * tournament's BUCKETS items, holding the notifications of the players whose ids hash to it, and a player's feed
 * reads its own bucket of each tournament in the BatchGetItem that reads the tournament's shared item. The
 * event's work is then a constant number of writes whatever the field (a 10,000-player finish: 32 updates
 * instead of 400 BatchWriteItems), and the feed stays two round trips.
 */
export const BUCKETS = 32;

/** Entries past this size go as items of their own (a field far larger than any evening's keeps under 400 KB). */
const MAX_ENTRY_BYTES = 120_000;
/** Bucket updates in flight at once. */
const PARALLEL = 8;

type Part = { id: string; title: string; data: Record<string, unknown> };
/** By player id: one notification, or several where an event concerns a player more than once. */
type Parts = Record<string, Part | Part[]>;

/**
 * One event's notifications in one bucket: what is common once, and the personal parts by player id as a
 * stored body (JSON text, gzipped past 2 KB: the parts repeat their ids and titles, and a bucket is read
 * with every feed page of its players, so its size is what a read costs as the field grows).
 */
export type FeedBucketEntry = {
  /** The event's reference: a second delivery finds it in `ids` and writes nothing. */
  ref: string;
  type: string;
  at: string;
  expiresAt: number;
} & StoredBody;

/** FNV-1a over the id's UTF-16 units: stable across processes and releases (the reader computes it too). */
export function bucketOf(playerId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < playerId.length; i++) {
    h ^= playerId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return String((h >>> 0) % BUCKETS).padStart(2, '0');
}

export const feedBucketKey = (clubId: string, tournamentId: string, playerId: string): ItemKey =>
  keyOf(entities().feedBucket.get({ clubId, tournamentId, bucket: bucketOf(playerId) }));

/**
 * Appends one event's notifications to the buckets of their players, each bucket once. Answers the
 * notifications that could not go by reference (a bucket that would pass the item size limit): the caller
 * writes those as items of their own.
 */
export async function appendToBuckets(
  ref: string,
  list: readonly PersonalNotification[],
  expiresAt: number,
): Promise<PersonalNotification[]> {
  const first = list[0]?.notification;
  if (!first) return [];
  const byBucket = new Map<string, PersonalNotification[]>();
  for (const d of list) {
    const b = bucketOf(d.playerId);
    const bucket = byBucket.get(b) ?? [];
    bucket.push(d);
    byBucket.set(b, bucket);
  }
  const left: PersonalNotification[] = [];
  await eachBounded([...byBucket], PARALLEL, async ([bucket, items]) => {
    const parts: Parts = {};
    for (const { playerId, notification: n } of items) {
      const part = { id: n.id, title: n.title, data: n.data };
      const held = parts[playerId];
      parts[playerId] = held === undefined ? part : [...(Array.isArray(held) ? held : [held]), part];
    }
    const body = packBody(JSON.stringify(parts));
    const entry: FeedBucketEntry = { ref, type: first.type, at: new Date(first.at).toISOString(), expiresAt, ...body };
    if (bodyBytes(body) > MAX_ENTRY_BYTES) {
      left.push(...items);
      return;
    }
    try {
      await entities()
        .feedBucket.update({ clubId: first.clubId, tournamentId: first.tournamentId, bucket })
        .append({ items: [entry] })
        .set({ expiresAt })
        .add({ ids: [ref] })
        .where((a, op) => `(${op.notExists(a.ids)} OR NOT ${op.contains(a.ids, ref)})`)
        .go({ response: 'none' });
    } catch (e) {
      if (conditionRefused(e)) return;
      if (itemTooLarge(e)) left.push(...items);
      else throw e;
    }
  });
  return left;
}

/** An entry's personal parts (none from an entry without a readable body: the others still show). */
export function partsOf(entry: FeedBucketEntry): Parts {
  try {
    return JSON.parse(unpackBody(entry)) as Parts;
  } catch {
    return {};
  }
}

/** The player's notifications in a bucket item as read (none when it is missing or holds none of theirs). */
export function personalIn(
  item: Record<string, unknown> | null | undefined,
  playerId: string,
): { notificationId: string; type: string; at: string; title: string; data: Record<string, unknown>; expiresAt: number }[] {
  if (!item) return [];
  const items = entities().feedBucket.parse({ Item: item }).data?.items;
  if (!Array.isArray(items)) return [];
  return (items as FeedBucketEntry[]).flatMap((e) =>
    [partsOf(e)[playerId] ?? []]
      .flat()
      .map((mine) => ({ notificationId: mine.id, type: e.type, at: e.at, title: mine.title, data: mine.data, expiresAt: e.expiresAt })),
  );
}
