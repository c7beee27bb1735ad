import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { entities } from '../store/entities';
import { batchGet, readCount } from '../store/entities/items';
import { PRIZE_PRESETS } from '../../domain/results';
import * as z from '../../schemas/zod';
import { PageQuery, page } from '../../schemas/common';
import { TournamentStatus, TournamentSummary } from '../../schemas/tournaments';
import { CATALOGUE_NOTICE, CatalogClubsPage, CatalogClubsQuery } from '../../schemas/catalog';
import { VERIFIED_MEANS } from '../../schemas/verification';
import { MAX_CITY_LENGTH } from '../../schemas/limits';
import { catalogCityPrefix, catalogPart } from '../store/club-catalog';
import { seriesCatalogRoutes } from './series-catalog';
import { guaranteedTournaments } from '../app/season/series-catalog';

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
    const start = from ?? new Date(req.now).toISOString();
    const { tournament, club } = entities();
    const index = tournament.query.catalog({});
    const range = to ? index.between({ catalogKey: start }, { catalogKey: `${to}~` }) : index.gte({ catalogKey: start });
    const { data, cursor: next } = await range
      .where((t, { eq }) => (city ? eq(t.city, city) : ''))
      .go({ limit: limit ?? 20, cursor: openCursor(cursor, scope) ?? null });
    // A suspended club's tournaments are not listed (R-MOD-1); its data stays.
    const clubIds = [...new Set(data.map((t) => t.clubId))];
    const clubs = await batchGet(
      clubIds.map((clubId) => ({ clubId })),
      (keys) => club.get(keys).go({ unprocessed: 'item' }),
    );
    const suspended = new Set(clubs.filter((c) => c.suspended).map((c) => c.clubId));
    // R-GTD-1: the index carries no settings; the page's roots say which prizes are guaranteed.
    const guaranteed = await guaranteedTournaments(data);
    const items = data
      .filter((t) => !suspended.has(t.clubId))
      .map((t) => ({
        tournamentId: t.tournamentId,
        clubId: t.clubId,
        name: t.name,
        status: TournamentStatus.parse(t.status),
        startAt: t.startsAt,
        ...(t.city ? { city: t.city } : {}),
        ...(guaranteed.has(t.tournamentId) ? { prizesGuaranteed: true } : {}),
      }));
    return { status: 200, body: { items, nextCursor: sealCursor(next, scope) } };
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
    // Keeps reading past filtered-out clubs until the page is full.
    const index = entities().club.query.catalog({});
    const query = (city ? index.begins({ catalogKey: catalogCityPrefix(city) }) : index).where((c, { eq, ne }) =>
      verified === 'true' ? eq(c.verificationStatus, 'verified') : verified === 'false' ? ne(c.verificationStatus, 'verified') : '',
    );
    const { data, cursor: next } = await readCount(limit ?? 20, openCursor(cursor, scope) ?? null, (n, at) =>
      query.go({ limit: n, cursor: at }),
    );
    const items = data
      .filter((c) => !c.suspended)
      .map((c) => ({
        clubId: c.clubId,
        name: c.name,
        city: c.city,
        address: c.address,
        ...(c.contacts ? { contacts: c.contacts } : {}),
        verified: c.verificationStatus === 'verified',
      }));
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
