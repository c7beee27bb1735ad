/**
 * The stream consumer of `npm start` in a worker thread of its own (see consumer-thread.ts): the same
 * poller and projections as in-process, on another event loop, so a draw of thousands of players does
 * not hold up the desk's requests. The live sockets stay with the HTTP server in the main thread: the
 * fan-out posts through a gateway that asks the main thread to send.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { LiveGateway } from '../../functions/live/gateway';
import type { FromConsumer, ToConsumer } from './consumer-thread';

const port = parentPort;
if (!port) throw new Error('consumer-worker.ts runs as a worker thread');
const { tableName, endpoint } = workerData as { tableName: string; endpoint: string };

let asked = 0;
const answers = new Map<number, { ok: (v: 'sent' | 'gone' | undefined) => void; fail: (e: Error) => void }>();
const ask = (
  m: { kind: 'post'; connectionId: string; frame: string } | { kind: 'close'; connectionId: string; code: number; reason: string },
) =>
  new Promise<'sent' | 'gone' | undefined>((ok, fail) => {
    const id = ++asked;
    answers.set(id, { ok, fail });
    port.postMessage({ ...m, id } satisfies FromConsumer);
  });
const gateway: LiveGateway = {
  post: async (connectionId, frame) => (await ask({ kind: 'post', connectionId, frame })) ?? 'sent',
  close: async (connectionId, code, reason) => {
    await ask({ kind: 'close', connectionId, code, reason });
  },
};

// As in the main thread (local-api.ts): pushes are recorded, not sent; the adapters go in before any handler loads.
const { RecordingPushAdapter } = await import('./adapters/push-recorder');
const { usePushAdapter } = await import('../../functions/adapters/push');
const verbose = ['INFO', 'DEBUG'].includes(process.env.POWERTOOLS_LOG_LEVEL ?? '');
usePushAdapter(
  new RecordingPushAdapter(
    (p) => verbose && console.log(`push (not sent from this machine) to ${p.endpoint}: ${p.message.title}: ${p.message.body}`),
  ),
);
const { useLiveGateway } = await import('../../functions/live/current-gateway');
useLiveGateway(gateway);
const { startLocalStreamPoller } = await import('./adapters/stream-poller');
const { projectStreamRecords } = await import('../../functions/projections/consume');
const streams = startLocalStreamPoller({ tableName, endpoint, handle: projectStreamRecords });

port.on('message', (m: ToConsumer) => {
  if (m.kind === 'answer') {
    const waiting = answers.get(m.id);
    answers.delete(m.id);
    if (m.error !== undefined) waiting?.fail(new Error(m.error));
    else waiting?.ok(m.result);
    return;
  }
  const reply = (error?: unknown) =>
    port.postMessage({
      kind: 'done',
      id: m.id,
      ...(error === undefined ? {} : { error: (error as Error).message }),
      deadLetters: [...streams.deadLetters],
    } satisfies FromConsumer);
  if (m.kind === 'drain') streams.drain(m.timeoutMs).then(() => reply(), reply);
  else streams.stop().then(() => reply(), reply);
});
port.postMessage({ kind: 'ready' } satisfies FromConsumer);
