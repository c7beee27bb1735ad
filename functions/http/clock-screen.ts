import { createHash } from 'node:crypto';
import * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/clock';
import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import { loadTournament } from '../store/tournament-store';
import { tournamentHidden } from '../../domain/moderation/content';

/*
 * The clock screen: one self-contained HTML answer (no fonts, scripts or styles from elsewhere) that a
 * tournament director puts on a TV. It reads the public clock GET next to it (`./clock`) every few
 * seconds with If-None-Match, and counts down between polls on the server's time. While the live socket
 * (functions/live) is up it reads the clock when an event arrives instead, and polls only every 30 s; when
 * the socket drops it polls every few seconds again and reconnects with backoff. The offset between
 * the server's `clock.now` and the browser's monotonic clock comes from the answer with the shortest
 * round trip, so the display neither drifts nor follows a wrong wall clock on the TV.
 */

export type ScreenLang = 'ru' | 'en';

const LABELS = {
  en: {
    level: 'Level',
    break: 'Break',
    blinds: 'Blinds',
    ante: 'Ante',
    next: 'Next level',
    nextBreak: 'Next break',
    entries: 'Entries',
    players: 'Players left',
    avg: 'Average stack',
    prizes: 'Prizes',
    paused: 'Paused',
    notStarted: 'Not started',
    finished: 'Last level over',
    last: 'Last level',
    noBreak: 'None left',
    place: 'Place',
    offline: 'No connection: showing the last known clock',
    gone: 'This tournament is not on the public clock',
    loading: 'Loading…',
  },
  ru: {
    level: 'Уровень',
    break: 'Перерыв',
    blinds: 'Блайнды',
    ante: 'Анте',
    next: 'Следующий уровень',
    nextBreak: 'До перерыва',
    entries: 'Входы',
    players: 'Осталось игроков',
    avg: 'Средний стек',
    prizes: 'Призы',
    paused: 'Пауза',
    notStarted: 'Не начат',
    finished: 'Последний уровень окончен',
    last: 'Последний уровень',
    noBreak: 'Больше нет',
    place: 'Место',
    offline: 'Нет связи: показаны последние данные',
    gone: 'Этого турнира нет на публичных часах',
    loading: 'Загрузка…',
  },
} satisfies Record<ScreenLang, Record<string, string>>;

/** Digit group separators: a thin no-break space in Russian, a comma in English. */
const GROUP = { ru: '\u202f', en: ',' } satisfies Record<ScreenLang, string>;

/** `?lang` wins; else the first of ru/en in Accept-Language by weight; else English. */
export function screenLang(query: string | undefined, acceptLanguage: string | undefined): ScreenLang {
  if (query === 'ru' || query === 'en') return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

// Sized in rem where 1rem is 1% of a 16:9 screen's width, so 1920x1080 and 1280x720 look the same.
const STYLE = `
html{font-size:min(1vw,1.7778vh)}
*{box-sizing:border-box;margin:0;padding:0}
body{height:100vh;overflow:hidden;display:grid;grid-template-rows:auto 1fr auto;gap:1.2rem;padding:1.6rem 2.2rem;
background:#0c1f17;color:#f4f1e8;font-family:system-ui,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;font-variant-numeric:tabular-nums}
header{display:flex;align-items:baseline;gap:2rem;border-bottom:.15rem solid #2f5d46;padding-bottom:.8rem}
.club{font-size:2.4rem;color:#c9b26b;white-space:nowrap}
.tn{font-size:2.8rem;font-weight:700;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.status{font-size:2.4rem;font-weight:700;color:#0c1f17;background:#f5c542;border-radius:.6rem;padding:.2rem 1.2rem}
.status:empty{display:none}
main{display:grid;grid-template-columns:minmax(0,2.1fr) minmax(0,1fr);gap:2rem;min-height:0}
.clock{display:flex;flex-direction:column;align-items:center;justify-content:center;background:#10291f;border-radius:1.2rem;min-height:0}
.clock>div{width:100%;padding:0 2rem;text-align:center;white-space:nowrap;overflow:hidden}
.level{font-size:4.6rem;font-weight:700;letter-spacing:.1rem;text-transform:uppercase;color:#c9b26b}
.time{font-size:17rem;font-weight:800;line-height:1;letter-spacing:-.2rem}
.blinds{font-size:7.4rem;font-weight:800;line-height:1.15}
.ante{font-size:3.6rem;color:#c9d6cf;min-height:4.4rem}
.k{font-size:1.8rem;color:#9fb8ab;text-transform:uppercase;letter-spacing:.08rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
aside{display:grid;grid-template-rows:1.3fr repeat(4,1fr);gap:1rem;min-height:0}
.card{background:#10291f;border-radius:1rem;padding:.8rem 1.4rem;display:flex;flex-direction:column;justify-content:center;min-height:0;min-width:0}
.ka{font-size:2.2rem;color:#f5c542;white-space:nowrap}
.ka:empty{display:none}
.v{font-size:3.6rem;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
footer{display:flex;align-items:center;gap:1.6rem;min-height:5rem;overflow:hidden}
footer ol{list-style:none;display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;max-height:8rem;overflow:hidden}
footer li{font-size:2.2rem;background:#10291f;border-radius:.6rem;padding:.3rem 1rem;white-space:nowrap}
footer li b{color:#f5c542;margin-right:.6rem}
.paused .time{color:#f5c542}
.brk .clock{background:#1d3a5c}
.brk .level{color:#9fd0ff}
.brk .blinds{font-size:3.4rem;color:#9fd0ff;text-align:center}
.gone main,.gone footer{visibility:hidden}
.conn{position:fixed;left:0;right:0;bottom:0;background:#a33;color:#fff;font-size:2rem;text-align:center;padding:.4rem}
.conn[hidden]{display:none}
`;

// Plain ES2017 for any TV browser; no backticks or template placeholders (this is a template literal).
const SCRIPT = `
(function () {
  'use strict';
  var T = JSON.parse(document.getElementById('i18n').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var POLL_MS = 3000, LIVE_POLL_MS = 30000, GONE_POLL_MS = 15000, OFFLINE_AFTER_MS = 15000, RESYNC_EVERY = 20;
  var PING_MS = 540000, LIVE = JSON.parse(document.getElementById('live').textContent);
  var socket = null, liveUp = false, retryMs = 1000;
  var data = null, etag = null, polls = 0, timer = 0, lastOk = performance.now(), lastPollAt = 0, gone = false;
  var samples = [];
  var shown = {};

  // Long figures (six-digit blinds, hours on the clock) shrink to fit rather than spill or cut.
  var FIT = { time: 1, blinds: 1, level: 1, next: 1, tournament: 1 };
  function fit(el) {
    el.style.fontSize = '';
    var size = parseFloat(getComputedStyle(el).fontSize);
    while (el.scrollWidth > el.clientWidth + 1 && size > 8) { size *= 0.92; el.style.fontSize = size + 'px'; }
  }
  function set(id, text) {
    if (shown[id] === text) return;
    var refit = FIT[id] && (shown[id] === undefined || shown[id].length !== text.length);
    shown[id] = text;
    $(id).textContent = text;
    if (refit) fit($(id));
  }
  function int(n) {
    var s = String(Math.abs(n)), out = '';
    while (s.length > 3) { out = T.sep + s.slice(-3) + out; s = s.slice(0, -3); }
    return (n < 0 ? '-' : '') + s + out;
  }
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function dur(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ':' : '') + two(m) + ':' + two(s % 60);
  }
  function blinds(l) { return int(l.smallBlind) + ' / ' + int(l.bigBlind); }
  function levelName(l) { return l.isBreak ? T.break : T.level + ' ' + l.levelNumber; }

  // Server time now: the sample with the shortest round trip fixes the offset to the monotonic clock.
  function serverNow() {
    var best = samples[0];
    for (var i = 1; i < samples.length; i++) if (samples[i].rtt < best.rtt) best = samples[i];
    return performance.now() + best.offset;
  }
  function sinceView(c) { return c.status === 'running' ? serverNow() - Date.parse(c.now) : 0; }
  function timeLeft(c) {
    if (c.status === 'running' && c.levelEndsAt) return Date.parse(c.levelEndsAt) - serverNow();
    return c.timeLeftMs;
  }

  function render() {
    var c = data.clock, b = data.board || {}, cur = c.current, nx = c.next;
    document.body.className = (cur.isBreak ? 'brk ' : '') + (c.status === 'paused' ? 'paused' : '');
    if (b.tournamentName) { set('tournament', b.tournamentName); document.title = b.tournamentName; }
    set('club', b.clubName || '');
    set('status', c.status === 'paused' ? T.paused : c.status === 'not_started' ? T.notStarted : c.status === 'finished' ? T.finished : '');
    set('level', cur.isBreak && c.breakNumber ? T.break + ' ' + c.breakNumber : levelName(cur));
    set('blinds', cur.isBreak ? (nx ? T.next + ': ' + blinds(nx) : '') : blinds(cur));
    set('ante', !cur.isBreak && cur.ante > 0 ? T.ante + ' ' + int(cur.ante) : '');
    set('next', nx ? (nx.isBreak ? T.break : blinds(nx)) : T.last);
    set('nextAnte', nx && !nx.isBreak && nx.ante > 0 ? T.ante + ' ' + int(nx.ante) : '');
    set('entries', b.entries === undefined ? '' : int(b.entries));
    set('players', b.playersLeft === undefined ? '' : int(b.playersLeft));
    set('avg', b.averageStack === undefined || b.averageStack === null ? '–' : int(b.averageStack));
    var prizes = (b.prizes || []).map(function (p) {
      return (p.placeFrom === p.placeTo ? p.placeFrom : p.placeFrom + '–' + p.placeTo) + '\\u0001' + p.description;
    }).join('\\u0002');
    if (shown.prizes !== prizes) {
      shown.prizes = prizes;
      var list = $('prizes');
      while (list.firstChild) list.removeChild(list.firstChild);
      (b.prizes || []).forEach(function (p) {
        var li = document.createElement('li'), place = document.createElement('b');
        place.textContent = p.placeFrom === p.placeTo ? String(p.placeFrom) : p.placeFrom + '–' + p.placeTo;
        li.appendChild(place);
        li.appendChild(document.createTextNode(p.description));
        list.appendChild(li);
      });
    }
    tick();
  }

  function tick() {
    if (data && !gone) {
      var c = data.clock, nb = data.board && data.board.nextBreak, left = timeLeft(c);
      set('time', dur(left));
      // On a break the big clock counts it down; this card shows the break after it.
      set('break', nb ? dur(nb.startsInMs - sinceView(c)) : T.noBreak);
      // The level has run out here: ask at once rather than at the next poll.
      if (c.status === 'running' && left <= 0 && performance.now() - lastPollAt > 700) pollSoon(0);
    }
    // An open socket is a connection: the page hears of every change without asking.
    if (liveUp) lastOk = performance.now();
    $('conn').hidden = performance.now() - lastOk < OFFLINE_AFTER_MS;
  }

  function every() { return liveUp ? LIVE_POLL_MS : POLL_MS; }
  function setLive(up) {
    liveUp = up;
    document.documentElement.setAttribute('data-live', up ? 'on' : 'off');
  }
  // The live socket: anonymous, on the tournament's public topic. Each event makes the page read the
  // clock at once; a drop falls back to polling and a new attempt after 1, 2, 4 ... 60 s.
  function connect() {
    if (!window.WebSocket) return;
    var url = LIVE.url || ((location.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + location.host + '/v1/live');
    try { socket = new WebSocket(url, ['sport-poker.v1']); } catch (e) { return; }
    socket.onopen = function () {
      socket.send(JSON.stringify({ action: 'subscribe', topics: [{ kind: 'tournament', clubId: LIVE.clubId, tournamentId: LIVE.tournamentId }] }));
    };
    socket.onmessage = function (m) {
      var f;
      try { f = JSON.parse(m.data); } catch (e) { return; }
      // Subscribed: read once to catch up on what happened while the socket was down.
      if (f.type === 'subscribed') { setLive(true); retryMs = 1000; pollSoon(0); }
      else if (f.type === 'event' && (!data || f.version !== data.version)) pollSoon(0);
    };
    socket.onclose = function () {
      var was = liveUp;
      socket = null;
      setLive(false);
      if (was) pollSoon(0);
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 60000);
    };
  }
  // API Gateway closes a socket idle for 10 minutes.
  setInterval(function () { if (socket && liveUp) socket.send('{"action":"ping"}'); }, PING_MS);

  function pollSoon(ms) { clearTimeout(timer); timer = setTimeout(poll, ms); }
  function poll() {
    var headers = {};
    polls += 1;
    // Now and then a full answer, to refresh the time offset and the board's names.
    if (etag && polls % RESYNC_EVERY !== 0) headers['If-None-Match'] = etag;
    var t0 = performance.now();
    lastPollAt = t0;
    fetch('clock', { headers: headers, cache: 'no-store', credentials: 'omit' }).then(function (res) {
      var t1 = performance.now();
      if (res.status === 304) { lastOk = t1; return every(); }
      if (res.status === 404) {
        lastOk = t1; gone = true; data = null; etag = null;
        document.body.className = 'gone'; set('tournament', T.gone); set('status', '');
        return GONE_POLL_MS;
      }
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json().then(function (body) {
        samples.push({ offset: Date.parse(body.clock.now) - (t0 + t1) / 2, rtt: t1 - t0 });
        if (samples.length > 10) samples.shift();
        etag = res.headers.get('etag');
        data = body; gone = false; lastOk = t1;
        render();
        return every();
      });
    }).catch(function () { return every(); }).then(function (next) { pollSoon(next); });
  }

  window.addEventListener('resize', function () { Object.keys(FIT).forEach(function (id) { fit($(id)); }); });
  set('time', T.loading);
  setInterval(tick, 200);
  setLive(false);
  poll();
  connect();
})();
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The live socket's URL where it is not on the page's own origin (API Gateway's WebSocket API in AWS). */
const liveUrl = (): string | null => process.env.LIVE_URL || null;

/**
 * Only the page's own inline script and style, and requests to its own origin (the clock GET, and the
 * live socket locally) or to the live API.
 */
const cspFor = (live: string | null) => [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  `connect-src 'self'${live ? ` ${live}` : ''}`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page; the tournament's name only fills the title until the first answer. */
export function renderScreen(lang: ScreenLang, tournamentName: string, live: { url: string | null; clubId: string; tournamentId: string } = { url: null, clubId: '', tournamentId: '' }): string {
  const t = LABELS[lang];
  // A data block is not executed, so it needs no place in the CSP; "<" is escaped so it cannot end the block.
  const i18n = JSON.stringify({ ...t, sep: GROUP[lang] }).replace(/</g, '\\u003c');
  const card = (id: string, label: string, extra = '') => `<div class="card"><div class="k">${esc(label)}</div><div id="${id}" class="v"></div>${extra}</div>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(tournamentName)}</title><style>${STYLE}</style></head>
<body><header><div id="club" class="club"></div><div id="tournament" class="tn">${esc(tournamentName)}</div><div id="status" class="status"></div></header>
<main><section class="clock"><div id="level" class="level"></div><div id="time" class="time"></div><div id="blinds" class="blinds"></div><div id="ante" class="ante"></div></section>
<aside>${card('next', t.next, '<div id="nextAnte" class="ka"></div>')}${card('break', t.nextBreak)}${card('entries', t.entries)}${card('players', t.players)}${card('avg', t.avg)}</aside></main>
<footer><div class="k">${esc(t.prizes)}</div><ol id="prizes"></ol></footer><div id="conn" class="conn" hidden>${esc(t.offline)}</div>
<script type="application/json" id="i18n">${i18n}</script><script type="application/json" id="live">${JSON.stringify(live).replace(/</g, '\\u003c')}</script><script>${SCRIPT}</script></body></html>`;
}

const ScreenQuery = z.strictObject({
  lang: z.enum(['ru', 'en']).optional().openapi({ description: "the labels' language; default from Accept-Language, else English" }),
});

export const clockScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClockScreen',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/screen',
  summary:
    "The clock screen for a TV: one offline HTML page that follows the public clock GET (level, time left, blinds, next level and break, the field, prizes). Public while the tournament runs, like the clock",
  tags: ['Clock'],
  params: TournamentParams,
  query: ScreenQuery,
  responses: {
    200: {
      description: 'The page, with a Content-Security-Policy that allows only its own inline script and style',
      contentType: 'text/html',
      schema: z.string(),
    },
  },
  handle: async (req) => {
    const { clubId, tournamentId } = req.params;
    // The same rule as the clock GET the page reads: outsiders see a running tournament only.
    const loaded = await loadTournament(clubId, tournamentId, { consistent: req.club !== undefined });
    if (!req.club && (loaded?.state.status !== 'running' || tournamentHidden(loaded.state.contentModeration))) {
      throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
    }
    if (!loaded) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    const lang = screenLang(req.query.lang, req.headers['accept-language']);
    return {
      status: 200,
      raw: true,
      body: renderScreen(lang, loaded.state.settings.name, { url: liveUrl(), clubId, tournamentId }),
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': cspFor(liveUrl()),
        'cache-control': 'no-store',
        vary: 'Accept-Language',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      },
    };
  },
});
