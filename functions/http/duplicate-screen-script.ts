import * as z from '../../schemas/zod';
import { defineRoute } from '../platform/route';
import { SCREEN_SCRIPTS, screenScript } from './screen-scripts';

/**
 * The Duplicate screen's script (the page is duplicate-screen.ts, in the duplicate function). It is
 * served by the function that carries the screens' scripts beside its bundle (the clock function), so
 * this module holds nothing of the Duplicate events.
 */
export const duplicateScreenScriptRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateScreenScript',
  method: 'GET',
  head: true,
  path: SCREEN_SCRIPTS.duplicate.path,
  access: { kind: 'public' },
  summary: 'The script of the Duplicate screen (getDuplicateScreen), from the same origin as the page',
  tags: ['Duplicate Poker'],
  responses: { 200: { description: 'JavaScript', contentType: 'text/javascript', schema: z.string() } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: await screenScript('duplicate'),
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' },
  }),
});
