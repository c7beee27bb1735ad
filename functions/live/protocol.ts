import { authenticate } from '../platform/authenticate';
import { HttpProblem } from '../platform/problem';
import { logger } from '../runtime/logger';
import { addSubscriptions, getConnection, putConnection, removeConnection, type LiveCaller } from './connections';
import type { LiveGateway } from './gateway';
import { liveGateway } from './current-gateway';
import { firstRefusal } from './topic-access';
import { liveNow } from './live-clock';
import {
  BEARER_PROTOCOL_PREFIX,
  bareTopic,
  ClientMessage,
  LIVE_PROTOCOL,
  MAX_TOPICS,
  topicKey,
  type SubscribeTopic,
  type Topic,
} from './topics';
import { resumeTopics, type ResumeOutcome } from './replay';

/**
 * The live protocol, the same behind API Gateway ($connect, $disconnect, subscribe/$default routes) and
 * behind the local `ws` server:
 * - connect: subprotocols `sport-poker.v1` and, for a signed-in caller, `bearer.<jwt>` (the token never
 *   goes in the URL, which proxies and access logs keep); without a token the caller is anonymous;
 * - `{"action":"subscribe","topics":[...]}`: every topic is checked first (the token's expiry, the
 *   caller's standing, that the tournament exists and is visible to the caller); one refused topic closes
 *   the connection with 4401/4403/4404 and a reason, and nothing is subscribed or sent;
 * - a malformed message gets an error frame and the connection stays.
 */

export type ConnectOutcome =
  { ok: true; protocol: string; caller: LiveCaller } | { ok: false; status: number; code: string; message: string };

/** Subprotocols as offered in Sec-WebSocket-Protocol (comma-separated). */
export function offeredProtocols(headers: Record<string, string | undefined>): string[] {
  const raw = Object.entries(headers).find(([k]) => k.toLowerCase() === 'sec-websocket-protocol')?.[1] ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function openConnection(connectionId: string, headers: Record<string, string | undefined>): Promise<ConnectOutcome> {
  const offered = offeredProtocols(headers);
  if (!offered.includes(LIVE_PROTOCOL))
    return { ok: false, status: 400, code: 'PROTOCOL_REQUIRED', message: `Offer the subprotocol ${LIVE_PROTOCOL}` };
  const bearer = offered.find((p) => p.startsWith(BEARER_PROTOCOL_PREFIX))?.slice(BEARER_PROTOCOL_PREFIX.length);
  let caller: LiveCaller = { kind: 'anonymous' };
  if (bearer !== undefined) {
    try {
      const principal = await authenticate({ authorization: `Bearer ${bearer}` });
      if (principal.kind === 'user') {
        const exp = principal.claims.exp;
        caller = {
          kind: 'user',
          userId: principal.userId,
          operator: principal.operator,
          ...(typeof exp === 'number' ? { expiresAt: exp } : {}),
        };
      }
    } catch (e) {
      if (e instanceof HttpProblem && e.status < 500) return { ok: false, status: e.status, code: e.code, message: e.message };
      throw e;
    }
  }
  await putConnection(connectionId, caller);
  return { ok: true, protocol: LIVE_PROTOCOL, caller };
}

const errorFrame = (code: string, message: string, errors?: { field: string; message: string }[]) =>
  JSON.stringify({ type: 'error', code, message, ...(errors ? { errors } : {}) });

/** One message from a client. Answers go through the gateway, as API Gateway's routes must. */
export async function receive(connectionId: string, body: string, gateway: LiveGateway | undefined = liveGateway()): Promise<void> {
  if (!gateway) throw new Error('no live gateway configured');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    await gateway.post(connectionId, errorFrame('MESSAGE_INVALID', 'The message is not JSON'));
    return;
  }
  const parsed = ClientMessage.safeParse(json);
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, 10).map((i) => ({ field: i.path.join('.') || 'message', message: i.message }));
    await gateway.post(connectionId, errorFrame('MESSAGE_INVALID', 'The message is not a known action', errors));
    return;
  }
  const message = parsed.data;
  // A keep-alive: the message itself resets API Gateway's idle timer, nothing answers it (in AWS its
  // route is a mock integration, so a ping costs one message and no Lambda).
  if (message.action === 'ping') return;
  const connection = await getConnection(connectionId);
  if (!connection) {
    await gateway.close(connectionId, 4401, 'UNAUTHENTICATED: unknown connection');
    return;
  }
  const tooMany = () => gateway.post(connectionId, errorFrame('TOO_MANY_TOPICS', `A connection holds at most ${MAX_TOPICS} topics`));
  // The topics this message adds, once each: those the connection holds were checked when it took them.
  const topics = message.topics.map(bareTopic);
  const adding = new Map(topics.map((t) => [topicKey(t), t]));
  for (const held of connection.topics) adding.delete(held);
  const keys = [...adding.keys()];
  // Counted before anything is read: a connection at its cap costs no tournament reads.
  if (connection.topics.length + keys.length > MAX_TOPICS) {
    await tooMany();
    return;
  }
  const refusal = await firstRefusal(connection.caller, adding.values(), liveNow());
  if (refusal) {
    logger.info('live subscription refused', { connectionId, code: refusal.code, reason: refusal.reason });
    await removeConnection(connectionId);
    await gateway.close(connectionId, refusal.code, refusal.reason);
    return;
  }
  if ((await addSubscriptions(connectionId, connection.caller, keys, MAX_TOPICS)) === 'full') {
    await tooMany();
    return;
  }
  // After the subscriptions are written: an event committed after the log is read goes to them.
  const resumed = await resume(connectionId, message.topics, gateway);
  await gateway.post(connectionId, JSON.stringify({ type: 'subscribed', topics, ...(resumed.length > 0 ? { resumed } : {}) }));
}

/**
 * Sends what resumed topics missed (catch-up frames, or `refetch` frames), and answers, per resumed
 * topic, the version it is now at. A log that cannot be read costs the client a REST read, not its
 * subscription.
 */
async function resume(
  connectionId: string,
  asked: readonly SubscribeTopic[],
  gateway: LiveGateway,
): Promise<{ topic: Topic; version: number; outcome: ResumeOutcome['kind'] }[]> {
  if (!asked.some((t) => t.since !== undefined)) return [];
  let outcomes: ResumeOutcome[];
  try {
    outcomes = await resumeTopics(asked);
  } catch (e) {
    logger.warn('live replay failed; the client reads the REST view', { connectionId, error: (e as Error).message });
    outcomes = asked
      .filter((t) => t.since !== undefined)
      .map((t) => ({ topic: bareTopic(t), kind: 'refetch', version: 0, reason: 'UNAVAILABLE' }) as const);
  }
  for (const o of outcomes) {
    if (o.kind === 'replayed' && o.frame) await gateway.post(connectionId, o.frame);
    if (o.kind === 'refetch')
      await gateway.post(connectionId, JSON.stringify({ type: 'refetch', topic: o.topic, version: o.version, reason: o.reason }));
  }
  return outcomes.map((o) => ({ topic: o.topic, version: o.version, outcome: o.kind }));
}

export async function closeConnection(connectionId: string): Promise<void> {
  await removeConnection(connectionId);
}
