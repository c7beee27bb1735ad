import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../store/client';
import { config } from '../platform/config';
import { TTL_ATTRIBUTE } from '../store/table-definition';
import { writeAll } from '../store/batch-write';

/**
 * Live connections as items of the single table, each with a TTL:
 * - `live#c#<connectionId>` / `c`: who connected (user id or anonymous) and the topics it holds;
 * - `live#t#<topic>` / `<connectionId>`: one subscription, so the fan-out finds a topic's connections
 *   with one Query on its partition.
 * API Gateway ends a connection after 2 hours at most; the TTL is a little longer, so an item whose
 * $disconnect never ran goes by itself, and reads skip expired items TTL has not deleted yet.
 */
export const CONNECTION_TTL_SEC = 2 * 3600 + 600;

export interface LiveCaller {
  kind: 'user' | 'anonymous';
  userId?: string;
  operator?: boolean;
  /** When the token the connection opened with expires (epoch seconds, the JWT's `exp`). */
  expiresAt?: number;
}

/** One subscription as the fan-out reads it: the connection and who opened it (kept with the subscription). */
export interface LiveSubscriber {
  connectionId: string;
  /** Absent on a subscription written before callers were kept with it: read from the connection then. */
  caller?: LiveCaller;
}

export interface LiveConnection {
  connectionId: string;
  caller: LiveCaller;
  topics: string[];
}

const connectionPk = (id: string) => `live#c#${id}`;
const topicPk = (topic: string) => `live#t#${topic}`;
const nowSec = () => Math.floor(Date.now() / 1000);
const table = () => config().tableName;

export async function putConnection(connectionId: string, caller: LiveCaller): Promise<void> {
  await dynamo().doc.send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: connectionPk(connectionId),
        sk: 'c',
        kind: 'liveConnection',
        connectionId,
        caller,
        topics: [],
        [TTL_ATTRIBUTE]: nowSec() + CONNECTION_TTL_SEC,
      },
    }),
  );
}

export async function getConnection(connectionId: string): Promise<LiveConnection | undefined> {
  const { Item } = await dynamo().doc.send(
    new GetCommand({ TableName: table(), Key: { pk: connectionPk(connectionId), sk: 'c' }, ConsistentRead: true }),
  );
  if (!Item || Number(Item[TTL_ATTRIBUTE]) < nowSec()) return undefined;
  return { connectionId, caller: Item.caller as LiveCaller, topics: (Item.topics as string[] | undefined) ?? [] };
}

/**
 * Adds topics to a connection: the list on the connection first (for $disconnect), on condition that it
 * stays within `max` topics, then the subscription items with the caller, so the fan-out checks access
 * without reading the connection. `full` when the connection would hold more than `max` (two subscribes
 * racing on one connection included) or is gone; nothing is written then.
 */
export async function addSubscriptions(
  connectionId: string,
  caller: LiveCaller,
  topics: readonly string[],
  max: number,
): Promise<'added' | 'full'> {
  const fresh = [...new Set(topics)];
  if (fresh.length === 0) return 'added';
  if (fresh.length > max) return 'full';
  try {
    await dynamo().doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: connectionPk(connectionId), sk: 'c' },
        UpdateExpression: 'SET topics = list_append(if_not_exists(topics, :none), :t)',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(topics) OR size(topics) <= :room)',
        ExpressionAttributeValues: { ':t': fresh, ':none': [], ':room': max - fresh.length },
      }),
    );
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return 'full';
    throw e;
  }
  const expiresAt = nowSec() + CONNECTION_TTL_SEC;
  await writeAll(
    fresh.map((topic) => ({
      PutRequest: { Item: { pk: topicPk(topic), sk: connectionId, kind: 'liveSubscription', caller, [TTL_ATTRIBUTE]: expiresAt } },
    })),
  );
  return 'added';
}

/** Removes a connection and its subscriptions ($disconnect, or a 410 from the gateway). */
export async function removeConnection(connectionId: string): Promise<void> {
  const c = await getConnection(connectionId);
  if (c && c.topics.length > 0) {
    await writeAll([...new Set(c.topics)].map((topic) => ({ DeleteRequest: { Key: { pk: topicPk(topic), sk: connectionId } } })));
  }
  await dynamo().doc.send(new DeleteCommand({ TableName: table(), Key: { pk: connectionPk(connectionId), sk: 'c' } }));
}

/** The ids of the connections subscribed to a topic now. */
export async function subscribersOf(topic: string): Promise<string[]> {
  return (await subscriptionsOf(topic)).map((s) => s.connectionId);
}

/** The subscriptions of a topic now, each with the caller that made it. */
export async function subscriptionsOf(topic: string): Promise<LiveSubscriber[]> {
  const out: LiveSubscriber[] = [];
  let start: Record<string, unknown> | undefined;
  const now = nowSec();
  do {
    const page = await dynamo().doc.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': topicPk(topic) },
        ProjectionExpression: 'sk, caller, #ttl',
        // A subscription made a moment before the event counts (its 'subscribed' answer has gone out).
        ConsistentRead: true,
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      if (Number(item[TTL_ATTRIBUTE]) < now) continue;
      out.push({ connectionId: String(item.sk), ...(item.caller ? { caller: item.caller as LiveCaller } : {}) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

const sentKey = (clubId: string, tournamentId: string) => ({ pk: `live#v#${clubId}/${tournamentId}`, sk: 'v' });

/** The newest event version of a tournament whose messages were all handed to the gateway. */
export async function lastFannedOut(clubId: string, tournamentId: string): Promise<number> {
  const { Item } = await dynamo().doc.send(
    new GetCommand({ TableName: table(), Key: sentKey(clubId, tournamentId), ConsistentRead: true }),
  );
  return Item ? Number(Item.v) : 0;
}

/** Records that an event's messages went out; never moves backwards. */
export async function markFannedOut(clubId: string, tournamentId: string, version: number): Promise<void> {
  try {
    await dynamo().doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: sentKey(clubId, tournamentId),
        UpdateExpression: 'SET v = :v, kind = :k',
        ConditionExpression: 'attribute_not_exists(v) OR v < :v',
        ExpressionAttributeValues: { ':v': version, ':k': 'liveFanOut' },
      }),
    );
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  }
}
