/**
 * Live updates over the WebSocket API, beside the typed REST client: one socket, topics to follow, and
 * the events as they are committed. Works with the platform's WebSocket (browsers, React Native, Node 22)
 * or one passed in (the `ws` package on Node 20).
 *
 * Each event frame carries the tournament's event version. A frame at or below the last one seen on its
 * topic is a repeat and is dropped. Phones close the socket in the background (`pause()`, or a
 * `visibility` source) and get pushes instead; on `resume()` (and on every reconnect) each topic is
 * subscribed with `since`, the last version seen, and the server sends what was missed as one catch-up
 * frame per topic before it answers `subscribed`: versions only grow and no event comes twice. Too far
 * behind, the server says `refetch` and `onGap` is called: the client reads the REST view again (a player
 * topic that far behind gets the player's registration and seat as they are instead). So is
 * `onGap` for a topic with nothing seen yet after a reconnect, and for a jump on the staff topic (which
 * gets every event).
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
  /** A catch-up frame after a resume: it stands for every event after this version up to its own. */
  since?: number;
}

/** `paused`: closed on purpose (the app is in the background) until `resume()`. */
export type LiveState = 'connecting' | 'open' | 'paused' | 'closed';

/** Tells the helper when the app is out of sight: `subscribe` answers a function that stops listening. */
export interface VisibilitySource {
  hidden(): boolean;
  subscribe(onChange: () => void): () => void;
}

/** The part of a browser's `document` that page visibility needs. */
interface VisibilityDocument {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** The browser's page visibility (`document.visibilitychange`) as a source. */
export function documentVisibility(
  doc: VisibilityDocument = (globalThis as unknown as { document: VisibilityDocument }).document,
): VisibilitySource {
  return {
    hidden: () => doc.hidden,
    subscribe: (onChange) => {
      doc.addEventListener('visibilitychange', onChange);
      return () => doc.removeEventListener('visibilitychange', onChange);
    },
  };
}

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
  /**
   * Pauses while hidden and resumes when shown, e.g. `documentVisibility()` in a browser. React Native
   * apps call `pause()` and `resume()` from AppState instead (see the README).
   */
  visibility?: VisibilitySource;
}

export interface LiveSubscription {
  readonly state: LiveState;
  /** Closes the socket and keeps the versions seen; nothing reconnects until `resume()`. */
  pause: () => void;
  /** Connects again and subscribes from the versions seen: what was missed comes first. */
  resume: () => void;
  close: () => void;
}

export const LIVE_PROTOCOL = 'sport-poker.v1';

const topicKey = (t: LiveTopic): string => (t.kind === 'player' ? `player/${t.playerId}` : `${t.kind}/${t.clubId}/${t.tournamentId}`);

interface Frame {
  type?: string;
  code?: number;
  reason?: string;
  topic?: LiveTopic;
  version?: number;
  since?: number;
  clubId?: string;
  tournamentId?: string;
  resumed?: { topic: LiveTopic; version: number }[];
}

export function subscribeLive(opts: LiveOptions): LiveSubscription {
  const found = opts.WebSocket ?? (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
  if (!found) throw new Error('No WebSocket here: pass one (for example the ws package) as `WebSocket`');
  const Socket: SocketConstructor = found;
  const pingMs = opts.pingMs ?? 9 * 60_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 60_000;
  // The last version seen per topic; a player topic spans tournaments, so its versions are kept per
  // tournament, and it resumes from the tournament it heard from last.
  const last = new Map<string, number>();
  const playerTournament = new Map<string, { clubId: string; tournamentId: string }>();
  let state: LiveState = 'connecting';
  let socket: SocketLike | undefined;
  let stopped = false;
  let paused = false;
  let backoff = 1_000;
  let connectedOnce = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const setState = (s: LiveState) => {
    state = s;
    opts.onState?.(s);
  };
  const versionKey = (t: LiveTopic, clubId?: string, tournamentId?: string) =>
    t.kind === 'player' ? `${topicKey(t)}@${clubId}/${tournamentId}` : topicKey(t);
  const resumeOf = (t: LiveTopic): LiveTopic & { since?: unknown } => {
    if (t.kind !== 'player') {
      const v = last.get(topicKey(t));
      return v === undefined ? t : { ...t, since: v };
    }
    const at = playerTournament.get(topicKey(t));
    const v = at && last.get(versionKey(t, at.clubId, at.tournamentId));
    return at && v !== undefined ? { ...t, since: { ...at, version: v } } : t;
  };
  /** Records a version; false when it is a repeat. */
  const see = (t: LiveTopic, version: number, clubId?: string, tournamentId?: string): boolean => {
    const key = versionKey(t, clubId, tournamentId);
    const seen = last.get(key);
    if (seen !== undefined && version <= seen) return false;
    last.set(key, version);
    if (t.kind === 'player' && clubId && tournamentId) playerTournament.set(topicKey(t), { clubId, tournamentId });
    return true;
  };

  async function connect(): Promise<void> {
    if (stopped || paused) return;
    setState('connecting');
    const token = typeof opts.token === 'function' ? await opts.token() : opts.token;
    if (stopped || paused) return;
    const s = new Socket(opts.url, token ? [LIVE_PROTOCOL, `bearer.${token}`] : [LIVE_PROTOCOL]);
    socket = s;
    const asked = opts.topics.map(resumeOf);
    // Live frames that overtake the catch-up wait for the `subscribed` answer, so they come after it.
    let held: Frame[] | undefined = [];
    const deliver = (f: Frame) => {
      const topic = f.topic as LiveTopic;
      const key = versionKey(topic, f.clubId, f.tournamentId);
      const seen = last.get(key);
      const catchUp = f.since !== undefined;
      if (!see(topic, f.version as number, f.clubId, f.tournamentId)) return;
      if (!catchUp && seen !== undefined && topic.kind === 'staff' && (f.version as number) > seen + 1) opts.onGap?.(topic);
      opts.onEvent(f as LiveEventFrame);
    };
    s.onopen = () => s.send(JSON.stringify({ action: 'subscribe', topics: asked }));
    s.onmessage = (ev) => {
      let f: Frame;
      try {
        f = JSON.parse(String(ev.data)) as Frame;
      } catch {
        return;
      }
      if (f.type === 'subscribed') {
        backoff = 1_000;
        setState('open');
        const resumed = new Set<string>();
        for (const r of f.resumed ?? []) {
          const at = asked.find((a) => topicKey(a) === topicKey(r.topic))?.since as { clubId?: string; tournamentId?: string } | undefined;
          // Caught up to this version: what is at or below it was sent or concerns the topic not.
          if (r.version > 0) see(r.topic, r.version, at?.clubId, at?.tournamentId);
          resumed.add(topicKey(r.topic));
        }
        // After a reconnect, a topic that could not resume (nothing seen on it yet): anything may have happened meanwhile.
        if (connectedOnce) for (const t of opts.topics) if (!resumed.has(topicKey(t))) opts.onGap?.(t);
        connectedOnce = true;
        const overtaking = (held ?? []).sort((a, b) => (a.version as number) - (b.version as number));
        held = undefined;
        for (const x of overtaking) deliver(x);
        clearInterval(ping);
        ping = setInterval(() => s.readyState === 1 && s.send('{"action":"ping"}'), pingMs);
      } else if (f.type === 'closed' && typeof f.code === 'number') {
        // API Gateway closes without an application code: the server says it in a last frame.
        refuse(f.code, f.reason ?? '');
      } else if (f.type === 'refetch' && f.topic) {
        // Too far behind for a replay: the REST view is the way back.
        opts.onGap?.(f.topic);
      } else if (f.type === 'event' && f.topic && typeof f.version === 'number') {
        if (held && f.since === undefined) held.push(f);
        else deliver(f);
      }
    };
    s.onerror = () => undefined;
    s.onclose = (ev) => {
      clearInterval(ping);
      if (socket !== s) return;
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) return refuse(ev.code, ev.reason);
      if (stopped) return setState('closed');
      if (paused) return setState('paused');
      setState('connecting');
      retry = setTimeout(() => void connect(), backoff);
      backoff = Math.min(backoff * 2, maxBackoffMs);
    };
  }

  function refuse(code: number, reason: string): void {
    if (stopped) return;
    stopped = true;
    stopVisibility?.();
    setState('closed');
    opts.onRefused?.(code, reason);
    socket?.close();
  }

  function pause(): void {
    if (stopped || paused) return;
    paused = true;
    clearTimeout(retry);
    clearInterval(ping);
    const s = socket;
    socket = undefined;
    s?.close(1000, 'paused');
    setState('paused');
  }

  function resume(): void {
    if (stopped || !paused) return;
    paused = false;
    backoff = 1_000;
    void connect();
  }

  const stopVisibility = opts.visibility?.subscribe(() => (opts.visibility?.hidden() ? pause() : resume()));
  if (opts.visibility?.hidden()) {
    paused = true;
    setState('paused');
  } else void connect();
  return {
    get state() {
      return state;
    },
    pause,
    resume,
    close: () => {
      stopped = true;
      stopVisibility?.();
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close(1000, 'done');
      setState('closed');
    },
  };
}
