import { entities } from '../store/entities';
import { conditionRefused, keyOf } from '../store/entities/items';
import { readItems } from '../store/read-items';
import { prefetchKeyOf } from '../runtime/prefetch';
import { eachBounded } from '../runtime/bounded';
import type { LiveCaller } from '../store/entities/live-connection';
import { writeAll } from '../store/batch-write';

/**
 * Live connections as items of the single table (entities `liveConnection`, `liveSubscription`), each with a TTL:
 * - `live#c#<connectionId>` / `c`: who connected (user id or anonymous) and the topics it holds;
 * - `live#t#<topic>` / `<connectionId>`: one subscription, so the fan-out finds a topic's connections
 *   with one Query on its partition.
 * API Gateway ends a connection after 2 hours at most; the TTL is a little longer, so an item whose
 * $disconnect never ran goes by itself, and reads skip expired items TTL has not deleted yet.
 */
export const CONNECTION_TTL_SEC = 2 * 3600 + 600;
const MARK_MARGIN_SEC = 300;

export type { LiveCaller };

/** One subscription as the fan-out reads it: the connection and who opened it (kept with the subscription). */
export interface LiveSubscriber {
  connectionId: string;
  /** Absent on a subscription written before callers were kept with it: read from the connection then. */
  caller?: LiveCaller;
}

type Item = Record<string, unknown>;

export interface LiveConnection {
  connectionId: string;
  caller: LiveCaller;
  topics: string[];
}

const nowSec = () => Math.floor(Date.now() / 1000);

export async function putConnection(connectionId: string, caller: LiveCaller): Promise<void> {
  await entities()
    .liveConnection.put({ connectionId, caller, topics: [], expiresAt: nowSec() + CONNECTION_TTL_SEC })
    .go();
}

export async function getConnection(connectionId: string): Promise<LiveConnection | undefined> {
  const { data } = await entities().liveConnection.get({ connectionId }).go({ consistent: true });
  if (!data || data.expiresAt < nowSec()) return undefined;
  return { connectionId, caller: data.caller, topics: data.topics ?? [] };
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
    // patch: only a connection that exists (a gone one is `full` too).
    await entities()
      .liveConnection.patch({ connectionId })
      .append({ topics: fresh })
      .where((c, { notExists, size, escape }) => `(${notExists(c.topics)} OR ${size(c.topics)} <= ${escape(max - fresh.length)})`)
      .go({ response: 'none' });
  } catch (e) {
    if (conditionRefused(e)) return 'full';
    throw e;
  }
  const expiresAt = nowSec() + CONNECTION_TTL_SEC;
  const { liveSubscription: subscription, liveTopic } = entities();
  // The marks first: a subscription the fan-out can find always has one. They outlive the subscriptions
  // by a margin, so a mark written a moment late by a slower subscribe does not end before a newer subscription.
  await writeAll(
    fresh.map((topic) => ({
      PutRequest: { Item: liveTopic.put({ topic, expiresAt: expiresAt + MARK_MARGIN_SEC }).params<{ Item: Item }>().Item },
    })),
  );
  await writeAll(
    fresh.map((topic) => ({
      PutRequest: { Item: subscription.put({ topic, connectionId, caller, expiresAt }).params<{ Item: Item }>().Item },
    })),
  );
  return 'added';
}

/** Removes a connection and its subscriptions ($disconnect, or a 410 from the gateway). */
export async function removeConnection(connectionId: string): Promise<void> {
  const c = await getConnection(connectionId);
  if (c && c.topics.length > 0) {
    const subscription = entities().liveSubscription;
    await writeAll(
      [...new Set(c.topics)].map((topic) => ({
        DeleteRequest: { Key: subscription.delete({ topic, connectionId }).params<{ Key: Item }>().Key },
      })),
    );
  }
  await entities().liveConnection.delete({ connectionId }).go({ response: 'none' });
}

/** The ids of the connections subscribed to a topic now. */
export async function subscribersOf(topic: string): Promise<string[]> {
  return (await subscriptionsOf(topic)).map((s) => s.connectionId);
}

/** The subscriptions of a topic now, each with the caller that made it. */
export async function subscriptionsOf(topic: string): Promise<LiveSubscriber[]> {
  const now = nowSec();
  // A subscription made a moment before the event counts (its 'subscribed' answer has gone out). The keys
  // come along: a subscription written before the entity names its connection in the sort key only.
  const { data } = await entities().liveSubscription.query.primary({ topic }).go({ consistent: true, pages: 'all', data: 'includeKeys' });
  return data
    .filter((s) => !(s.expiresAt < now))
    .map((s) => ({
      connectionId: s.connectionId ?? String((s as { sk?: unknown }).sk),
      ...(s.caller ? { caller: s.caller } : {}),
    }));
}

/** BatchGetItem's own limit. */
const MARKS_PER_READ = 100;

/**
 * The topics (keys) that may have subscribers now, from their marks (entity `liveTopic`), a hundred to a
 * BatchGetItem: the topics of an event that nobody follows cost no Query.
 */
export async function markedTopics(topics: readonly string[]): Promise<Set<string>> {
  const { liveTopic } = entities();
  const unique = [...new Set(topics)];
  const out = new Set<string>();
  const now = nowSec();
  const pages: string[][] = [];
  for (let i = 0; i < unique.length; i += MARKS_PER_READ) pages.push(unique.slice(i, i + MARKS_PER_READ));
  await eachBounded(pages, 4, async (page) => {
    const keyed = page.map((topic) => ({ topic, key: keyOf(liveTopic.get({ topic })) }));
    // Strongly consistent: a mark written a moment before the event counts, as its subscription does.
    const got = await readItems(
      keyed.map((k) => k.key),
      { consistent: true, attributes: ['expiresAt'] },
    );
    for (const { topic, key } of keyed) {
      const item = got.get(prefetchKeyOf(key));
      if (item && !(Number(item.expiresAt) < now)) out.add(topic);
    }
  });
  return out;
}

/** The newest event version of a tournament whose messages were all handed to the gateway. */
export async function lastFannedOut(clubId: string, tournamentId: string): Promise<number> {
  const { data } = await entities().liveFanOut.get({ clubId, tournamentId }).go({ consistent: true });
  return data ? Number(data.v) : 0;
}

/** Records that an event's messages went out; never moves backwards. */
export async function markFannedOut(clubId: string, tournamentId: string, version: number): Promise<void> {
  try {
    await entities()
      .liveFanOut.update({ clubId, tournamentId })
      .set({ v: version, kind: 'liveFanOut' })
      .where((f, { notExists, lt }) => `${notExists(f.v)} OR ${lt(f.v, version)}`)
      .go({ response: 'none' });
  } catch (e) {
    if (!conditionRefused(e)) throw e;
  }
}
