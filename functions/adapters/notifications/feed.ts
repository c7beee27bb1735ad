import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../store/client';
import { config } from '../../runtime/config';
import { entities } from '../../store/entities';
import { prefetchKeyOf } from '../../runtime/prefetch';
import { readItems } from '../../store/read-items';
import { writeAll } from '../../store/batch-write';
import { profileItemKey } from '../../store/player-schedule';
import type { NotificationPort, PersonalNotification, PlayerNotification } from './port';
import { appendShared, sharedOf, tournamentFeedKey } from './tournament-feed';
import { appendToBuckets, feedBucketKey, personalIn } from './feed-buckets';

/** How long a notification stays in the feed. */
export const FEED_TTL_DAYS = 30;

const epochSec = (ms: number): number => Math.floor(ms / 1000);

/**
 * The players' feed in the table, expiring by TTL: one item per player and notification, the tournament-wide
 * ones once in the tournament's feed item, and a field-wide event's personal ones in its feed buckets.
 */
export class DynamoFeed implements NotificationPort {
  constructor(private readonly now: () => number = Date.now) {}

  async publish(playerIds: readonly string[], n: PlayerNotification, opts: { tournamentWide?: boolean } = {}): Promise<void> {
    const expiresAt = epochSec(this.now()) + FEED_TTL_DAYS * 86_400;
    const at = new Date(n.at).toISOString();
    if (opts.tournamentWide) {
      // Once for the tournament: each registered player's feed reads it from there.
      await appendShared({
        clubId: n.clubId,
        tournamentId: n.tournamentId,
        at,
        notificationId: n.id,
        type: n.type,
        title: n.title,
        data: n.data,
        expiresAt,
      });
      return;
    }
    await this.publishEach([...new Set(playerIds)].map((playerId) => ({ playerId, notification: n })));
  }

  /** One item per player, 25 to a BatchWriteItem: a draw's seats are a few dozen writes, not one per player. */
  async publishEach(list: readonly PersonalNotification[]): Promise<void> {
    if (list.length === 0) return;
    const expiresAt = epochSec(this.now()) + FEED_TTL_DAYS * 86_400;
    const notifications = entities().notification;
    // BatchWriteItem refuses two requests for one item: the same notification to the same player is one.
    const unique = [...new Map(list.map((d) => [`${d.playerId}/${d.notification.id}`, d])).values()];
    const items = unique.map(({ playerId, notification: n }) => ({
      playerId,
      at: new Date(n.at).toISOString(),
      notificationId: n.id,
      type: n.type,
      clubId: n.clubId,
      tournamentId: n.tournamentId,
      title: n.title,
      data: n.data,
      expiresAt,
    }));
    await writeAll(
      items.map((r) => ({ PutRequest: { Item: notifications.put(r).params<{ Item: Record<string, unknown> }>().Item } })),
      PARALLEL_BATCHES,
    );
  }

  /**
   * A field-wide event's notifications in the tournament's feed buckets (feed-buckets.ts): a constant number of
   * writes whatever the field. A few (one BatchWriteItem's worth) are cheaper as items of their own.
   */
  async publishByReference(ref: string, list: readonly PersonalNotification[]): Promise<void> {
    if (list.length <= BY_REFERENCE_ABOVE) return this.publishEach(list);
    const left = await appendToBuckets(ref, list, epochSec(this.now()) + FEED_TTL_DAYS * 86_400);
    await this.publishEach(left);
  }
}

/** BatchWriteItems in flight at once. */
const PARALLEL_BATCHES = 8;
/** Up to this many notifications of one event are items of their own (one BatchWriteItem). */
const BY_REFERENCE_ABOVE = 25;
/** A tournament's buckets are read once it may have drawn: from a day before its start. */
const BUCKETS_FROM_MS = 86_400_000;

export interface FeedPage {
  items: {
    notificationId: string;
    type: string;
    at: string;
    clubId: string;
    tournamentId: string;
    title: string;
    data: Record<string, unknown>;
  }[];
  cursor: string | null;
}

/** How many of the player's newest tournaments a feed page looks into. */
const FEED_TOURNAMENTS = 10;
/** Items of the player's partition that may sort among the notifications (profile, schedule, others). */
const OTHER_ITEMS = 8;

type FeedItem = FeedPage['items'][number];
type Item = Record<string, unknown>;
/** `buckets`: 1 when the tournament's feed buckets are read (it may have drawn); absent in older cursors: read. */
type TournamentRef = [clubId: string, tournamentId: string, buckets?: 0 | 1];

/** Newest first; equal times by id, so that pages never repeat or skip an item. */
const newerFirst = (a: FeedItem, b: FeedItem) => (a.at === b.at ? (a.notificationId < b.notificationId ? 1 : -1) : a.at < b.at ? 1 : -1);

/** Where the next page starts, and the tournaments the first page found (so no later page reads them again). */
interface FeedCursor {
  at: string;
  id: string;
  t: TournamentRef[];
}

function parseCursor(raw: string | null): FeedCursor | undefined {
  if (!raw) return undefined;
  try {
    const c = JSON.parse(raw) as Partial<FeedCursor>;
    if (typeof c.at === 'string' && typeof c.id === 'string' && Array.isArray(c.t)) return { at: c.at, id: c.id, t: c.t };
  } catch {
    // Not ours: the sealed cursor opened, so only a bug gets here; the first page is the safe answer.
  }
  return undefined;
}

/**
 * The schedule's tournaments a feed shows: every one the player did not withdraw from, newest first. A
 * player without a schedule holds no registration (the first one writes it), so has none.
 */
function scheduleTournaments(schedule: Item | undefined, now: number): TournamentRef[] {
  if (!schedule) return [];
  const regs = Object.values(
    (schedule.regs ?? {}) as Record<string, { clubId: string; tournamentId: string; startAt: number; cancelled?: boolean }>,
  );
  return regs
    .filter((r) => r.cancelled !== true)
    .sort((a, b) => b.startAt - a.startAt)
    .slice(0, FEED_TOURNAMENTS)
    .map((r) => [r.clubId, r.tournamentId, r.startAt - BUCKETS_FROM_MS <= now ? 1 : 0]);
}

/** The player's own notifications newest first, below the cursor; on the first page also the profile and schedule. */
async function readOwn(playerId: string, limit: number, below: FeedCursor | undefined) {
  const pk = `player#${playerId}`;
  const out = await dynamo().doc.send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': pk, ':lo': 'notif#', ':hi': below ? `notif#${below.at}#${below.id}` : 'schedule' },
      ScanIndexForward: false,
      Limit: limit + 1 + (below ? 1 : OTHER_ITEMS),
    }),
  );
  const items = (out.Items ?? []) as Item[];
  const own = items.filter(
    (i) => String(i.sk).startsWith('notif#') && !(below && i.notificationId === below.id && i.at === below.at),
  ) as unknown as (FeedItem & { expiresAt: number })[];
  return {
    own,
    // A full page may hide more below it.
    full: out.LastEvaluatedKey !== undefined || own.length > limit,
    profile: below ? undefined : (items.find((i) => i.sk === 'profile') ?? null),
    schedule: items.find((i) => i.sk === 'schedule'),
  };
}

/**
 * A player's feed, newest first, without the expired items TTL has not removed yet: the player's own
 * notifications merged with those shared by the tournaments the player is in. The first page is one
 * Query of the player's partition (own notifications, the profile for the account check, the schedule
 * naming the tournaments) and one BatchGetItem of the tournaments' feed items and of the player's feed bucket
 * of each that may have drawn (feed-buckets.ts); a later page reads the
 * profile in that BatchGetItem instead, and its tournaments come in the cursor.
 */
export async function readFeed(
  playerId: string,
  opts: { limit: number; cursor: string | null; now: number },
): Promise<FeedPage & { profile: Item | null }> {
  const below = parseCursor(opts.cursor);
  const { own, full, profile: firstProfile, schedule } = await readOwn(playerId, opts.limit, below);
  const tournaments = below?.t.length ? below.t : scheduleTournaments(schedule, opts.now);
  const withBuckets = tournaments.filter(([, , b]) => b !== 0);
  const keys = [
    ...(firstProfile === undefined ? [profileItemKey(playerId)] : []),
    ...tournaments.map(([c, t]) => tournamentFeedKey(c, t)),
    ...withBuckets.map(([c, t]) => feedBucketKey(c, t, playerId)),
  ];
  const got = await readItems(keys);
  const profile = firstProfile !== undefined ? firstProfile : (got.get(prefetchKeyOf(profileItemKey(playerId))) ?? null);
  const shared = tournaments.map(([clubId, tournamentId]) => sharedOf(got.get(prefetchKeyOf(tournamentFeedKey(clubId, tournamentId)))));
  const personal = withBuckets.map(([clubId, tournamentId]) =>
    personalIn(got.get(prefetchKeyOf(feedBucketKey(clubId, tournamentId, playerId))), playerId).map((n) => ({
      ...n,
      clubId,
      tournamentId,
    })),
  );
  const epoch = epochSec(opts.now);
  const isBelow = (n: FeedItem) => !below || n.at < below.at || (n.at === below.at && n.notificationId < below.id);
  // One notification is one item, even where a retry left it both in a bucket and as an item of its own.
  const unique = new Map([...own, ...shared.flat(), ...personal.flat()].map((n) => [n.notificationId, n]));
  const items = [...unique.values()]
    .filter((n) => n.expiresAt > epoch && isBelow(n))
    .map((n) => ({
      notificationId: n.notificationId,
      type: n.type,
      at: n.at,
      clubId: n.clubId,
      tournamentId: n.tournamentId,
      title: n.title,
      data: n.data,
    }))
    .sort(newerFirst);
  const page = items.slice(0, opts.limit);
  const more = items.length > opts.limit || full;
  const last = page.at(-1);
  const cursor = more && last ? JSON.stringify({ at: last.at, id: last.notificationId, t: tournaments } satisfies FeedCursor) : null;
  return { items: page, cursor, profile };
}
