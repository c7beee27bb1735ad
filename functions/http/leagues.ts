import { FormulaError, standingsToCsv, type LeagueSettings } from '../../domain/season';
import { defineRoute, type RouteRequest } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { openCursor, sealCursor } from '../platform/cursor';
import { club, clubPublicView, ALL_STAFF, FLOOR } from '../platform/authorization';
import * as z from '../../schemas/zod';
import { ClubIdParams } from '../../schemas/common';
import {
  CreateLeagueBody,
  League,
  LeagueParams,
  MyStanding,
  PublicLeague,
  StandingsPage,
  StandingsQuery,
  UpdateLeagueBody,
} from '../../schemas/leagues';
import {
  clubIsPublic,
  clubLeagues,
  createLeague,
  deleteLeague,
  getLeague,
  getLeagueAs,
  isPublicLeague,
  leagueNotFound,
  updateLeague,
  type LeagueChange,
} from '../app/season/leagues';
import { allStandingRows, leagueStandingsPage, myStandings } from '../app/season/league-standings';
import type { League as LeagueRow } from '../app/season/leagues';

const TAGS = ['Leagues'];

const view = (l: LeagueRow) => ({
  leagueId: l.leagueId,
  clubId: l.clubId,
  name: l.name,
  source: l.source as LeagueSettings['source'],
  points: l.points as LeagueSettings['points'],
  formula: l.formula,
  ...(l.bestOf !== undefined ? { bestOf: l.bestOf } : {}),
  ...(l.minPlayed !== undefined ? { minPlayed: l.minPlayed } : {}),
  ...(l.moneyReview ? { moneyHold: l.moneyReview as { field: string; fragment: string; reason: string }[] } : {}),
  audit: ((l.audit as { at: number; by: string; from: string; to: string }[] | undefined) ?? []).map((a) => ({
    ...a,
    at: new Date(a.at).toISOString(),
  })),
  version: l.version,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
});

const publicView = (l: LeagueRow) => ({
  leagueId: l.leagueId,
  clubId: l.clubId,
  name: l.name,
  formula: l.formula,
  ...(l.bestOf !== undefined ? { bestOf: l.bestOf } : {}),
  ...(l.minPlayed !== undefined ? { minPlayed: l.minPlayed } : {}),
});

/** R-LEAGUE-2: a refused points rule names the part of the formula (or the sample row) that fails. */
async function withPointsRule<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof FormulaError)) throw e;
    const field = `points.${e.errors?.[0]?.field ?? 'formula'}`;
    throw problem(422, e.code, e.message, [{ field, message: `fails at: ${e.part === '' ? '(empty)' : e.part}` }]);
  }
}

const versionOf = (req: RouteRequest<unknown, unknown, unknown>): number | undefined => {
  const h = req.headers['if-match'];
  if (h === undefined) return undefined;
  const v = Number(h.replace(/^W\//, '').replaceAll('"', ''));
  if (!Number.isInteger(v)) throw problem(400, 'VALIDATION_FAILED', 'If-Match must be a league version');
  return v;
};

export const listLeaguesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listLeagues',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/leagues',
  summary: "The club's leagues (R-LEAGUE-1)",
  tags: TAGS,
  params: ClubIdParams,
  responses: { 200: { description: 'Every league of the club', schema: z.object({ items: z.array(League) }) } },
  handle: async (req) => ({ status: 200, body: { items: (await clubLeagues(req.params.clubId)).map(view) } }),
});

export const createLeagueRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createLeague',
  access: /* @__PURE__ */ club(FLOOR),
  etag: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/leagues',
  summary: 'Create a league over a series or picked tournaments, with its points rule (R-LEAGUE-1, R-LEAGUE-2)',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateLeagueBody,
  responses: { 201: { description: 'The league', schema: League } },
  problems: [422],
  handle: async (req) => {
    const row = await withPointsRule(() => createLeague(req.params.clubId, req.body as Omit<LeagueSettings, 'clubId'>, domainContext(req)));
    return {
      status: 201,
      body: view(row),
      headers: { location: `/v1/clubs/${row.clubId}/leagues/${row.leagueId}`, etag: `"${row.version}"` },
    };
  },
});

export const getLeagueRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getLeague',
  access: /* @__PURE__ */ club(ALL_STAFF),
  etag: true,
  method: 'GET',
  path: '/v1/clubs/{clubId}/leagues/{leagueId}',
  summary: 'A league, its points rule and the audit of its points changes',
  tags: TAGS,
  params: LeagueParams,
  responses: { 200: { description: 'The league', schema: League } },
  handle: async (req) => {
    const row = await getLeague(req.params.clubId, req.params.leagueId);
    return { status: 200, body: view(row), headers: { etag: `"${row.version}"` } };
  },
});

export const updateLeagueRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updateLeague',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PATCH',
  path: '/v1/clubs/{clubId}/leagues/{leagueId}',
  summary:
    'Change a league; its points are frozen once a counted tournament has finished unless `recompute` rebuilds the table (R-LEAGUE-2, R-LEAGUE-4)',
  tags: TAGS,
  params: LeagueParams,
  body: UpdateLeagueBody,
  responses: { 200: { description: 'The league', schema: League } },
  problems: [409, 422],
  handle: async (req) => {
    const row = await withPointsRule(() =>
      updateLeague(req.params.clubId, req.params.leagueId, req.body as LeagueChange, domainContext(req), versionOf(req)),
    );
    return { status: 200, body: view(row), headers: { etag: `"${row.version}"` } };
  },
});

export const deleteLeagueRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteLeague',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/leagues/{leagueId}',
  summary: 'Delete a league and its standings (the tournaments and their results stay)',
  tags: TAGS,
  params: LeagueParams,
  responses: { 204: { description: 'Deleted' } },
  handle: async (req) => {
    await deleteLeague(req.params.clubId, req.params.leagueId);
    return { status: 204 };
  },
});

export const leagueStandingsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getLeagueStandings',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/leagues/{leagueId}/standings',
  summary: 'The standings in ranking order, paged; public (R-LEAGUE-3, R-LEAGUE-5); ?format=csv for every row',
  tags: TAGS,
  params: LeagueParams,
  query: StandingsQuery,
  responses: { 200: { description: 'A page of standings (JSON) or every row (text/csv)', schema: StandingsPage, alsoAs: ['text/csv'] } },
  handle: async (req) => {
    const { clubId, leagueId } = req.params;
    if (!req.club && !(await clubIsPublic(clubId))) throw leagueNotFound();
    // Staff read their own league, held or not; the public only one whose name is not held (R-MONEY-2).
    const league = await getLeagueAs(clubId, leagueId, req.club === undefined);
    if (req.query.format === 'csv') {
      return {
        status: 200,
        raw: true,
        body: standingsToCsv(await allStandingRows({ clubId, leagueId })),
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="standings-${leagueId}.csv"` },
      };
    }
    const scope = `league-standings:${clubId}:${leagueId}`;
    const { rows, cursor } = await leagueStandingsPage(
      { clubId, leagueId },
      req.query.limit ?? 50,
      openCursor(req.query.cursor, scope) ?? null,
    );
    return { status: 200, body: { leagueId, name: league.name, items: rows, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const myLeaguesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMyLeagues',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me/leagues',
  summary: 'My place in every league I have a counted result in (R-LEAGUE-5)',
  tags: ['Players'],
  responses: { 200: { description: 'One row per league', schema: z.object({ items: z.array(MyStanding) }) } },
  handle: async (req) => {
    if (req.principal.kind !== 'user') throw new Error('user route without a user');
    return { status: 200, body: { items: await myStandings(req.principal.userId) } };
  },
});

export const catalogLeaguesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'catalogClubLeagues',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/catalog/leagues',
  summary: "A club's leagues in the public catalogue; each one's standings are public (R-LEAGUE-5)",
  tags: ['Catalogue'],
  query: ClubIdParams,
  responses: { 200: { description: "The club's leagues", schema: z.object({ items: z.array(PublicLeague) }) } },
  handle: async (req) => {
    if (!(await clubIsPublic(req.query.clubId))) throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
    return {
      status: 200,
      body: { items: (await clubLeagues(req.query.clubId)).filter(isPublicLeague).map(publicView) },
      headers: { 'cache-control': 'public, max-age=60' },
    };
  },
});

/** Leagues and their standings, in a stable order (append new routes at the end). */
export const leagueRoutes = [
  listLeaguesRoute,
  createLeagueRoute,
  getLeagueRoute,
  updateLeagueRoute,
  deleteLeagueRoute,
  leagueStandingsRoute,
  myLeaguesRoute,
  catalogLeaguesRoute,
];
