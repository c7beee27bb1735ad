import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { catalogClubSeries, catalogSeries } from '../app/season/series-catalog';
import type { Series as StoredSeries } from '../app/season/series';
import * as z from '../../schemas/zod';
import { Id, PageQuery } from '../../schemas/common';
import { CatalogSeriesPage, CatalogSeriesSchedule } from '../../schemas/series';

const TAGS = ['Catalogue'];

// The club is a query field, not a path segment: a path that names {clubId} is the club's own (staff)
// space, and these pages are public (test/e2e/tenant-isolation.test.ts holds the rule).
const ClubSeriesQuery = PageQuery.extend({ clubId: Id });
const SeriesPageParams = z.strictObject({ seriesId: Id });
const SeriesPageQuery = z.strictObject({ clubId: Id });

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
  path: '/v1/catalog/series',
  summary: "A club's series in the public catalogue (R-SER-1)",
  tags: TAGS,
  query: ClubSeriesQuery,
  responses: { 200: { description: 'A page of series', schema: CatalogSeriesPage } },
  problems: [404],
  handle: async (req) => {
    const scope = `catalog-series:${req.query.clubId}`;
    const { items, cursor } = await catalogClubSeries(req.query.clubId, req.query.limit ?? 20, openCursor(req.query.cursor, scope) ?? null);
    return { status: 200, body: { items: items.map(publicView), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const catalogSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogSeries',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/catalog/series/{seriesId}',
  summary: "A series' public page: its name, dates and schedule, its tournaments by start (R-SER-1)",
  tags: TAGS,
  params: SeriesPageParams,
  query: SeriesPageQuery,
  responses: { 200: { description: 'The series and its schedule', schema: CatalogSeriesSchedule } },
  problems: [404],
  handle: async (req) => {
    const { series, schedule } = await catalogSeries(req.query.clubId, req.params.seriesId);
    return { status: 200, body: { ...publicView(series), schedule } };
  },
});

export const seriesCatalogRoutes = [catalogClubSeriesRoute, catalogSeriesRoute];
