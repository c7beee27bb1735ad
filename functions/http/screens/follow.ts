import type { ScreenLive } from './clock-page';
import { byId } from './dom';

/*
 * How a screen follows a public GET beside its page (the seating board, the league standings, the
 * Duplicate screen): with If-None-Match every few seconds, and while the live socket (functions/live) is
 * up, at once on each event of the topic and otherwise only every 30 s. A dropped socket falls back to polling and is tried
 * again after 1, 2, 4 ... 60 s. The clock screen does the same in clock.browser.ts, with its time sync on top.
 * `<html data-live>` says whether the socket is up; `#conn` shows when nothing has been heard for 15 s.
 */

const POLL_MS = 5000;
const LIVE_POLL_MS = 30000;
const GONE_POLL_MS = 15000;
const OFFLINE_AFTER_MS = 15000;
const RESYNC_EVERY = 20;
// API Gateway closes a socket idle for 10 minutes.
const PING_MS = 540000;

export interface Follow<T> {
  /** The GET, relative to the page. */
  url: string;
  /** The socket and its topic; none for a page whose data has no live topic. */
  live: (ScreenLive & { topic?: Record<string, string> }) | null;
  onData(body: T): void;
  /** The ETag of what the page already shows, so the first poll asks only for a change. */
  etag?: string;
  /** How an answer is read: its JSON by default (a page that follows its own HTML reads that). */
  read?(res: Response): Promise<T>;
  /** 404: the data is no longer public. */
  onGone(): void;
}

export function follow<T extends { version?: number }>(opts: Follow<T>): void {
  let socket: WebSocket | null = null;
  let liveUp = false;
  let retryMs = 1000;
  let etag: string | null = opts.etag ?? null;
  let version: number | undefined;
  let polls = 0;
  let timer = 0;
  let lastOk = performance.now();

  const every = (): number => (liveUp ? LIVE_POLL_MS : POLL_MS);
  function setLive(up: boolean): void {
    liveUp = up;
    document.documentElement.setAttribute('data-live', up ? 'on' : 'off');
  }
  function pollSoon(ms: number): void {
    clearTimeout(timer);
    timer = window.setTimeout(poll, ms);
  }
  function poll(): void {
    const headers: Record<string, string> = {};
    polls += 1;
    if (etag && polls % RESYNC_EVERY !== 0) headers['If-None-Match'] = etag;
    fetch(opts.url, { headers, cache: 'no-store', credentials: 'omit' })
      .then((res): number | Promise<number> => {
        lastOk = performance.now();
        if (res.status === 304) return every();
        if (res.status === 404) {
          etag = null;
          version = undefined;
          opts.onGone();
          return GONE_POLL_MS;
        }
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return (opts.read ? opts.read(res) : (res.json() as Promise<T>)).then((body: T) => {
          etag = res.headers.get('etag');
          version = body.version;
          opts.onData(body);
          return every();
        });
      })
      .catch(() => every())
      .then((next) => pollSoon(next));
  }
  function connect(): void {
    const live = opts.live;
    if (!live || !window.WebSocket) return;
    const url = live.url || `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v1/live`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, ['sport-poker.v1']);
    } catch {
      return;
    }
    socket = ws;
    ws.onopen = () => {
      const topic = live.topic ?? { kind: 'tournament', clubId: live.clubId, tournamentId: live.tournamentId };
      ws.send(JSON.stringify({ action: 'subscribe', topics: [topic] }));
    };
    ws.onmessage = (m: MessageEvent<string>) => {
      let f: { type?: string; version?: number };
      try {
        f = JSON.parse(m.data) as typeof f;
      } catch {
        return;
      }
      // Subscribed: read once to catch up on what happened while the socket was down.
      if (f.type === 'subscribed') {
        setLive(true);
        retryMs = 1000;
        pollSoon(0);
      } else if (f.type === 'event' && (version === undefined || f.version !== version)) pollSoon(0);
    };
    ws.onclose = () => {
      const was = liveUp;
      socket = null;
      setLive(false);
      if (was) pollSoon(0);
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 60000);
    };
  }

  setInterval(() => {
    if (socket && liveUp) socket.send('{"action":"ping"}');
  }, PING_MS);
  setInterval(() => {
    // An open socket is a connection: the page hears of every change without asking.
    if (liveUp) lastOk = performance.now();
    byId('conn').hidden = performance.now() - lastOk < OFFLINE_AFTER_MS;
  }, 1000);
  setLive(false);
  poll();
  connect();
}
