import { Worker } from 'node:worker_threads';
import type { DynamoDBRecord } from 'aws-lambda';
import type { LiveGateway } from '../../functions/live/gateway';
import { logger } from '../../functions/runtime/logger';
import type { LocalStreamPoller } from './adapters/stream-poller';

/** What the consumer thread tells the main thread: it is up, a drain or stop ended, or a frame to send. */
export type FromConsumer =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; error?: string; deadLetters: DynamoDBRecord[] }
  | { kind: 'post'; id: number; connectionId: string; frame: string }
  | { kind: 'close'; id: number; connectionId: string; code: number; reason: string };

/** What the main thread asks of the consumer thread, and its answers to the thread's sends. */
export type ToConsumer =
  | { kind: 'drain'; id: number; timeoutMs?: number }
  | { kind: 'stop'; id: number }
  | { kind: 'answer'; id: number; result?: 'sent' | 'gone'; error?: string };

/**
 * The stream consumer in a worker thread (consumer-worker.ts), answering as the in-process poller does:
 * `drain` and `stop` are asked of the thread, its dead letters come back with each answer. The thread's
 * fan-out sends through `gateway`, the main thread's sockets. Resolves once the thread has started polling.
 */
export async function startConsumerThread(opts: { tableName: string; endpoint: string; gateway: LiveGateway }): Promise<LocalStreamPoller> {
  // The thread loads the TypeScript sources through tsx's loader, registered in the thread itself: a
  // worker does not inherit the loader of the process that starts it (nor vitest's transform). The
  // package resolves from the working directory, the repository's root for every npm script and test.
  const entry = new URL('./consumer-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
    workerData: { tableName: opts.tableName, endpoint: opts.endpoint },
  });
  const deadLetters: DynamoDBRecord[] = [];
  const waiting = new Map<number, { ok: () => void; fail: (e: Error) => void }>();
  let asked = 0;
  let exited = false;
  const answer = (m: ToConsumer) => worker.postMessage(m);
  const ready = new Promise<void>((ok, fail) => {
    worker.on('message', (m: FromConsumer) => {
      if (m.kind === 'ready') return ok();
      if (m.kind === 'done') {
        deadLetters.splice(0, deadLetters.length, ...m.deadLetters);
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error !== undefined) w?.fail(new Error(m.error));
        else w?.ok();
        return;
      }
      const sent = m.kind === 'post' ? opts.gateway.post(m.connectionId, m.frame) : opts.gateway.close(m.connectionId, m.code, m.reason);
      sent.then(
        (result) => answer({ kind: 'answer', id: m.id, ...(result ? { result } : {}) }),
        (e: unknown) => answer({ kind: 'answer', id: m.id, error: (e as Error).message }),
      );
    });
    worker.once('error', fail);
    worker.once('exit', (code) => {
      exited = true;
      fail(new Error(`the consumer thread ended before it started (exit ${code})`));
      for (const w of waiting.values()) w.fail(new Error(`the consumer thread ended (exit ${code})`));
      waiting.clear();
    });
  });
  worker.on('error', (e) => logger.error('the consumer thread failed', { error: e }));
  await ready;
  const request = (m: { kind: 'drain'; timeoutMs?: number } | { kind: 'stop' }) =>
    new Promise<void>((ok, fail) => {
      if (exited) return fail(new Error('the consumer thread has ended'));
      const id = ++asked;
      waiting.set(id, { ok, fail });
      answer({ ...m, id });
    });
  return {
    deadLetters,
    drain: (timeoutMs) => request({ kind: 'drain', ...(timeoutMs === undefined ? {} : { timeoutMs }) }),
    stop: async () => {
      if (exited) return;
      await request({ kind: 'stop' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
