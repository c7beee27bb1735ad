import { defineRoute } from '../platform/route';
import { noneMatch } from '../platform/conditional';
import { DuplicateDiagramParams, DuplicateEventParams, DuplicateStandings, HandDiagram } from '../../schemas/duplicate';
import * as z from '../../schemas/zod';
import type { DuplicateEvent } from '../../domain/duplicate/event';
import type { HandDiagram as Diagram } from '../../domain/duplicate/diagram';
import { getDuplicateEvent } from '../app/duplicate/events';
import { clubBadgeOf } from '../app/club-badge';
import { readHandDiagram } from '../app/duplicate/views';
import { standingsView } from './duplicate-standings';
import { clubPublicView, ALL_STAFF } from '../platform/authorization';
import { DUPLICATE_SCREEN_PATH, DuplicateScreenQuery, renderDuplicateScreen } from './duplicate-screen';
import { screenLang } from './screen-page';

const TAGS = ['Duplicate Poker'];

export const getDuplicateStandingsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateStandings',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/standings',
  summary: "Every round's standings by seat group and field (R-DUP-3, R-DUP-4, R-DUP-6) and the field as it stands. Public",
  tags: TAGS,
  params: DuplicateEventParams,
  responses: { 200: { description: 'The standings', schema: DuplicateStandings } },
  handle: async (req) => ({ status: 200, body: standingsView(await getDuplicateEvent(req.params.clubId, req.params.eventId)) }),
});

export const getDuplicateDiagramRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateDiagram',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/rounds/{round}/hands/{hand}/diagram',
  summary:
    "A played hand's diagram: for each seat group the cards, the board, each table's line of actions and result (R-DUP-7). Public once the round is closed; before, only for the roles the club grants the decks, every read recorded (R-DUP-2)",
  tags: TAGS,
  params: DuplicateDiagramParams,
  responses: { 200: { description: 'The diagram', schema: HandDiagram } },
  handle: async (req) => ({ status: 200, body: (await readHandDiagram(req, req.params, 'hand-diagram', req.now)).diagram }),
});

export const getDuplicateScreenRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateScreen',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: DUPLICATE_SCREEN_PATH,
  head: true,
  etag: true,
  summary:
    "The Duplicate screen for a TV (R-DUP-7): the latest standings and seating, and with ?round=&hand= that hand's diagram (whose cards follow the diagram's rule), each paged when it does not fit. The page follows itself with If-None-Match (a Duplicate event has no live topic); public like the standings",
  tags: TAGS,
  params: DuplicateEventParams,
  query: DuplicateScreenQuery,
  responses: {
    200: {
      description:
        'The page, with a Content-Security-Policy that allows only the script of getDuplicateScreenScript and its own inline style; the ETag is a digest of what it shows',
      contentType: 'text/html',
      schema: z.string(),
    },
    304: { description: 'If-None-Match names what the page shows now' },
  },
  handle: async (req) => {
    const { round, hand } = req.query;
    const read = async (): Promise<{ ev: DuplicateEvent; diagram: Diagram | null }> => {
      if (round === undefined || hand === undefined)
        return { ev: await getDuplicateEvent(req.params.clubId, req.params.eventId), diagram: null };
      const d = await readHandDiagram(req, { ...req.params, round, hand }, 'screen', req.now);
      return { ev: d.event, diagram: d.diagram };
    };
    // The club's logo beside the event's read: this container's copy of the club, read again every few minutes.
    const [{ ev, diagram }, { logo }] = await Promise.all([read(), clubBadgeOf(req.params.clubId, req.now)]);
    const lang = screenLang(req.query.lang, req.headers['accept-language']);
    const page = renderDuplicateScreen({
      lang,
      theme: req.query.theme,
      every: req.query.every,
      ev,
      logo,
      standings: standingsView(ev),
      diagram,
    });
    const etag = page.headers.etag;
    if (noneMatch(req.headers['if-none-match'], etag)) {
      return { status: 304, headers: { 'cache-control': 'no-store', vary: 'Accept-Language', etag } };
    }
    return page;
  },
});

export const duplicateViewRoutes = [getDuplicateStandingsRoute, getDuplicateDiagramRoute, getDuplicateScreenRoute];
