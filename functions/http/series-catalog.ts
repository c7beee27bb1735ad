import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { catalogClubSeries, catalogSeries } from '../app/season/series-catalog';
import type { Series as StoredSeries } from '../app/season/series';
import { ClubIdParams, PageQuery } from '../../schemas/common';
import { CatalogSeriesPage, CatalogSeriesSchedule, SeriesParams } from '../../schemas/series';

const TAGS = ['Catalogue'];

const publicView = (s: StoredSeries) => ({
  seriesId: s.seriesId,
  clubId: s.clubId,
  name: s.name,
  description: s.description,
  startsOn: s.startsOn,
  endsOn: s.endsOn,
});

export const catalogClubSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogClubSeries',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/catalog/clubs/{clubId}/series',
  summary: "A club's series in the public catalogue (R-SER-1)",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery,
  responses: { 200: { description: 'A page of series', schema: CatalogSeriesPage } },
  handle: async (req) => {
    const scope = `catalog-series:${req.params.clubId}`;
    const { items, cursor } = await catalogClubSeries(
      req.params.clubId,
      req.query.limit ?? 20,
      openCursor(req.query.cursor, scope) ?? null,
    );
    return { status: 200, body: { items: items.map(publicView), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const catalogSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogSeries',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/catalog/clubs/{clubId}/series/{seriesId}',
  summary: "A series' public page: its name, dates and schedule, its tournaments by start (R-SER-1)",
  tags: TAGS,
  params: SeriesParams,
  responses: { 200: { description: 'The series and its schedule', schema: CatalogSeriesSchedule } },
  handle: async (req) => {
    const { series, schedule } = await catalogSeries(req.params.clubId, req.params.seriesId);
    return { status: 200, body: { ...publicView(series), schedule } };
  },
});

export const seriesCatalogRoutes = [catalogClubSeriesRoute, catalogSeriesRoute];
