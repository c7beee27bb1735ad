import { store } from '../../store/service';
import type { NotificationPort, PlayerNotification } from './port';

/** How long a notification stays in the feed. */
export const FEED_TTL_DAYS = 30;
const BATCH = 25;

const epochSec = (ms: number): number => Math.floor(ms / 1000);

/** The players' feed in the table: one item per player and notification, expiring by TTL. */
export class DynamoFeed implements NotificationPort {
  constructor(private readonly now: () => number = Date.now) {}

  async publish(playerIds: readonly string[], n: PlayerNotification): Promise<void> {
    const unique = [...new Set(playerIds)];
    if (unique.length === 0) return;
    const expiresAt = epochSec(this.now()) + FEED_TTL_DAYS * 86_400;
    const at = new Date(n.at).toISOString();
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

/** A player's feed, newest first, without the expired items TTL has not removed yet. */
export async function readFeed(playerId: string, opts: { limit: number; cursor: string | null; now: number }): Promise<FeedPage> {
  const { data, cursor } = await store()
    .entities.notification.query.primary({ playerId })
    .where((a, op) => op.gt(a.expiresAt, epochSec(opts.now)))
    .go({ order: 'desc', count: opts.limit, cursor: opts.cursor });
  return {
    items: data.map((n) => ({
      notificationId: n.notificationId,
      type: n.type,
      at: n.at,
      clubId: n.clubId,
      tournamentId: n.tournamentId,
      title: n.title,
      data: n.data as Record<string, unknown>,
    })),
    cursor,
  };
}
