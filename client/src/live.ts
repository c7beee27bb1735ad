/**
 * Live updates over the WebSocket API, beside the typed REST client: one socket, topics to follow, and
 * the events as they are committed. Works with the platform's WebSocket (browsers, React Native, Node 22)
 * or one passed in (the `ws` package on Node 20).
 *
 * Each event frame carries the tournament's event version. A frame at or below the last one seen on its
 * topic is a repeat and is dropped. The staff topic gets every event, so a jump there is a gap; the public
 * and player topics get only the events that concern them, so their gaps cannot be seen from versions:
 * `onGap` is called after every reconnect instead. Either way the client reads the REST view again.
 */

export type LiveTopic =
  | { kind: 'tournament'; clubId: string; tournamentId: string }
  | { kind: 'player'; playerId: string }
  | { kind: 'staff'; clubId: string; tournamentId: string };

export interface LiveEventFrame {
  type: 'event';
  topic: LiveTopic;
  clubId: string;
  tournamentId: string;
  version: number;
  at: string;
  /** What changed, by topic (see docs/decisions/live-updates.md); absent with `refetch`. */
  data?: Record<string, unknown>;
  /** The view was too large for one message: read it over REST. */
  refetch?: true;
}

export type LiveState = 'connecting' | 'open' | 'closed';

interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
type SocketConstructor = new (url: string, protocols: string[]) => SocketLike;

export interface LiveOptions {
  /** The WebSocket API's URL (`wss://…/live`), or `ws://host:port/v1/live` against `npm start`. */
  url: string;
  /** A signed-in caller's JWT (sent as a subprotocol, never in the URL); asked again on each connect. */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  topics: LiveTopic[];
  onEvent: (frame: LiveEventFrame) => void;
  /** Something may have been missed on a topic: read its REST view again. */
  onGap?: (topic: LiveTopic) => void;
  onState?: (state: LiveState) => void;
  /** The server refused a topic (4401, 4403, 4404): the subscription stops, it is not retried. */
  onRefused?: (code: number, reason: string) => void;
  WebSocket?: SocketConstructor;
  /** Keep-alive under API Gateway's 10-minute idle limit; default 9 minutes. */
  pingMs?: number;
  /** Longest wait between reconnects; default 60 s. */
  maxBackoffMs?: number;
}

export interface LiveSubscription {
  readonly state: LiveState;
  close: () => void;
}

export const LIVE_PROTOCOL = 'sport-poker.v1';

const topicKey = (t: LiveTopic): string => (t.kind === 'player' ? `player/${t.playerId}` : `${t.kind}/${t.clubId}/${t.tournamentId}`);

export function subscribeLive(opts: LiveOptions): LiveSubscription {
  const found = opts.WebSocket ?? (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
  if (!found) throw new Error('No WebSocket here: pass one (for example the ws package) as `WebSocket`');
  const Socket: SocketConstructor = found;
  const pingMs = opts.pingMs ?? 9 * 60_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 60_000;
  const last = new Map<string, number>();
  let state: LiveState = 'connecting';
  let socket: SocketLike | undefined;
  let stopped = false;
  let backoff = 1_000;
  let connectedOnce = false;
  let ping: ReturnType<typeof setInterval> | undefined;

  const setState = (s: LiveState) => {
    state = s;
    opts.onState?.(s);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    setState('connecting');
    const token = typeof opts.token === 'function' ? await opts.token() : opts.token;
    const s = new Socket(opts.url, token ? [LIVE_PROTOCOL, `bearer.${token}`] : [LIVE_PROTOCOL]);
    socket = s;
    s.onopen = () => s.send(JSON.stringify({ action: 'subscribe', topics: opts.topics }));
    s.onmessage = (ev) => {
      let f: { type?: string; code?: number; reason?: string; topic?: LiveTopic; version?: number };
      try {
        f = JSON.parse(String(ev.data)) as typeof f;
      } catch {
        return;
      }
      if (f.type === 'subscribed') {
        backoff = 1_000;
        setState('open');
        // After a reconnect anything may have happened meanwhile.
        if (connectedOnce) for (const t of opts.topics) opts.onGap?.(t);
        connectedOnce = true;
        clearInterval(ping);
        ping = setInterval(() => s.readyState === 1 && s.send('{"action":"ping"}'), pingMs);
      } else if (f.type === 'closed' && typeof f.code === 'number') {
        // API Gateway closes without an application code: the server says it in a last frame.
        refuse(f.code, f.reason ?? '');
      } else if (f.type === 'event' && f.topic && typeof f.version === 'number') {
        const key = topicKey(f.topic);
        const seen = last.get(key);
        if (seen !== undefined && f.version <= seen) return;
        if (seen !== undefined && f.topic.kind === 'staff' && f.version > seen + 1) opts.onGap?.(f.topic);
        last.set(key, f.version);
        opts.onEvent(f as LiveEventFrame);
      }
    };
    s.onerror = () => undefined;
    s.onclose = (ev) => {
      clearInterval(ping);
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) return refuse(ev.code, ev.reason);
      if (stopped) return setState('closed');
      setState('connecting');
      setTimeout(() => void connect(), backoff);
      backoff = Math.min(backoff * 2, maxBackoffMs);
    };
  }

  function refuse(code: number, reason: string): void {
    if (stopped) return;
    stopped = true;
    setState('closed');
    opts.onRefused?.(code, reason);
    socket?.close();
  }

  void connect();
  return {
    get state() {
      return state;
    },
    close: () => {
      stopped = true;
      clearInterval(ping);
      socket?.close(1000, 'done');
      setState('closed');
    },
  };
}
