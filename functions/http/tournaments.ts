import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { clubTournaments, tournamentState } from '../app/tournaments/queries';
import { structureRead } from '../app/tournaments/structure';
import { announceTournament, editTournamentSettings } from '../app/tournaments/settings';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import * as z from '../../schemas/zod';
import { CreateTournamentBody, Tournament, TournamentParams, TournamentSummary, UpdateTournamentBody } from '../../schemas/tournaments';
import { clubItemKey, loadClub } from '../app/clubs';
import { commandOf, createInput, patchInput, tournamentView, versioned } from './tournament-support';
import { idField } from '../runtime/prefetch';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Tournaments'];

export const listTournamentsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listTournaments',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments',
  summary: "The club's tournaments by start time",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery.extend({ from: z.iso.datetime().optional() }),
  responses: { 200: { description: 'A page of tournaments', schema: page(TournamentSummary) } },
  handle: async (req) => {
    const scope = `tournaments:${req.params.clubId}`;
    const { items, cursor } = await clubTournaments(req.params.clubId, {
      from: req.query.from,
      limit: req.query.limit ?? 50,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const createTournamentRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createTournament',
  access: /* @__PURE__ */ club(FLOOR),
  etag: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments',
  summary: 'Announce a tournament (status announced)',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateTournamentBody,
  responses: { 201: { description: 'The tournament', schema: Tournament } },
  problems: [422],
  // The club (currency, city) and a club structure to freeze come with the authorization's read.
  prefetch: ({ params, body }) => {
    const clubId = idField(params, 'clubId');
    const structureId = idField(body, 'blindStructureId');
    return clubId ? [clubItemKey(clubId), ...(structureId ? [structureRead(clubId, structureId)] : [])] : [];
  },
  handle: async (req) => {
    const club = await loadClub(req.params.clubId, req.prefetched);
    const { seriesId, ...settings } = req.body;
    const held = await announceTournament(club, createInput(settings), domainContext(req), req.prefetched, seriesId);
    return {
      ...versioned(201, 1, tournamentView(held)),
      headers: { etag: '"1"', location: `/v1/clubs/${club.clubId}/tournaments/${held.id}` },
    };
  },
});

export const getTournamentRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getTournament',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}',
  summary: 'Read a tournament: settings, status, counts and version',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The tournament', schema: Tournament } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    return versioned(200, state.version, tournamentView(state));
  },
});

export const updateTournamentRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updateTournament',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PATCH',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}',
  summary: 'Edit settings; only while announced (R-LIFE-2), else 409 SETTINGS_FROZEN',
  tags: TAGS,
  params: TournamentParams,
  body: UpdateTournamentBody,
  responses: { 200: { description: 'The tournament', schema: Tournament } },
  problems: [409, 422],
  handle: async (req) => {
    // R-MONEY-2: the edited texts are checked again; the hold and the moderation queue follow them.
    const { state, version } = await editTournamentSettings(commandOf(req), patchInput(req.body));
    return versioned(200, version, tournamentView(state));
  },
});

/** A tournament's settings: list, create, read, edit. Its lifecycle is in tournament-lifecycle.ts. */
export const tournamentRoutes = [listTournamentsRoute, createTournamentRoute, getTournamentRoute, updateTournamentRoute];
