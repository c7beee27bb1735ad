import * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/tournaments';
import { MAX_TIME_ZONE_LENGTH } from '../../schemas/limits';
import { defineRoute } from '../platform/route';
import { club, FLOOR } from '../platform/authorization';
import { printableSeating } from '../app/tournaments/seating-board';
import { seatCardsPdf, tableListsPdf } from './print/seating-pdf';
import { screenLang, screenQueryShape } from './screen-page';

/*
 * The seating on paper for the floor, after the draw: seat cards (one a page, A-Z) and table lists (one
 * table a page), as PDF. Russian or English like the screens (?lang, then Accept-Language); the start
 * time in the time zone asked for (?tz, an IANA name; UTC by default).
 */

const validTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const PrintQuery = z.strictObject({
  lang: screenQueryShape.lang,
  tz: z
    .string()
    .max(MAX_TIME_ZONE_LENGTH)
    .refine(validTimeZone, { message: 'an IANA time zone such as Europe/Moscow' })
    .optional()
    .openapi({ description: 'the time zone of the start time printed (IANA, e.g. Europe/Moscow); default UTC' }),
});

const PDF = { description: 'The PDF', contentType: 'application/pdf', schema: z.string().openapi({ format: 'binary' }) };

const PDF_BUILDERS = { seatCardsPdf, tableListsPdf };

const printRoute = (def: { operationId: string; path: string; summary: string; file: string; build: 'seatCardsPdf' | 'tableListsPdf' }) =>
  defineRoute({
    operationId: def.operationId,
    access: /* @__PURE__ */ club(FLOOR),
    method: 'GET',
    path: `/v1/clubs/{clubId}/tournaments/{tournamentId}/${def.path}`,
    summary: def.summary,
    tags: ['Seating'],
    params: TournamentParams,
    query: PrintQuery,
    responses: { 200: PDF },
    problems: [409],
    handle: async (req) => {
      const { clubId, tournamentId } = req.params;
      const seating = await printableSeating(clubId, tournamentId, req.now);
      const lang = screenLang(req.query.lang, req.headers['accept-language']);
      const bytes = await PDF_BUILDERS[def.build](seating, seating.players, { lang, timeZone: req.query.tz ?? 'UTC' });
      return {
        status: 200,
        raw: true,
        body: bytes,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${def.file}-${tournamentId}.pdf"`,
          'cache-control': 'no-store',
          vary: 'Accept-Language',
          'x-content-type-options': 'nosniff',
        },
      };
    },
  });

export const seatCardsRoute = /* @__PURE__ */ printRoute({
  operationId: 'getSeatCards',
  path: 'seat-cards',
  summary:
    'Seat cards to print after the draw: one A6 page per seated player, A-Z (name, table, seat, tournament, start time); 409 before the draw',
  file: 'seat-cards',
  build: 'seatCardsPdf',
});

export const tableListsRoute = /* @__PURE__ */ printRoute({
  operationId: 'getTableLists',
  path: 'table-lists',
  summary: 'Table lists to print after the draw: one A4 page per table, every seat and who sits there; 409 before the draw',
  file: 'table-lists',
  build: 'tableListsPdf',
});

export const seatingPrintRoutes = [seatCardsRoute, tableListsRoute];
