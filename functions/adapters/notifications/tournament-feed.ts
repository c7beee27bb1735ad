import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../store/client';
import { config } from '../../platform/config';
import { tournamentPk } from '../../store/tournament-log';
import type { ItemKey } from '../../platform/prefetch';

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

const FEED_SK = 'feed';

export const tournamentFeedKey = (clubId: string, tournamentId: string): ItemKey => ({
  pk: tournamentPk(clubId, tournamentId),
  sk: FEED_SK,
});

/**
 * Appends one notification, once: the item keeps the ids it holds, and a second delivery of the same
 * event (its id is derived from the event) finds its id there and changes nothing. The item's own TTL
 * follows its newest notification.
 */
export async function appendShared(n: SharedNotification): Promise<void> {
  const key = tournamentFeedKey(n.clubId, n.tournamentId);
  try {
    await dynamo().doc.send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key,
        UpdateExpression: 'SET #items = list_append(if_not_exists(#items, :none), :one), #exp = :exp ADD #ids :id',
        ConditionExpression: 'attribute_not_exists(#ids) OR NOT contains(#ids, :idValue)',
        ExpressionAttributeNames: { '#items': 'items', '#ids': 'ids', '#exp': 'expiresAt' },
        ExpressionAttributeValues: {
          ':none': [],
          ':one': [n],
          ':exp': n.expiresAt,
          ':id': new Set([n.notificationId]),
          ':idValue': n.notificationId,
        },
      }),
    );
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
}

/** The shared notifications in a feed item as read (none when the item is missing or malformed). */
export function sharedOf(item: Record<string, unknown> | null | undefined): SharedNotification[] {
  const items = item?.items;
  return Array.isArray(items) ? (items as SharedNotification[]) : [];
}
