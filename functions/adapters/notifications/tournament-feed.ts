import { entities } from '../../store/entities';
import { conditionRefused, keyOf } from '../../store/entities/items';
import type { ItemKey } from '../../runtime/prefetch';

/**
 * The notifications for everyone in a tournament (levels, breaks), kept in one item of the tournament's
 * partition: a level change of a 2,000-player field is one write, and a player's feed reads the items of
 * the tournaments the player is in with one BatchGetItem. A tournament has tens of such notifications (one
 * per level or break), so the list stays far below the item size limit.
 */
export interface SharedNotification {
  notificationId: string;
  type: string;
  at: string;
  clubId: string;
  tournamentId: string;
  title: string;
  data: Record<string, unknown>;
  /** Epoch seconds after which the notification is no longer shown. */
  expiresAt: number;
}

export const tournamentFeedKey = (clubId: string, tournamentId: string): ItemKey =>
  keyOf(entities().tournamentFeed.get({ clubId, tournamentId }));

/**
 * Appends one notification, once: the item keeps the ids it holds, and a second delivery of the same
 * event (its id is derived from the event) finds its id there and changes nothing. The item's own TTL
 * follows its newest notification.
 */
export async function appendShared(n: SharedNotification): Promise<void> {
  try {
    await entities()
      .tournamentFeed.update({ clubId: n.clubId, tournamentId: n.tournamentId })
      .append({ items: [n] })
      .set({ expiresAt: n.expiresAt })
      .add({ ids: [n.notificationId] })
      .where((a, op) => `(${op.notExists(a.ids)} OR NOT ${op.contains(a.ids, n.notificationId)})`)
      .go({ response: 'none' });
  } catch (e) {
    if (!conditionRefused(e)) throw e;
  }
}

/** The shared notifications in a feed item as read (none when the item is missing or malformed). */
export function sharedOf(item: Record<string, unknown> | null | undefined): SharedNotification[] {
  const items = item ? entities().tournamentFeed.parse({ Item: item }, { ignoreOwnership: true }).data?.items : undefined;
  return Array.isArray(items) ? (items as SharedNotification[]) : [];
}
