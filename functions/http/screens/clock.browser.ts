import type { output } from 'zod';
import type { ClockState } from '../../../schemas/clock';
import { DATA_BLOCKS, type ScreenLabels, type ScreenLive } from './clock-page';
import { byId, fitBox, fitWidth, logoUrl, pager, readData, showLogo } from './dom';
import { duration, groupDigits } from './format';

/*
 * The clock screen's script (the page is functions/http/clock-screen.ts). It reads the public clock GET
 * next to the page (`./clock`) every few seconds with If-None-Match and counts down between polls on the
 * server's time. While the live socket (functions/live) is up it reads the clock when an event arrives
 * instead, and polls only every 30 s; when the socket drops it polls every few seconds again and
 * reconnects with backoff. The offset between the server's `clock.now` and the browser's monotonic clock
 * comes from the answer with the shortest round trip, so the display neither drifts nor follows a wrong
 * wall clock on the TV. Built for ES2017, for any TV browser.
 */

type State = output<typeof ClockState>;
type Clock = State['clock'];
type Level = Clock['current'];

const T = readData<ScreenLabels>(DATA_BLOCKS.labels);
const LIVE = readData<ScreenLive>(DATA_BLOCKS.live);
const POLL_MS = 3000;
const LIVE_POLL_MS = 30000;
const GONE_POLL_MS = 15000;
const OFFLINE_AFTER_MS = 15000;
const RESYNC_EVERY = 20;
// API Gateway closes a socket idle for 10 minutes.
const PING_MS = 540000;

let socket: WebSocket | null = null;
let liveUp = false;
let retryMs = 1000;
let data: State | null = null;
let etag: string | null = null;
let polls = 0;
let timer = 0;
let lastOk = performance.now();
let lastPollAt = 0;
let gone = false;
const samples: { offset: number; rtt: number }[] = [];
const shown: Record<string, string> = {};

// Long figures (six-digit blinds, hours on the clock) shrink to fit rather than spill or cut.
const FIT = ['time', 'blinds', 'level', 'break', 'players', 'entries', 'avg', 'chips', 'stack', 'rebuys', 'addOns'].concat(
  ['next', 'up1', 'up2'].reduce<string[]>((ids, id) => ids.concat([id, `${id}Name`, `${id}Ante`]), []),
);
// Prizes and the announcement wrap, and shrink to this before the prizes page.
const MIN_TEXT_PX = 14;
const PRIZE_PAGE_MS = 8000;
const prizePager = pager(byId('prizes'), PRIZE_PAGE_MS);
const timeOfDay = new Intl.DateTimeFormat(document.documentElement.lang, { hour: 'numeric', minute: '2-digit' });

function set(id: string, text: string): void {
  const before = shown[id];
  if (before === text) return;
  const refit = FIT.indexOf(id) >= 0 && (before === undefined || before.length !== text.length);
  shown[id] = text;
  const el = byId(id);
  el.textContent = text;
  if (refit) fitWidth(el);
}
const int = (n: number): string => groupDigits(n, T.sep);
const blinds = (l: Level): string => `${int(l.smallBlind)} / ${int(l.bigBlind)}`;
const levelName = (l: Level): string => (l.isBreak ? T.break : `${T.level} ${l.levelNumber}`);
const places = (p: { placeFrom: number; placeTo: number }): string =>
  p.placeFrom === p.placeTo ? String(p.placeFrom) : `${p.placeFrom}–${p.placeTo}`;

// Server time now: the sample with the shortest round trip fixes the offset to the monotonic clock.
function serverNow(): number {
  let best = samples[0]!;
  for (const s of samples) if (s.rtt < best.rtt) best = s;
  return performance.now() + best.offset;
}
const sinceView = (c: Clock): number => (c.status === 'running' ? serverNow() - Date.parse(c.now) : 0);
function timeLeft(c: Clock): number {
  if (c.status === 'running' && c.levelEndsAt) return Date.parse(c.levelEndsAt) - serverNow();
  return c.timeLeftMs;
}

function render(state: State): void {
  const c = state.clock;
  const b = state.board;
  const cur = c.current;
  const nx = c.next;
  document.body.className = (cur.isBreak ? 'brk ' : '') + (c.status === 'paused' ? 'paused' : '');
  if (b?.tournamentName) {
    set('tournament', b.tournamentName);
    document.title = b.tournamentName;
  }
  set('club', b?.clubName || '');
  if (b) showLogo(logoUrl(b.clubLogo));
  set('status', c.status === 'paused' ? T.paused : c.status === 'not_started' ? T.notStarted : c.status === 'finished' ? T.finished : '');
  set('level', cur.isBreak && c.breakNumber ? `${T.break} ${c.breakNumber}` : levelName(cur));
  set('blinds', cur.isBreak ? (nx ? `${T.next}: ${blinds(nx)}` : '') : blinds(cur));
  set('ante', !cur.isBreak && cur.ante > 0 ? `${T.ante} ${int(cur.ante)}` : '');
  // The next levels: from the board, or only the clock's next where a board is missing.
  const upcoming = b ? b.upcoming : nx ? [nx] : [];
  ['next', 'up1', 'up2'].forEach((id, i) => {
    const l = upcoming[i];
    set(`${id}Name`, l ? (l.isBreak ? `${Math.round(l.durationSec / 60)} ${T.minutes}` : levelName(l)) : '');
    set(id, l ? (l.isBreak ? T.break : blinds(l)) : i === 0 ? T.last : '');
    set(`${id}Ante`, l && !l.isBreak && l.ante > 0 ? `${T.ante} ${int(l.ante)}` : '');
  });
  set('entries', b === undefined ? '' : int(b.entries));
  set('players', b === undefined ? '' : int(b.playersLeft));
  set('avg', b?.averageStack === undefined || b.averageStack === null ? '–' : int(b.averageStack));
  set('chips', b === undefined ? '' : int(b.chipsInPlay));
  set('stack', b === undefined ? '' : int(b.startingStack));
  set('rebuys', b === undefined ? '' : int(b.rebuys));
  set('addOns', b === undefined ? '' : int(b.addOns));
  // The floor's line, then the colour-up ahead (R-CHIP-2) and the chip leader (R-CHIP-1), on one line.
  const cu = b?.colorUp;
  const cl = b?.chipLeader;
  const where = cl && cl.tableNumber !== null ? ` (${T.table} ${cl.tableNumber}, ${T.seat} ${cl.seat})` : '';
  const hfh = b?.handForHand?.on ? b.handForHand : null;
  const news = [
    hfh ? `${T.handForHand} ${hfh.hand}: ${T.tables} ${hfh.playing.map((p) => p.tableNumber).join(', ')}` : '',
    b?.announcement ?? '',
    cu ? `${T.colorUp} ${cu.levelNumber}: ${cu.denominations.map(int).join(', ')} ${T.chipsOff}` : '',
    cl ? `${T.chipLeader}: ${int(cl.chips)}${where}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  if (shown.news !== news) {
    shown.news = news;
    const el = byId('news');
    el.textContent = news;
    fitBox(el, MIN_TEXT_PX);
  }
  const prizes = b?.prizes ?? [];
  const key = prizes.map((p) => `${places(p)}\u0001${p.description}`).join('\u0002');
  if (shown.prizes !== key) {
    shown.prizes = key;
    const list = byId('prizes');
    while (list.firstChild) list.removeChild(list.firstChild);
    for (const p of prizes) {
      const li = document.createElement('li');
      const place = document.createElement('b');
      place.textContent = places(p);
      li.appendChild(place);
      li.appendChild(document.createTextNode(p.description));
      list.appendChild(li);
    }
    layoutPrizes();
  }
  tick();
}

/** The prizes at the largest size that fits, down to MIN_TEXT_PX; past that, a page at a time. */
function layoutPrizes(): void {
  const list = byId('prizes');
  for (let i = 0; i < list.children.length; i++) (list.children[i] as HTMLElement).hidden = false;
  fitBox(list, MIN_TEXT_PX);
  prizePager.layout();
}

function tick(): void {
  // The time of day on the server's clock (the TV's own may be wrong), in the TV's time zone.
  set('tod', timeOfDay.format(new Date(samples.length ? serverNow() : Date.now())));
  if (data && !gone) {
    const c = data.clock;
    const nb = data.board?.nextBreak;
    const left = timeLeft(c);
    set('time', duration(left));
    // On a break the big clock counts it down; this card shows the break after it.
    set('break', nb ? duration(nb.startsInMs - sinceView(c)) : T.noBreak);
    // The level has run out here: ask at once rather than at the next poll.
    if (c.status === 'running' && left <= 0 && performance.now() - lastPollAt > 700) pollSoon(0);
  }
  // An open socket is a connection: the page hears of every change without asking.
  if (liveUp) lastOk = performance.now();
  byId('conn').hidden = performance.now() - lastOk < OFFLINE_AFTER_MS;
}

const every = (): number => (liveUp ? LIVE_POLL_MS : POLL_MS);
function setLive(up: boolean): void {
  liveUp = up;
  document.documentElement.setAttribute('data-live', up ? 'on' : 'off');
}

// The live socket: anonymous, on the tournament's public topic. Each event makes the page read the
// clock at once; a drop falls back to polling and a new attempt after 1, 2, 4 ... 60 s.
function connect(): void {
  if (!window.WebSocket) return;
  const url = LIVE.url || `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v1/live`;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url, ['sport-poker.v1']);
  } catch {
    return;
  }
  socket = ws;
  ws.onopen = () => {
    ws.send(
      JSON.stringify({ action: 'subscribe', topics: [{ kind: 'tournament', clubId: LIVE.clubId, tournamentId: LIVE.tournamentId }] }),
    );
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
    } else if (f.type === 'event' && (!data || f.version !== data.version)) pollSoon(0);
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

function pollSoon(ms: number): void {
  clearTimeout(timer);
  timer = window.setTimeout(poll, ms);
}

function poll(): void {
  const headers: Record<string, string> = {};
  polls += 1;
  // Now and then a full answer, to refresh the time offset and the board's names.
  if (etag && polls % RESYNC_EVERY !== 0) headers['If-None-Match'] = etag;
  const t0 = performance.now();
  lastPollAt = t0;
  fetch('clock', { headers, cache: 'no-store', credentials: 'omit' })
    .then((res): number | Promise<number> => {
      const t1 = performance.now();
      if (res.status === 304) {
        lastOk = t1;
        return every();
      }
      if (res.status === 404) {
        lastOk = t1;
        gone = true;
        data = null;
        etag = null;
        document.body.className = 'gone';
        set('tournament', T.gone);
        set('status', '');
        return GONE_POLL_MS;
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json().then((body: State) => {
        samples.push({ offset: Date.parse(body.clock.now) - (t0 + t1) / 2, rtt: t1 - t0 });
        if (samples.length > 10) samples.shift();
        etag = res.headers.get('etag');
        data = body;
        gone = false;
        lastOk = t1;
        render(body);
        return every();
      });
    })
    .catch(() => every())
    .then((next) => pollSoon(next));
}

setInterval(() => {
  if (socket && liveUp) socket.send('{"action":"ping"}');
}, PING_MS);
window.addEventListener('resize', () => {
  for (const id of FIT) fitWidth(byId(id));
  fitBox(byId('news'), MIN_TEXT_PX);
  layoutPrizes();
});
set('time', T.loading);
setInterval(tick, 200);
setLive(false);
poll();
connect();
