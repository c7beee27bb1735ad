import * as z from '../../schemas/zod';
import { defineRoute } from '../platform/route';
import { SCREEN_SCRIPTS, screenScript } from './screen-scripts';

/**
 * The league standings screen's script (the page is standings-screen.ts, in the season function). It is
 * served by the function that carries the screens' scripts beside its bundle (the clock function), so
 * this module holds nothing of the leagues.
 */
export const standingsScreenScriptRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getStandingsScreenScript',
  method: 'GET',
  head: true,
  path: SCREEN_SCRIPTS.standings.path,
  access: { kind: 'public' },
  summary: 'The script of the league standings screen (getLeagueStandingsScreen), from the same origin as the page',
  tags: ['Leagues'],
  responses: { 200: { description: 'JavaScript', contentType: 'text/javascript', schema: z.string() } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: await screenScript('standings'),
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' },
  }),
});
