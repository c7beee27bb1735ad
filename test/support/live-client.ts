import WebSocket from 'ws';

export type Frame = { type: string; version?: number; topic?: Record<string, string>; data?: any; code?: string; [k: string]: unknown }; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface LiveTestClient {
  frames: Frame[];
  /** Resolves with the first frame (already received or to come) that matches, or rejects after `timeoutMs`. */
  next: (match: (f: Frame) => boolean, timeoutMs?: number) => Promise<Frame & { receivedAt: number }>;
  send: (message: unknown) => void;
  /** The close code and reason once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close: () => void;
}

/** A socket on the local API's live endpoint, speaking the protocol with an optional bearer token. */
export async function connectLive(baseUrl: string, token?: string): Promise<LiveTestClient> {
  const protocols = ['sport-poker.v1', ...(token ? [`bearer.${token}`] : [])];
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/v1/live`, protocols);
  const frames: (Frame & { receivedAt: number })[] = [];
  const waiters = new Set<{ match: (f: Frame) => boolean; resolve: (f: Frame & { receivedAt: number }) => void }>();
  ws.on('message', (data) => {
    const f = { ...(JSON.parse(String(data)) as Frame), receivedAt: Date.now() };
    frames.push(f);
    for (const w of waiters)
      if (w.match(f)) {
        waiters.delete(w);
        w.resolve(f);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((ok) =>
    ws.on('close', (code, reason) => ok({ code, reason: reason.toString() })),
  );
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
    ws.once('unexpected-response', (_req, res) => fail(new Error(`handshake refused: ${res.statusCode}`)));
  });
  return {
    frames,
    closed,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    close: () => ws.close(),
    next: (match, timeoutMs = 5_000) => {
      const hit = frames.find(match);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = { match, resolve: (f: Frame & { receivedAt: number }) => (clearTimeout(timer), resolve(f)) };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.type))}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
  };
}

/** The handshake's HTTP status when the server refuses it. */
export function refusedHandshake(baseUrl: string, protocols: string[]): Promise<number> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/v1/live`, protocols);
    ws.once('open', () => (ws.close(), fail(new Error('the handshake was accepted'))));
    ws.once('unexpected-response', (_req, res) => {
      ok(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => undefined);
  });
}
