import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { catalogClubs, catalogPart, catalogTournaments } from '../app/catalog';
import { PRIZE_PRESETS } from '../../domain/results';
import * as z from '../../schemas/zod';
import { PageQuery, page } from '../../schemas/common';
import { TournamentStatus, TournamentSummary } from '../../schemas/tournaments';
import { CATALOGUE_NOTICE, CatalogClubsPage, CatalogClubsQuery } from '../../schemas/catalog';
import { VERIFIED_MEANS } from '../../schemas/verification';
import { MAX_CITY_LENGTH } from '../../schemas/limits';
import { seriesCatalogRoutes } from './series-catalog';

const TAGS = ['Catalogue'];

export const catalogTournamentsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogTournaments',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/catalog/tournaments',
  summary: 'Upcoming tournaments across clubs (announced or open for registration), by start time',
  tags: TAGS,
  query: PageQuery.extend({
    city: z.string().max(MAX_CITY_LENGTH).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  }),
  responses: { 200: { description: 'A page of tournaments', schema: page(TournamentSummary) } },
  handle: async (req) => {
    const { city, from, to, limit, cursor } = req.query;
    const scope = `catalog:${city ?? ''}:${from ?? ''}:${to ?? ''}`;
    const { items, cursor: next } = await catalogTournaments(
      { city, from, to },
      { limit: limit ?? 20, cursor: openCursor(cursor, scope) ?? null },
      req.now,
    );
    return {
      status: 200,
      body: { items: items.map((t) => ({ ...t, status: TournamentStatus.parse(t.status) })), nextCursor: sealCursor(next, scope) },
    };
  },
});

/**
 * R-CLUB-1: the public catalogue of clubs, by city then name. Only listed clubs are in the index
 * (a suspended club has no catalogue key, R-CLUB-4); each item is the explicit public view.
 */
export const catalogClubsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogClubs',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/catalog/clubs',
  summary: 'Clubs in the public catalogue, by city and name; filter by city and verified (R-CLUB-1, R-CLUB-3)',
  tags: TAGS,
  query: CatalogClubsQuery,
  responses: { 200: { description: 'A page of clubs', schema: CatalogClubsPage } },
  handle: async (req) => {
    const { city, verified, limit, cursor } = req.query;
    const scope = `catalog-clubs:${city ? catalogPart(city) : ''}:${verified ?? ''}`;
    const { items, cursor: next } = await catalogClubs(
      { city, verified: verified === undefined ? undefined : verified === 'true' },
      { limit: limit ?? 20, cursor: openCursor(cursor, scope) ?? null },
    );
    return { status: 200, body: { items, nextCursor: sealCursor(next, scope), notice: CATALOGUE_NOTICE, verifiedMeans: VERIFIED_MEANS } };
  },
});

export const prizePresetsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listPrizePresets',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/prize-presets',
  summary: 'The non-monetary prize presets (R-PRZ-2); fixed presets are cut to the field when applied',
  tags: TAGS,
  responses: {
    200: {
      description: 'Presets',
      schema: z.object({
        items: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string(), kind: z.string(), rows: z.array(z.unknown()) })),
      }),
    },
  },
  handle: async () => ({ status: 200, body: { items: PRIZE_PRESETS } }),
});

export const catalogRoutes = [catalogTournamentsRoute, catalogClubsRoute, prizePresetsRoute, ...seriesCatalogRoutes];
