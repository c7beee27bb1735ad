import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { clubRecord } from '../store/records/club';
import { tournamentRecord } from '../store/records/tournament';
import { getRecords, queryRecords, type SortKeyRange } from '../store/table/record-ops';
import { PRIZE_PRESETS } from '../../domain/results';
import * as z from '../../schemas/zod';
import { PageQuery, page } from '../../schemas/common';
import { TournamentStatus, TournamentSummary } from '../../schemas/tournaments';
import { CATALOGUE_NOTICE, CatalogClubsPage, CatalogClubsQuery } from '../../schemas/catalog';
import { VERIFIED_MEANS } from '../../schemas/verification';
import { MAX_CITY_LENGTH } from '../../schemas/limits';
import { catalogCityPrefix, catalogPart } from '../store/club-catalog';

const TAGS = ['Catalogue'];

export const catalogTournamentsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogTournaments',
  method: 'GET',
  path: '/v1/catalog/tournaments',
  summary: 'Upcoming tournaments across clubs (announced or open for registration), by start time',
  tags: TAGS,
  query: PageQuery.extend({ city: z.string().max(MAX_CITY_LENGTH).optional(), from: z.iso.datetime().optional(), to: z.iso.datetime().optional() }),
  responses: { 200: { description: 'A page of tournaments', schema: page(TournamentSummary) } },
  handle: async (req) => {
    const { city, from, to, limit, cursor } = req.query;
    const scope = `catalog:${city ?? ''}:${from ?? ''}:${to ?? ''}`;
    const start = from ?? new Date(req.now).toISOString();
    const sortKey: SortKeyRange = to ? { between: [start, `${to}~`] } : { gte: start };
    const { data, cursor: next } = await queryRecords(tournamentRecord, {
      index: 'catalog',
      partition: {},
      sortKey,
      ...(city ? { filter: { city } } : {}),
      limit: limit ?? 20,
      cursor: openCursor(cursor, scope) ?? null,
    });
    // A suspended club's tournaments are not listed (R-MOD-1); its data stays.
    const clubIds = [...new Set(data.map((t) => t.clubId))];
    const clubs = await getRecords(clubRecord, clubIds.map((clubId) => ({ clubId })));
    const suspended = new Set(clubs.filter((c) => c.suspended).map((c) => c.clubId));
    const items = data
      .filter((t) => !suspended.has(t.clubId))
      .map((t) => ({ tournamentId: t.tournamentId, clubId: t.clubId, name: t.name, status: TournamentStatus.parse(t.status), startAt: t.startsAt, ...(t.city ? { city: t.city } : {}) }));
    return { status: 200, body: { items, nextCursor: sealCursor(next, scope) } };
  },
});

/**
 * R-CLUB-1: the public catalogue of clubs, by city then name. Only listed clubs are in the index
 * (a suspended club has no catalogue key, R-CLUB-4); each item is the explicit public view.
 */
export const catalogClubsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogClubs',
  method: 'GET',
  path: '/v1/catalog/clubs',
  summary: 'Clubs in the public catalogue, by city and name; filter by city and verified (R-CLUB-1, R-CLUB-3)',
  tags: TAGS,
  query: CatalogClubsQuery,
  responses: { 200: { description: 'A page of clubs', schema: CatalogClubsPage } },
  handle: async (req) => {
    const { city, verified, limit, cursor } = req.query;
    const scope = `catalog-clubs:${city ? catalogPart(city) : ''}:${verified ?? ''}`;
    // `count` keeps reading past filtered-out clubs until the page is full.
    const { data, cursor: next } = await queryRecords(clubRecord, {
      index: 'catalog',
      partition: {},
      ...(city ? { sortKey: { beginsWith: catalogCityPrefix(city) } } : {}),
      ...(verified === 'true' ? { filter: { verificationStatus: 'verified' } } : verified === 'false' ? { exclude: { verificationStatus: 'verified' } } : {}),
      count: limit ?? 20,
      cursor: openCursor(cursor, scope) ?? null,
    });
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
  method: 'GET',
  path: '/v1/prize-presets',
  summary: 'The non-monetary prize presets (R-PRZ-2); fixed presets are cut to the field when applied',
  tags: TAGS,
  responses: {
    200: {
      description: 'Presets',
      schema: z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string(), kind: z.string(), rows: z.array(z.unknown()) })) }),
    },
  },
  handle: async () => ({ status: 200, body: { items: PRIZE_PRESETS } }),
});

export const catalogRoutes = [catalogTournamentsRoute, catalogClubsRoute, prizePresetsRoute];
