import { logger } from '../runtime/logger';
import { eachBounded } from '../runtime/bounded';
import { count } from '../runtime/metrics';
import {
  getConnection,
  lastFannedOut,
  markedTopics,
  markFannedOut,
  removeConnection,
  subscriptionsOf,
  type LiveSubscriber,
} from './connections';
import type { LiveGateway } from './gateway';
import { liveGateway } from './current-gateway';
import { liveFrame, liveMessages, type LiveEvent, type LiveMessage } from './messages';
import { deliveryRefusal, type Refusal } from './topic-access';
import { liveNow } from './live-clock';
import { topicKey } from './topics';

/** Posts in flight at once: PostToConnection has no batch call, so a batch is this many in parallel. */
const PARALLEL = 25;

export interface FanOutReport {
  sent: number;
  gone: number;
  failed: number;
  skipped: boolean;
  /** Connections closed because their access to a staff or player topic ended (token, membership, account). */
  revoked?: number;
}

/**
 * The subscribers of staff and player topics whose access has ended since they subscribed, with the
 * refusal to close them with. A check that fails on our side (an outage) holds that frame back and
 * closes nothing: a live frame is a hint, and the next event checks again.
 */
async function revokedSubscribers(
  targets: readonly { m: LiveMessage; subscribers: LiveSubscriber[] }[],
  report: FanOutReport,
): Promise<{ refused: Map<string, Refusal>; unchecked: Set<string> }> {
  const refused = new Map<string, Refusal>();
  const unchecked = new Set<string>();
  const now = liveNow();
  const checks = targets.flatMap(({ m, subscribers }) => (m.topic.kind === 'tournament' ? [] : subscribers.map((s) => ({ m, s }))));
  await eachBounded(checks, PARALLEL, async ({ m, s }) => {
    try {
      const caller = s.caller ?? (await getConnection(s.connectionId))?.caller ?? { kind: 'anonymous' };
      const refusal = await deliveryRefusal(caller, m.topic, now);
      if (refusal) refused.set(s.connectionId, refusal);
    } catch (e) {
      unchecked.add(s.connectionId);
      report.failed++;
      logger.warn('live access not checked; frame held back', { connectionId: s.connectionId, error: (e as Error).message });
    }
  });
  return { refused, unchecked };
}

/**
 * Sends what one committed event means to the connections subscribed to its topics. Every frame carries
 * the event's version, so a client that sees a gap reads the REST view again. Idempotent by version: an
 * event whose messages all went out once (a redelivered batch) sends nothing again. Connections that
 * answer 410 are dropped. A post that fails otherwise is logged and counted, never retried: live
 * messages are a hint, and the version lets the client catch up.
 */
export async function fanOutEvent(p: LiveEvent, gateway: LiveGateway | undefined = liveGateway()): Promise<FanOutReport> {
  const report: FanOutReport = { sent: 0, gone: 0, failed: 0, skipped: false };
  if (!gateway) return report;
  const messages = liveMessages(p);
  if (messages.length === 0) return report;
  // Only topics someone follows are queried: a draw concerns every seated player, and their marks are
  // read a hundred at a time; a few topic reads at a time, as thousands at once only time out.
  const marked = await markedTopics(messages.map((m) => topicKey(m.topic)));
  const followed = messages.filter((m) => marked.has(topicKey(m.topic)));
  const targets: { m: LiveMessage; subscribers: LiveSubscriber[] }[] = [];
  for (let i = 0; i < followed.length; i += PARALLEL) {
    targets.push(
      ...(await Promise.all(
        followed.slice(i, i + PARALLEL).map(async (m) => ({ m, subscribers: await subscriptionsOf(topicKey(m.topic)) })),
      )),
    );
  }
  if (targets.every((t) => t.subscribers.length === 0)) return report;
  if ((await lastFannedOut(p.clubId, p.tournamentId)) >= p.version) return { ...report, skipped: true };
  // Access to staff and player topics is checked on each delivery, not only at subscribe: a connection
  // whose access ended is closed as its subscribe would be refused now, and gets no frame of this event.
  const { refused, unchecked } = await revokedSubscribers(targets, report);
  const posts = targets.flatMap(({ m, subscribers }) => {
    const connections = subscribers
      .map((s) => s.connectionId)
      .filter((id) => !refused.has(id) && !(m.topic.kind !== 'tournament' && unchecked.has(id)));
    if (connections.length === 0) return [];
    const frame = liveFrame({ clubId: p.clubId, tournamentId: p.tournamentId, version: p.version, at: p.event.at }, m);
    return connections.map((connectionId) => ({ connectionId, frame }));
  });
  const gone = new Set<string>();
  await eachBounded(posts, PARALLEL, async ({ connectionId, frame }) => {
    try {
      if ((await gateway.post(connectionId, frame)) === 'gone') gone.add(connectionId);
      else report.sent++;
    } catch (e) {
      report.failed++;
      logger.warn('live message not delivered', { connectionId, version: p.version, error: (e as Error).message });
    }
  });
  report.gone = gone.size;
  for (const connectionId of gone) await removeConnection(connectionId);
  if (refused.size > 0) {
    report.revoked = refused.size;
    await eachBounded([...refused], PARALLEL, async ([connectionId, refusal]) => {
      logger.info('live access ended; connection closed', { connectionId, code: refusal.code, reason: refusal.reason });
      await removeConnection(connectionId);
      try {
        await gateway.close(connectionId, refusal.code, refusal.reason);
      } catch (e) {
        logger.warn('live connection not closed', { connectionId, error: (e as Error).message });
      }
    });
  }
  if (report.failed > 0) count('LiveMessageFailed', report.failed);
  await markFannedOut(p.clubId, p.tournamentId, p.version);
  return report;
}
