import * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/clock';
import { defineRoute } from '../platform/route';
import { ALL_STAFF, clubPublicView } from '../platform/authorization';
import { publicRunningTournament } from './public-tournament';
import { DATA_BLOCKS, GROUP, LABELS, type ScreenLabels, type ScreenLive } from './screens/clock-page';
import type { ScreenTheme } from './screens/layout';
import { SCREEN_SCRIPTS, screenScript } from './screen-scripts';
import { dataBlock, esc, liveUrl, logoAttribute, screenLang, screenQueryShape, screenResponse, type ScreenLang } from './screen-page';

export { screenLang, type ScreenLang };

/*
 * The clock screen: an HTML page that a tournament director puts on a TV, with its script served by this
 * API too (no fonts, scripts or styles from elsewhere). The script (screens/clock.browser.ts) follows the
 * public clock GET next to the page (`./clock`) and the live socket. Its layout is the screens' shared
 * one (screens/layout.ts): the clock on the left, the field's figures and the next levels on the right,
 * the prizes under the clock and the floor's announcement across the bottom.
 */

const STYLE = `
body{grid-template-columns:minmax(0,1.55fr) minmax(0,1fr);grid-template-rows:auto minmax(0,1fr) minmax(0,.45fr) auto;
grid-template-areas:"head head" "clock side" "prizes side" "news news"}
.clock{grid-area:clock;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center}
.clock>div{width:100%;white-space:nowrap;overflow:hidden}
.level{font-size:4.4rem;font-size:min(11cqh,7cqw);font-weight:700;letter-spacing:.1rem;text-transform:uppercase;color:var(--accent)}
.time{font-size:13rem;font-size:min(38cqh,23cqw);font-weight:800;line-height:1.25;letter-spacing:-.2rem}
.blinds{font-size:6rem;font-size:min(17cqh,10cqw);font-weight:800}
.ante{font-size:3.4rem;font-size:min(9cqh,6cqw);color:var(--muted);min-height:1.15em}
.side{grid-area:side;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));grid-template-rows:repeat(4,minmax(0,1fr)) minmax(0,2.1fr);gap:1rem;min-height:0}
.card{display:flex;flex-direction:column;justify-content:center;gap:.2rem}
.card .k{font-size:1.5rem;font-size:min(20cqh,7.2cqw)}
.v{font-size:3.2rem;font-size:min(46cqh,15cqw);font-weight:700;white-space:nowrap;overflow:hidden}
.levels{grid-column:1/-1;display:flex;flex-direction:column;gap:.4rem}
.levels .k{font-size:1.5rem;font-size:min(11cqh,3.6cqw)}
.levels ol{list-style:none;flex:1;display:grid;grid-template-rows:repeat(3,minmax(0,1fr));min-height:0}
.levels li{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.7fr) minmax(0,1fr);gap:1rem;align-items:center;border-top:.1rem solid var(--line);
font-size:2.2rem;font-size:min(17cqh,5.4cqw);white-space:nowrap}
.levels li>span{overflow:hidden}
.levels .lb{font-weight:700}
.levels .ln,.levels .la{color:var(--muted)}
.levels .la{text-align:right}
.prizes{grid-area:prizes;display:flex;flex-direction:column;gap:.4rem}
.prizes .k{font-size:1.5rem;font-size:min(14cqh,2.6cqw)}
.prizes ol{list-style:none;flex:1;min-height:0;overflow:hidden;display:flex;flex-wrap:wrap;align-content:flex-start;gap:.5rem 1.2rem;font-size:2rem;font-size:min(20cqh,3.2cqw)}
.prizes li{max-width:100%;overflow-wrap:anywhere}
.prizes li[hidden]{display:none}
.prizes li b{color:var(--hot);margin-right:.5em}
.news{grid-area:news;font-size:2.2rem;font-weight:600;color:var(--hot);padding:.6rem 1.4rem;overflow-wrap:anywhere;max-height:7rem;container-type:normal}
.news:empty{display:none}
.paused .time{color:var(--hot)}
.brk .clock{background:var(--brk)}
.brk .level,.brk .blinds{color:var(--brk-ink)}
.brk .blinds{font-size:3.4rem;font-size:min(10cqh,5cqw)}
.gone .clock,.gone .side,.gone .prizes,.gone .news{visibility:hidden}
`;

const SCREEN_PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}/screen';
/** The script's URL relative to the page, like the clock GET's: it resolves under any stage prefix. */
const SCRIPT_SRC = '../'.repeat(SCREEN_PATH.split('/').length - 2) + SCREEN_SCRIPTS.clock.path.slice(1);

/** The page; the tournament's name only fills the title until the first answer. */
export function renderScreen(
  lang: ScreenLang,
  tournamentName: string,
  live: ScreenLive = { url: null, clubId: '', tournamentId: '' },
  theme?: ScreenTheme,
) {
  const t = LABELS[lang];
  const labels: ScreenLabels = { ...t, sep: GROUP[lang] };
  const card = (id: string, label: string) =>
    `<div class="card panel"><div class="k">${esc(label)}</div><div id="${id}" class="v"></div></div>`;
  const row = (id: string) =>
    `<li><span id="${id}Name" class="ln"></span><span id="${id}" class="lb"></span><span id="${id}Ante" class="la"></span></li>`;
  const body =
    `<header ${logoAttribute(SCREEN_PATH)}><div id="club" class="club"></div><div id="tournament" class="tn">${esc(tournamentName)}</div><div id="status" class="status"></div><div id="tod" class="tod"></div></header>` +
    `<section class="clock panel"><div id="level" class="level"></div><div id="time" class="time"></div><div id="blinds" class="blinds"></div><div id="ante" class="ante"></div></section>` +
    `<section class="side">${card('break', t.nextBreak)}${card('players', t.players)}${card('entries', t.entries)}${card('avg', t.avg)}` +
    `${card('chips', t.chips)}${card('stack', t.stack)}${card('rebuys', t.rebuys)}${card('addOns', t.addOns)}` +
    `<div class="levels panel"><div class="k">${esc(t.upcoming)}</div><ol>${row('next')}${row('up1')}${row('up2')}</ol></div></section>` +
    `<section class="prizes panel"><div class="k">${esc(t.prizes)}</div><ol id="prizes"></ol></section>` +
    `<section id="news" class="news panel"></section><div id="conn" class="conn" hidden>${esc(t.offline)}</div>` +
    `${dataBlock(DATA_BLOCKS.labels, labels)}${dataBlock(DATA_BLOCKS.live, live)}<script src="${SCRIPT_SRC}"></script>`;
  return { lang, theme, title: tournamentName, style: STYLE, bodyClass: '', body };
}

const ScreenQuery = z.strictObject(screenQueryShape);

export const clockScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClockScreen',
  method: 'GET',
  head: true,
  path: SCREEN_PATH,
  // The TV page reads the public clock: the clock's rule.
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  summary:
    'The clock screen for a TV: one offline HTML page that follows the public clock GET (level, time left, blinds, the next levels and break, the field, chips in play, rebuys and add-ons, prizes, the floor’s announcement, the time of day). Public while the tournament runs, like the clock',
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
    // The same rule as the clock GET the page reads.
    const state = await publicRunningTournament(req);
    const lang = screenLang(req.query.lang, req.headers['accept-language']);
    const shell = renderScreen(lang, state.settings.name, { url: liveUrl(), clubId, tournamentId }, req.query.theme);
    return screenResponse(shell, { script: true, live: liveUrl() });
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
