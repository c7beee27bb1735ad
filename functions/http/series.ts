import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';
import { clubSeries, createSeries, editSeries, readSeries } from '../app/season/series';
import { attachToSeries, detachFromSeries } from '../app/season/series-membership';
import type { Series as StoredSeries } from '../app/season/series';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { AttachSeriesBody, CreateSeriesBody, Series, SeriesParams, TournamentSeries, UpdateSeriesBody } from '../../schemas/series';
import { TournamentParams } from '../../schemas/tournaments';
import { commandOf, ifMatch, versioned } from './tournament-support';

const TAGS = ['Series'];

export const seriesView = (s: StoredSeries) => ({
  seriesId: s.seriesId,
  clubId: s.clubId,
  name: s.name,
  description: s.description,
  startsOn: s.startsOn,
  endsOn: s.endsOn,
  ...(s.moneyReview ? { moneyHold: s.moneyReview } : {}),
  version: s.version,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const listSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listSeries',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/series',
  summary: "The club's series (R-SER-1)",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery,
  responses: { 200: { description: 'A page of series', schema: page(Series) } },
  handle: async (req) => {
    const scope = `series:${req.params.clubId}`;
    const { data, cursor } = await clubSeries(req.params.clubId, req.query.limit ?? 50, openCursor(req.query.cursor, scope) ?? null);
    return { status: 200, body: { items: data.map(seriesView), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const createSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createSeries',
  access: /* @__PURE__ */ club(FLOOR),
  etag: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/series',
  summary: 'Create a series: a name and dates grouping tournaments of the club (R-SER-1)',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateSeriesBody,
  responses: { 201: { description: 'The series', schema: Series } },
  problems: [422],
  handle: async (req) => {
    const s = await createSeries(req.params.clubId, req.body, req.now);
    return versioned(201, s.version, seriesView(s));
  },
});

export const getSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getSeries',
  access: /* @__PURE__ */ club(ALL_STAFF),
  etag: true,
  method: 'GET',
  path: '/v1/clubs/{clubId}/series/{seriesId}',
  summary: 'Read a series',
  tags: TAGS,
  params: SeriesParams,
  responses: { 200: { description: 'The series', schema: Series } },
  handle: async (req) => {
    const s = await readSeries(req.params.clubId, req.params.seriesId);
    return versioned(200, s.version, seriesView(s));
  },
});

export const updateSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updateSeries',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PATCH',
  path: '/v1/clubs/{clubId}/series/{seriesId}',
  summary: "Edit a series' name, description or dates",
  tags: TAGS,
  params: SeriesParams,
  body: UpdateSeriesBody,
  responses: { 200: { description: 'The series', schema: Series } },
  problems: [409, 422],
  handle: async (req) => {
    const s = await editSeries(req.params.clubId, req.params.seriesId, req.body, req.now, ifMatch(req));
    return versioned(200, s.version, seriesView(s));
  },
});

export const attachSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'attachTournamentToSeries',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PUT',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/series-membership',
  summary: 'Attach the tournament to a series of the club; only while announced, else 409 SERIES_FROZEN (R-SER-1)',
  tags: TAGS,
  params: TournamentParams,
  body: AttachSeriesBody,
  responses: { 200: { description: "The tournament's series", schema: TournamentSeries } },
  problems: [409, 422],
  handle: async (req) => {
    const { state, version } = await attachToSeries(commandOf(req), req.body.seriesId);
    return versioned(200, version, { tournamentId: state.id, seriesId: state.seriesId ?? null, version });
  },
});

export const detachSeriesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'detachTournamentFromSeries',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/series-membership',
  summary: 'Detach the tournament from its series; only while announced, else 409 SERIES_FROZEN (R-SER-1)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: "The tournament's series (none)", schema: TournamentSeries } },
  problems: [409],
  handle: async (req) => {
    const { state, version } = await detachFromSeries(commandOf(req));
    return versioned(200, version, { tournamentId: state.id, seriesId: state.seriesId ?? null, version });
  },
});

/** A club's series: list, create, read, edit; its tournaments join it with the commands below. */
export const seriesRoutes = [listSeriesRoute, createSeriesRoute, getSeriesRoute, updateSeriesRoute, attachSeriesRoute, detachSeriesRoute];
