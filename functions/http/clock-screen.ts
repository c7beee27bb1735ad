import { createHash } from 'node:crypto';
import * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/clock';
import { defineRoute } from '../platform/route';
import { ALL_STAFF, clubPublicView } from '../platform/authorization';
import { problem } from '../platform/problem';
import { loadTournament } from '../store/tournament-store';
import { tournamentHidden } from '../../domain/moderation/content';
import { DATA_BLOCKS, GROUP, LABELS, type ScreenLang, type ScreenLabels, type ScreenLive } from './screens/clock-page';
import { SCREEN_SCRIPTS, screenScript } from './screen-scripts';

export type { ScreenLang };

/*
 * The clock screen: an HTML page that a tournament director puts on a TV, with its script served by this
 * API too (no fonts, scripts or styles from elsewhere). The script (screens/clock.browser.ts) follows the
 * public clock GET next to the page (`./clock`) and the live socket.
 */

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

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The live socket's URL where it is not on the page's own origin (API Gateway's WebSocket API in AWS). */
const liveUrl = (): string | null => process.env.LIVE_URL || null;

/**
 * Only the script this API serves and the page's own inline style, and requests to its own origin (the
 * clock GET, and the live socket locally) or to the live API.
 */
const cspFor = (live: string | null) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${sha256(STYLE)}`,
    `connect-src 'self'${live ? ` ${live}` : ''}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const SCREEN_PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}/screen';
/** The script's URL relative to the page, like the clock GET's: it resolves under any stage prefix. */
const SCRIPT_SRC = '../'.repeat(SCREEN_PATH.split('/').length - 2) + SCREEN_SCRIPTS.clock.path.slice(1);

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page; the tournament's name only fills the title until the first answer. */
export function renderScreen(
  lang: ScreenLang,
  tournamentName: string,
  live: ScreenLive = { url: null, clubId: '', tournamentId: '' },
): string {
  const t = LABELS[lang];
  const labels: ScreenLabels = { ...t, sep: GROUP[lang] };
  // A data block is not executed, so it needs no place in the CSP; "<" is escaped so it cannot end the block.
  const data = (id: string, value: unknown) =>
    `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
  const card = (id: string, label: string, extra = '') =>
    `<div class="card"><div class="k">${esc(label)}</div><div id="${id}" class="v"></div>${extra}</div>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(tournamentName)}</title><style>${STYLE}</style></head>
<body><header><div id="club" class="club"></div><div id="tournament" class="tn">${esc(tournamentName)}</div><div id="status" class="status"></div></header>
<main><section class="clock"><div id="level" class="level"></div><div id="time" class="time"></div><div id="blinds" class="blinds"></div><div id="ante" class="ante"></div></section>
<aside>${card('next', t.next, '<div id="nextAnte" class="ka"></div>')}${card('break', t.nextBreak)}${card('entries', t.entries)}${card('players', t.players)}${card('avg', t.avg)}</aside></main>
<footer><div class="k">${esc(t.prizes)}</div><ol id="prizes"></ol></footer><div id="conn" class="conn" hidden>${esc(t.offline)}</div>
${data(DATA_BLOCKS.labels, labels)}${data(DATA_BLOCKS.live, live)}<script src="${SCRIPT_SRC}"></script></body></html>`;
}

const ScreenQuery = z.strictObject({
  lang: z.enum(['ru', 'en']).optional().openapi({ description: "the labels' language; default from Accept-Language, else English" }),
});

export const clockScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClockScreen',
  method: 'GET',
  head: true,
  path: SCREEN_PATH,
  // The TV page reads the public clock: the clock's rule.
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  summary:
    'The clock screen for a TV: one offline HTML page that follows the public clock GET (level, time left, blinds, next level and break, the field, prizes). Public while the tournament runs, like the clock',
  tags: ['Clock'],
  params: TournamentParams,
  query: ScreenQuery,
  responses: {
    200: {
      description: 'The page, with a Content-Security-Policy that allows only the script of getClockScreenScript and its own inline style',
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

export const clockScreenScriptRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClockScreenScript',
  method: 'GET',
  head: true,
  path: SCREEN_SCRIPTS.clock.path,
  access: { kind: 'public' },
  summary: 'The script of the clock screen (getClockScreen), from the same origin as the page',
  tags: ['Clock'],
  responses: { 200: { description: 'JavaScript', contentType: 'text/javascript', schema: z.string() } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: await screenScript('clock'),
    // Asked for again with every page load, so a page and its script are of one release.
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' },
  }),
});
