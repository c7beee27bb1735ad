import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { store } from '../store/service';
import { createTournamentItem, requireTournament } from '../store/tournament-store';
import { changeStatus, createTournament, editSettings, type TournamentStatus } from '../../domain/tournaments';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import * as z from '../../schemas/zod';
import { CreateTournamentBody, Tournament, TournamentParams, TournamentSummary, UpdateTournamentBody } from '../../schemas/tournaments';
import { loadClub } from './clubs';
import { createInput, patchInput, runTournamentCommand, tournamentView, versioned } from './tournament-support';
import { publishTournamentEvents } from './tournament-events';
import { finishRoute } from './knockouts';

const TAGS = ['Tournaments'];

export const listTournamentsRoute = defineRoute({
  operationId: 'listTournaments',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments',
  summary: "The club's tournaments by start time",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery.extend({ from: z.iso.datetime().optional() }),
  responses: { 200: { description: 'A page of tournaments', schema: page(TournamentSummary) } },
  handle: async (req) => {
    const scope = `tournaments:${req.params.clubId}`;
    const q = store().entities.tournament.query.byClub({ clubId: req.params.clubId });
    const { data, cursor } = await (req.query.from ? q.gte({ startsAt: req.query.from }) : q).go({
      limit: req.query.limit ?? 50,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    const items = data.map((t) => ({ tournamentId: t.tournamentId, clubId: t.clubId, name: t.name, status: t.status as TournamentStatus, startAt: t.startsAt, ...(t.city ? { city: t.city } : {}) }));
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const createTournamentRoute = defineRoute({
  operationId: 'createTournament',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments',
  summary: 'Announce a tournament (status announced)',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateTournamentBody,
  responses: { 201: { description: 'The tournament', schema: Tournament } },
  problems: [422],
  handle: async (req) => {
    const club = await loadClub(req.params.clubId);
    const { state, events } = createTournament(
      { clubId: club.clubId, clubCurrency: club.currency, settings: createInput(req.body) },
      domainContext(req),
    );
    const stored = { ...state, version: 1 };
    await createTournamentItem(stored, club.city);
    await publishTournamentEvents(stored, events);
    return { ...versioned(201, 1, tournamentView(stored)), headers: { etag: '"1"', location: `/v1/clubs/${club.clubId}/tournaments/${state.id}` } };
  },
});

export const getTournamentRoute = defineRoute({
  operationId: 'getTournament',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}',
  summary: 'Read a tournament: settings, status, counts and version',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The tournament', schema: Tournament } },
  handle: async (req) => {
    const { state } = await requireTournament(req.params.clubId, req.params.tournamentId);
    return versioned(200, state.version, tournamentView(state));
  },
});

export const updateTournamentRoute = defineRoute({
  operationId: 'updateTournament',
  method: 'PATCH',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}',
  summary: 'Edit settings; only while announced (R-LIFE-2), else 409 SETTINGS_FROZEN',
  tags: TAGS,
  params: TournamentParams,
  body: UpdateTournamentBody,
  responses: { 200: { description: 'The tournament', schema: Tournament } },
  problems: [409, 422],
  handle: async (req) => {
    const { state, version } = await runTournamentCommand(req, (s, ctx) => editSettings(s, { patch: patchInput(req.body) }, ctx));
    return versioned(200, version, tournamentView(state));
  },
});

const lifecycle = (operationId: string, action: string, to: TournamentStatus, summary: string) =>
  defineRoute({
    operationId,
    method: 'POST',
    path: `/v1/clubs/{clubId}/tournaments/{tournamentId}/${action}`,
    summary,
    tags: TAGS,
    params: TournamentParams,
    responses: { 200: { description: 'The tournament', schema: Tournament } },
    problems: [409],
    handle: async (req) => {
      const { state, version } = await runTournamentCommand(req, (s, ctx) => changeStatus(s, { to }, ctx));
      return versioned(200, version, tournamentView(state));
    },
  });

export const tournamentRoutes = [
  listTournamentsRoute,
  createTournamentRoute,
  getTournamentRoute,
  updateTournamentRoute,
  lifecycle('openRegistration', 'open-registration', 'registration_open', 'Open registration (R-LIFE-1)'),
  lifecycle('startTournament', 'start', 'running', 'Start the tournament (R-LIFE-1)'),
  finishRoute,
  lifecycle('cancelTournament', 'cancel', 'cancelled', 'Cancel the tournament from any non-final status (R-LIFE-1)'),
];
