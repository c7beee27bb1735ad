import { logger } from '../platform/logger';
import { count } from '../platform/metrics';
import { lastFannedOut, markFannedOut, removeConnection, subscribersOf } from './connections';
import { liveGateway, type LiveGateway } from './gateway';
import { liveMessages, type LiveEvent } from './messages';
import { topicKey } from './topics';

/** Posts in flight at once: PostToConnection has no batch call, so a batch is this many in parallel. */
const PARALLEL = 25;
/** API Gateway's largest message is 128 KB; a larger view is replaced by a hint to read it over REST. */
const MAX_FRAME_BYTES = 120_000;

export interface FanOutReport {
  sent: number;
  gone: number;
  failed: number;
  skipped: boolean;
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
  // A few topic reads at a time: a draw has a message per seated player, and thousands of reads at once
  // only time out and make the stream retry the whole record.
  const targets: { m: (typeof messages)[number]; connections: string[] }[] = [];
  for (let i = 0; i < messages.length; i += PARALLEL) {
    targets.push(
      ...(await Promise.all(
        messages.slice(i, i + PARALLEL).map(async (m) => ({ m, connections: await subscribersOf(topicKey(m.topic)) })),
      )),
    );
  }
  const posts = targets.flatMap(({ m, connections }) => {
    if (connections.length === 0) return [];
    let frame = JSON.stringify({
      type: 'event',
      topic: m.topic,
      clubId: p.clubId,
      tournamentId: p.tournamentId,
      version: p.version,
      at: new Date(p.event.at).toISOString(),
      data: m.data,
    });
    if (Buffer.byteLength(frame) > MAX_FRAME_BYTES) {
      frame = JSON.stringify({
        type: 'event',
        topic: m.topic,
        clubId: p.clubId,
        tournamentId: p.tournamentId,
        version: p.version,
        at: new Date(p.event.at).toISOString(),
        refetch: true,
      });
    }
    return connections.map((connectionId) => ({ connectionId, frame }));
  });
  // No subscriber: no reads or writes beyond the topic queries.
  if (posts.length === 0) return report;
  if ((await lastFannedOut(p.clubId, p.tournamentId)) >= p.version) return { ...report, skipped: true };
  const gone = new Set<string>();
  for (let i = 0; i < posts.length; i += PARALLEL) {
    await Promise.all(
      posts.slice(i, i + PARALLEL).map(async ({ connectionId, frame }) => {
        try {
          if ((await gateway.post(connectionId, frame)) === 'gone') gone.add(connectionId);
          else report.sent++;
        } catch (e) {
          report.failed++;
          logger.warn('live message not delivered', { connectionId, version: p.version, error: (e as Error).message });
        }
      }),
    );
  }
  report.gone = gone.size;
  for (const connectionId of gone) await removeConnection(connectionId);
  if (report.failed > 0) count('LiveMessageFailed', report.failed);
  await markFannedOut(p.clubId, p.tournamentId, p.version);
  return report;
}
