import QRCode from 'qrcode';
import * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/clock';
import { SeatingBoard } from '../../schemas/seating-board';
import { MAX_SEATING_PAGE_SECONDS, MIN_SEATING_PAGE_SECONDS } from '../../schemas/limits';
import { defineRoute } from '../platform/route';
import { ALL_STAFF, clubPublicView } from '../platform/authorization';
import { publicRunningTournament, tournamentViewEtag } from './public-tournament';
import { seatingBoard } from '../app/tournaments/seating-board';
import { clubBadgeOf, freshClubBadge } from '../app/club-badge';
import { noneMatch, noneMatchPrefix } from '../platform/conditional';
import { SEATING_BLOCKS, SEATING_LABELS, type SeatingOptions } from './screens/seating-page';
import type { ScreenLive } from './screens/clock-page';
import { SCREEN_SCRIPTS, screenScript } from './screen-scripts';
import {
  dataBlock,
  esc,
  liveUrl,
  logoAttribute,
  screenLang,
  screenQueryShape,
  screenResponse,
  type ScreenLang,
  type ScreenTheme,
} from './screen-page';

/*
 * The seating board: after the draw, the seated players A-Z with their table and seat on a TV, paged when
 * the field does not fit, with a QR code of the tournament's public page. Like the clock screen it is
 * public while the tournament runs, carries no token and follows a public GET beside it (`./seating-board`)
 * and the live socket. The QR code is an inline SVG drawn here, so the only image the CSP lets in is the
 * club's logo, from the API's own origin.
 */

const TOURNAMENT_PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}';
const SCREEN_PATH = `${TOURNAMENT_PATH}/seating-screen`;
const SCRIPT_SRC = '../'.repeat(SCREEN_PATH.split('/').length - 2) + SCREEN_SCRIPTS.seating.path.slice(1);

/** Seconds a page of the board stands by default, and the bounds of `?every=`. */
export const SEATING_PAGE_SECONDS = { default: 12, min: MIN_SEATING_PAGE_SECONDS, max: MAX_SEATING_PAGE_SECONDS } as const;

/**
 * The tournament's public page the QR code opens: PUBLIC_PAGE_URL with {clubId} and {tournamentId} where
 * the club's site or app has one, else the public clock screen on this API's origin.
 */
export function publicPageUrl(baseUrl: string, clubId: string, tournamentId: string): string {
  const template = process.env.PUBLIC_PAGE_URL;
  if (template) {
    return template.replace('{clubId}', encodeURIComponent(clubId)).replace('{tournamentId}', encodeURIComponent(tournamentId));
  }
  return `${baseUrl}/v1/clubs/${encodeURIComponent(clubId)}/tournaments/${encodeURIComponent(tournamentId)}/screen`;
}

const STYLE = `
body{grid-template-columns:minmax(0,1fr) minmax(0,.26fr);grid-template-rows:auto minmax(0,1fr);grid-template-areas:"head head" "list side"}
.list{grid-area:list;display:flex;flex-direction:column;gap:.4rem;padding:.8rem 1.6rem}
.heads,.board{column-gap:2.4rem}
.heads{display:grid;grid-template-columns:repeat(2,minmax(0,1fr))}
.heads>div,.board li{display:grid;grid-template-columns:minmax(0,1fr) 3em 3em;gap:.6em;align-items:baseline}
.heads>div{font-size:1.9rem}
.heads span{font-size:1.4rem;color:var(--muted);text-transform:uppercase;letter-spacing:.06rem;overflow-wrap:anywhere}
.heads span+span,.board b{text-align:right}
.board{list-style:none;flex:1;min-height:0;overflow:hidden;columns:2;column-fill:auto}
.board li{break-inside:avoid;font-size:1.9rem;padding:.25rem 0;border-top:.1rem solid var(--line)}
.board li[hidden]{display:none}
.board .n{overflow-wrap:anywhere}
.board .t{color:var(--hot)}
.empty{font-size:2.4rem;color:var(--muted)}
.empty:empty{display:none}
.side{grid-area:side;display:flex;flex-direction:column;gap:1rem;min-height:0}
.qr{flex:none;aspect-ratio:1;padding:.8rem;background:#fff;border-radius:1rem}
.qr svg{display:block;width:100%;height:100%}
.scan{font-size:1.6rem;text-align:center;color:var(--muted);overflow-wrap:anywhere}
.fig{display:flex;flex-direction:column;justify-content:center;flex:1}
.fig .v{font-size:4rem;font-weight:700}
.gone .list,.gone .side{visibility:hidden}
`;

function renderSeatingScreen(
  lang: ScreenLang,
  tournamentName: string,
  qrSvg: string,
  live: ScreenLive,
  options: SeatingOptions,
  theme: ScreenTheme | undefined,
) {
  const t = SEATING_LABELS[lang];
  // The heads' font size sets the em of their columns, as the rows' does theirs: both line up.
  const head = `<div><span>${esc(t.player)}</span><span>${esc(t.table)}</span><span>${esc(t.seat)}</span></div>`;
  const fig = (id: string, label: string) =>
    `<div class="fig panel"><div class="k">${esc(label)}</div><div id="${id}" class="v"></div></div>`;
  const body =
    `<header ${logoAttribute(SCREEN_PATH)}><div id="club" class="club"></div><div id="tournament" class="tn">${esc(tournamentName)}</div>` +
    `<div class="status">${esc(t.title)}</div><div id="pageNo" class="tod"></div></header>` +
    `<section class="list panel"><div class="heads">${head}${head}</div><div id="empty" class="empty">${esc(t.loading)}</div><ol id="board" class="board"></ol></section>` +
    `<aside class="side"><div class="qr" id="qr">${qrSvg}</div><div class="scan">${esc(t.scan)}</div>` +
    `${fig('players', t.players)}${fig('tables', t.tables)}</aside>` +
    `<div id="conn" class="conn" hidden>${esc(t.offline)}</div>` +
    `${dataBlock(SEATING_BLOCKS.labels, t)}${dataBlock(SEATING_BLOCKS.live, live)}${dataBlock(SEATING_BLOCKS.options, options)}` +
    `<script src="${SCRIPT_SRC}"></script>`;
  return { lang, theme, title: tournamentName, style: STYLE, bodyClass: '', body };
}

export const seatingBoardRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getSeatingBoard',
  method: 'GET',
  etag: true,
  path: `${TOURNAMENT_PATH}/seating-board`,
  // Read by the seating screen in the room: the clock's rule.
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  summary:
    'Who sits where, with the display names: the seating board’s data. Public while the tournament runs, like the clock; staff read it always',
  tags: ['Seating'],
  params: TournamentParams,
  responses: {
    200: { description: 'The seated players', schema: SeatingBoard },
    304: { description: 'If-None-Match names the current version (and, in a public answer, the club’s logo)' },
  },
  handle: async (req) => {
    const state = await publicRunningTournament(req);
    const { clubId } = req.params;
    const publicView = req.club === undefined;
    const seen = req.headers['if-none-match'];
    // A screen's ETag names the club's logo (tournamentViewEtag): the container's copy of the club, or, when
    // the screen holds this version and a 304 may do, the club alone; else it comes with the names.
    let badge = freshClubBadge(clubId, req.now);
    if (!badge && publicView && noneMatchPrefix(seen, String(state.version))) badge = await clubBadgeOf(clubId, req.now);
    const etagOf = (logo: string | null) => tournamentViewEtag(state.version, logo, publicView);
    if ((badge || !publicView) && noneMatch(seen, etagOf(badge?.logo ?? null))) {
      return { status: 304, headers: { 'cache-control': 'no-store', etag: etagOf(badge?.logo ?? null) } };
    }
    const { board, club } = await seatingBoard(state, { publicView, now: req.now, ...(badge ? { badge } : {}) });
    const body = {
      tournamentId: state.id,
      version: state.version,
      clubName: club.name,
      clubLogo: club.logo,
      tournamentName: state.settings.name,
      startAt: new Date(state.settings.startAt).toISOString(),
      ...board,
    };
    return { status: 200, body, headers: { 'cache-control': 'no-store', etag: etagOf(club.logo) } };
  },
});

const SeatingScreenQuery = z.strictObject({
  ...screenQueryShape,
  every: z.coerce
    .number()
    .int()
    .min(SEATING_PAGE_SECONDS.min)
    .max(SEATING_PAGE_SECONDS.max)
    .optional()
    .openapi({ description: `seconds each page of a large field stands (default ${SEATING_PAGE_SECONDS.default})` }),
});

export const seatingScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getSeatingScreen',
  method: 'GET',
  head: true,
  path: SCREEN_PATH,
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  summary:
    'The seating board for a TV: the seated players A-Z with table and seat, paged for a large field, following getSeatingBoard and the live socket, with a QR code of the tournament’s public page. Public while the tournament runs, like the clock',
  tags: ['Seating'],
  params: TournamentParams,
  query: SeatingScreenQuery,
  responses: {
    200: {
      description:
        'The page, with a Content-Security-Policy that allows only the script of getSeatingScreenScript and its own inline style',
      contentType: 'text/html',
      schema: z.string(),
    },
  },
  handle: async (req) => {
    const { clubId, tournamentId } = req.params;
    const state = await publicRunningTournament(req);
    const lang = screenLang(req.query.lang, req.headers['accept-language']);
    const qr = await QRCode.toString(publicPageUrl(req.baseUrl, clubId, tournamentId), {
      type: 'svg',
      margin: 0,
      errorCorrectionLevel: 'M',
    });
    const shell = renderSeatingScreen(
      lang,
      state.settings.name,
      qr,
      { url: liveUrl(), clubId, tournamentId },
      { pageSeconds: req.query.every ?? SEATING_PAGE_SECONDS.default },
      req.query.theme,
    );
    return screenResponse(shell, { script: true, live: liveUrl() });
  },
});

export const seatingScreenScriptRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getSeatingScreenScript',
  method: 'GET',
  head: true,
  path: SCREEN_SCRIPTS.seating.path,
  access: { kind: 'public' },
  summary: 'The script of the seating board (getSeatingScreen), from the same origin as the page',
  tags: ['Seating'],
  responses: { 200: { description: 'JavaScript', contentType: 'text/javascript', schema: z.string() } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: await screenScript('seating'),
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' },
  }),
});

export const seatingScreenRoutes = [seatingBoardRoute, seatingScreenRoute, seatingScreenScriptRoute];
