import { store } from '../../store/service';
import type { NotificationPort, PlayerNotification } from './port';

/** How long a notification stays in the feed. */
export const FEED_TTL_DAYS = 30;
const BATCH = 25;

const epochSec = (ms: number): number => Math.floor(ms / 1000);

/** The players' feed in the table: one item per player and notification, expiring by TTL. */
export class DynamoFeed implements NotificationPort {
  constructor(private readonly now: () => number = Date.now) {}

  async publish(playerIds: readonly string[], n: PlayerNotification, opts: { tournamentWide?: boolean } = {}): Promise<void> {
    const expiresAt = epochSec(this.now()) + FEED_TTL_DAYS * 86_400;
    const at = new Date(n.at).toISOString();
    if (opts.tournamentWide) {
      // Once for the tournament: each registered player's feed reads it from there.
      await store()
        .entities.tournamentNotification.put({ clubId: n.clubId, tournamentId: n.tournamentId, at, notificationId: n.id, type: n.type, title: n.title, data: n.data, expiresAt })
        .go();
      return;
    }
    const unique = [...new Set(playerIds)];
    if (unique.length === 0) return;
    const items = unique.map((playerId) => ({
      playerId,
      at,
      notificationId: n.id,
      type: n.type,
      clubId: n.clubId,
      tournamentId: n.tournamentId,
      title: n.title,
      data: n.data,
      expiresAt,
    }));
    const entity = store().entities.notification;
    for (let i = 0; i < items.length; i += BATCH) {
      const { unprocessed } = await entity.put(items.slice(i, i + BATCH)).go();
      if (unprocessed.length > 0) await entity.put(unprocessed as typeof items).go();
    }
  }
}

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

type FeedItem = FeedPage['items'][number];
const SEP = '|';

/** Newest first; equal times by id, so that pages never repeat or skip an item. */
const newerFirst = (a: FeedItem, b: FeedItem) => (a.at === b.at ? (a.notificationId < b.notificationId ? 1 : -1) : a.at < b.at ? 1 : -1);

/**
 * A player's feed, newest first, without the expired items TTL has not removed yet: the player's own
 * notifications merged with those of the tournaments the player is registered in. The cursor is the
 * (time, id) of the last item served; each source is read below it.
 */
export async function readFeed(playerId: string, opts: { limit: number; cursor: string | null; now: number }): Promise<FeedPage> {
  const s = store();
  const [cursorAt, cursorId] = opts.cursor ? (opts.cursor.split(SEP) as [string, string]) : [undefined, undefined];
  const live = (a: { expiresAt: number }) => a.expiresAt > epochSec(opts.now);
  const below = { at: cursorAt ?? '', notificationId: cursorId ?? '' };
  const own = s.entities.notification.query.primary({ playerId });
  const rows = await s.entities.playerRegistration.query.byPlayer({ playerId }).go({ order: 'desc', count: FEED_TOURNAMENTS * 2 });
  const tournaments = rows.data.filter((r) => r.registrationStatus !== 'cancelled').slice(0, FEED_TOURNAMENTS);
  const pages = await Promise.all([
    (cursorAt ? own.lt(below) : own).go({ order: 'desc', count: opts.limit }),
    ...tournaments.map((t) => {
      const q = s.entities.tournamentNotification.query.primary({ clubId: t.clubId, tournamentId: t.tournamentId });
      return (cursorAt ? q.lt(below) : q).go({ order: 'desc', count: opts.limit });
    }),
  ]);
  const items = pages
    .flatMap((p) => p.data as (FeedItem & { expiresAt: number; clubId: string; tournamentId: string })[])
    .filter(live)
    .map((n) => ({ notificationId: n.notificationId, type: n.type, at: n.at, clubId: n.clubId, tournamentId: n.tournamentId, title: n.title, data: n.data as Record<string, unknown> }))
    .sort(newerFirst);
  const page = items.slice(0, opts.limit);
  const more = items.length > opts.limit || pages.some((p) => p.data.length === opts.limit);
  const last = page.at(-1);
  return { items: page, cursor: more && last ? `${last.at}${SEP}${last.notificationId}` : null };
}
