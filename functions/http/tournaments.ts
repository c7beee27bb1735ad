import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { entities } from '../store/entities';
import { createTournamentItem, requireTournament } from '../store/tournament-store';
import { createTournament, editSettings, type TournamentStatus } from '../../domain/tournaments';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import * as z from '../../schemas/zod';
import { CreateTournamentBody, Tournament, TournamentParams, TournamentSummary, UpdateTournamentBody } from '../../schemas/tournaments';
import { clubItemKey, loadClub } from './clubs';
import { createInput, patchInput, runTournamentCommand, tournamentView, versioned } from './tournament-support';
import { publishTournamentEvents } from './tournament-events';
import { structureToFreeze, withFrozenStructure } from './tournament-structure';
import { withMysteryCommitment } from '../../domain/floor/bounties';
import { randomSecret } from '../platform/ids';
import { holdAfterWrite } from '../../domain/tournaments/money-hold';
import { moneyQueueCompanions, putMoneyQueueItem, withMoneyHold } from './money-review';
import { idField } from '../platform/prefetch';
import { structureItemKey } from '../store/blind-structures';

const TAGS = ['Tournaments'];

export const listTournamentsRoute = /* @__PURE__ */ defineRoute({
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
    const index = entities().tournament.query.byClub({ clubId: req.params.clubId });
    const { data, cursor } = await (req.query.from ? index.gte({ startsAt: req.query.from }) : index).go({
      limit: req.query.limit ?? 50,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    const items = data.map((t) => ({ tournamentId: t.tournamentId, clubId: t.clubId, name: t.name, status: t.status as TournamentStatus, startAt: t.startsAt, ...(t.city ? { city: t.city } : {}) }));
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const createTournamentRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createTournament',
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
    return clubId ? [clubItemKey(clubId), ...(structureId ? [structureItemKey(clubId, structureId)] : [])] : [];
  },
  handle: async (req) => {
    const club = await loadClub(req.params.clubId, req.prefetched);
    const { state, events } = createTournament(
      { clubId: club.clubId, clubCurrency: club.currency, settings: createInput(req.body) },
      domainContext(req),
    );
    // R-LIFE-2: the structure is frozen with the other settings from the announcement on.
    // R-MYS-2: a mystery prize table is committed (hashes of the table and of a secret seed) as it is announced.
    const announced = withMysteryCommitment({ ...state, version: 1 }, randomSecret(), req.now);
    const stored = withFrozenStructure(announced, await structureToFreeze(club.clubId, state.settings.blindStructureId, req.prefetched));
    // R-MONEY-2: texts the money check holds are stored, and the tournament waits for an operator.
    const held = holdAfterWrite(stored, req.now) as typeof stored;
    await createTournamentItem(held, club.city);
    await putMoneyQueueItem(held);
    await publishTournamentEvents(held, events);
    return { ...versioned(201, 1, tournamentView(held)), headers: { etag: '"1"', location: `/v1/clubs/${club.clubId}/tournaments/${state.id}` } };
  },
});

export const getTournamentRoute = /* @__PURE__ */ defineRoute({
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

export const updateTournamentRoute = /* @__PURE__ */ defineRoute({
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
    // R-MONEY-2: the edited texts are checked again; the hold and the moderation queue follow them.
    const { state, version } = await runTournamentCommand(req, withMoneyHold(async (s, ctx) => {
      const edited = editSettings(s, { patch: patchInput(req.body) }, ctx);
      // R-MYS-2: a changed mystery prize table gets a fresh commitment in the same write.
      const r = { ...edited, state: withMysteryCommitment({ ...s, ...edited.state }, randomSecret(), ctx.now) };
      // Naming a structure (or clearing it) while announced copies the grid it names now.
      if (req.body.blindStructureId === undefined) return r;
      return { ...r, state: withFrozenStructure({ ...s, ...r.state }, await structureToFreeze(s.clubId, r.state.settings.blindStructureId)) };
    }), moneyQueueCompanions);
    return versioned(200, version, tournamentView(state));
  },
});

/** A tournament's settings: list, create, read, edit. Its lifecycle is in tournament-lifecycle.ts. */
export const tournamentRoutes = [listTournamentsRoute, createTournamentRoute, getTournamentRoute, updateTournamentRoute];
