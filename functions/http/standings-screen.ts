import { createHash } from 'node:crypto';
import * as z from '../../schemas/zod';
import { LeagueParams } from '../../schemas/leagues';
import { LeagueBoard } from '../../schemas/league-board';
import { MAX_SEATING_PAGE_SECONDS, MIN_SEATING_PAGE_SECONDS } from '../../schemas/limits';
import { noneMatch } from '../platform/conditional';
import { defineRoute, type RouteRequest } from '../platform/route';
import { ALL_STAFF, clubPublicView } from '../platform/authorization';
import { clubIsPublic, getLeagueAs, leagueNotFound } from '../app/season/leagues';
import { leagueBoard } from '../app/season/standings-board';
import { STANDINGS_BLOCKS, STANDINGS_LABELS, type StandingsOptions } from './screens/standings-page';
import { SCREEN_SCRIPTS } from './screen-scripts';
import {
  dataBlock,
  esc,
  logoAttribute,
  screenLang,
  screenQueryShape,
  screenResponse,
  type ScreenLang,
  type ScreenTheme,
} from './screen-page';

/*
 * The league standings screen: the season's table on a TV, in ranking order, paged when it does not fit.
 * Public where the league's standings are (an active club), with no token. A league has no live topic:
 * the page polls its board GET (`./standings-board`) with If-None-Match, whose ETag is a digest of the
 * answer (the standings change with finishes, which do not touch the league's own version).
 */

const LEAGUE_PATH = '/v1/clubs/{clubId}/leagues/{leagueId}';
const SCREEN_PATH = `${LEAGUE_PATH}/standings-screen`;
const SCRIPT_SRC = '../'.repeat(SCREEN_PATH.split('/').length - 2) + SCREEN_SCRIPTS.standings.path.slice(1);

/** The rows the screen shows: the top of the table (the standings GET and its CSV have the rest). */
export const LEAGUE_BOARD_ROWS = 100;
/** Seconds a page of the table stands by default; `?every=` is bounded as the seating board's. */
export const STANDINGS_PAGE_SECONDS = 12;

async function publicLeague(req: RouteRequest<{ clubId: string; leagueId: string }, unknown, unknown>): Promise<void> {
  if (!req.club && !(await clubIsPublic(req.params.clubId))) throw leagueNotFound();
}

const STYLE = `
body{grid-template-columns:minmax(0,1fr);grid-template-rows:auto minmax(0,1fr) auto;grid-template-areas:"head" "list" "foot"}
.tn{font-size:2.4rem}
.list{grid-area:list;display:flex;flex-direction:column;gap:.4rem;padding:.8rem 1.6rem}
.heads,.board li{display:grid;grid-template-columns:3.4em minmax(0,1fr) 4.6em 4.4em 5.4em;gap:.7em;align-items:baseline}
.heads span{font-size:1.5rem;color:var(--muted);text-transform:uppercase;letter-spacing:.06rem;overflow-wrap:anywhere}
.heads span:nth-child(n+3),.board li>:nth-child(n+3){text-align:right}
.heads{font-size:2rem}
.board{list-style:none;flex:1;min-height:0;overflow:hidden}
.board li{font-size:2rem;padding:.3rem 0;border-top:.1rem solid var(--line)}
.board li[hidden]{display:none}
.board .p{color:var(--hot)}
.board .n{overflow-wrap:anywhere}
.board .pt{font-weight:800}
.board .nq{color:var(--muted)}
.empty{font-size:2.4rem;color:var(--muted)}
.empty:empty{display:none}
.foot{grid-area:foot;font-size:1.8rem;color:var(--muted);overflow-wrap:anywhere}
.gone .list,.gone .foot{visibility:hidden}
`;

function renderStandingsScreen(lang: ScreenLang, leagueName: string, options: StandingsOptions, theme: ScreenTheme | undefined) {
  const t = STANDINGS_LABELS[lang];
  // The header's font size sets the em of its columns, as the rows' does theirs: both line up.
  const head = [t.place, t.player, t.played, t.wins, t.points].map((l) => `<span>${esc(l)}</span>`).join('');
  const body =
    `<header ${logoAttribute(SCREEN_PATH)}><div id="club" class="club"></div><div id="league" class="tn">${esc(leagueName)}</div>` +
    `<div class="status">${esc(t.title)}</div><div id="pageNo" class="tod"></div></header>` +
    `<section class="list panel"><div class="heads">${head}</div><div id="empty" class="empty">${esc(t.loading)}</div><ol id="board" class="board"></ol></section>` +
    `<div id="players" class="foot"></div>` +
    `<div id="conn" class="conn" hidden>${esc(t.offline)}</div>` +
    `${dataBlock(STANDINGS_BLOCKS.labels, t)}${dataBlock(STANDINGS_BLOCKS.options, options)}` +
    `<script src="${SCRIPT_SRC}"></script>`;
  return { lang, theme, title: leagueName, style: STYLE, bodyClass: '', body };
}

export const leagueBoardRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getLeagueBoard',
  method: 'GET',
  etag: true,
  path: `${LEAGUE_PATH}/standings-board`,
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  summary: `The top ${LEAGUE_BOARD_ROWS} of a league's table with the players' display names: the standings screen's data. Public, like the standings`,
  tags: ['Leagues'],
  params: LeagueParams,
  responses: {
    200: { description: 'The top of the table', schema: LeagueBoard },
    304: { description: 'If-None-Match names the current answer' },
  },
  handle: async (req) => {
    await publicLeague(req);
    const { clubId, leagueId } = req.params;
    const body = await leagueBoard(clubId, leagueId, { limit: LEAGUE_BOARD_ROWS, publicView: req.club === undefined, now: req.now });
    const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
    const headers = { 'cache-control': 'no-store', etag };
    if (noneMatch(req.headers['if-none-match'], etag)) return { status: 304, headers };
    return { status: 200, body, headers };
  },
});

const StandingsScreenQuery = z.strictObject({
  ...screenQueryShape,
  every: z.coerce
    .number()
    .int()
    .min(MIN_SEATING_PAGE_SECONDS)
    .max(MAX_SEATING_PAGE_SECONDS)
    .optional()
    .openapi({ description: `seconds each page of a long table stands (default ${STANDINGS_PAGE_SECONDS})` }),
});

export const standingsScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getLeagueStandingsScreen',
  method: 'GET',
  head: true,
  path: SCREEN_PATH,
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  summary:
    'The league standings for a TV: the table in ranking order, paged when it does not fit, polling getLeagueBoard with If-None-Match. Public, like the standings',
  tags: ['Leagues'],
  params: LeagueParams,
  query: StandingsScreenQuery,
  responses: {
    200: {
      description:
        'The page, with a Content-Security-Policy that allows only the script of getStandingsScreenScript and its own inline style',
      contentType: 'text/html',
      schema: z.string(),
    },
  },
  handle: async (req) => {
    await publicLeague(req);
    const { clubId, leagueId } = req.params;
    // A league whose name is held for review (R-MONEY-2) is not public.
    const league = await getLeagueAs(clubId, leagueId, req.club === undefined);
    const lang = screenLang(req.query.lang, req.headers['accept-language']);
    const shell = renderStandingsScreen(lang, league.name, { pageSeconds: req.query.every ?? STANDINGS_PAGE_SECONDS }, req.query.theme);
    return screenResponse(shell, { script: true, live: null });
  },
});

/** The page and its data: in the season group, with the leagues they read. */
export const standingsScreenRoutes = [leagueBoardRoute, standingsScreenRoute];
