import { defineRoute } from '../platform/route';
import type { RouteRequest } from '../platform/route';
import { domainContext, iso } from '../platform/domain-context';
import type { FloorTournament as StoredTournament } from '../../domain/floor/aggregate';
import { notFound } from '../../domain/core/errors';
import { prizeRowTarget, type ContentTarget } from '../../domain/moderation/content';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { TournamentParams } from '../../schemas/tournaments';
import { PlayerParams } from '../../schemas/players';
import { ModerationNotice, MysteryDrawParams, PrizeRowParams, VisibilityBody, VisibilityResult } from '../../schemas/content-moderation';
import { openCursor, sealCursor } from '../platform/cursor';
import { moderationNotices, setContentVisibility, setDisplayNameVisibility } from '../app/content-moderation';
import { commandOf } from './tournament-support';
import { club, FLOOR } from '../platform/authorization';

/*
 * R-MOD-1: the operator takes one tournament, one prize row, one mystery prize or one display name out
 * of public view, with a reason, and can put it back. Each decision is appended to the moderation
 * record of the club (or the player) in the same transaction as the change; the club reads its notices
 * at /moderation-notices. The decisions on a tournament are app/content-moderation.ts.
 */

const TAGS = ['Moderation'];
type Body = { hidden: boolean; reason: string };
type Params = { clubId: string; tournamentId: string };

/** One decision on a piece of a tournament (app/content-moderation.ts), answered as recorded. */
async function decide(req: RouteRequest<Params, unknown, Body>, target: (state: StoredTournament) => ContentTarget) {
  // The operator decides on the tournament as it is: no If-Match.
  const e = await setContentVisibility({ ...commandOf(req, 'operator'), expectedVersion: undefined }, target, req.body);
  return {
    status: 200,
    body: {
      kind: e.kind,
      targetId: e.itemId,
      tournamentId: req.params.tournamentId,
      hidden: e.type === 'content.hidden',
      reason: e.reason,
      by: e.by,
      at: iso(e.at),
    },
  };
}

const responses = { 200: { description: 'The decision as recorded', schema: VisibilityResult } };
const BASE = '/v1/operator/clubs/{clubId}/tournaments/{tournamentId}';

export const setTournamentVisibilityRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setTournamentVisibility',
  access: { kind: 'operator' },
  method: 'POST',
  path: `${BASE}/visibility`,
  summary: 'Hide a tournament from the catalogue and every public view, or show it again, with a reason the club is told (R-MOD-1)',
  tags: TAGS,
  params: TournamentParams,
  body: VisibilityBody,
  responses,
  problems: [409, 422],
  handle: (req) => decide(req, (s) => ({ kind: 'tournament', itemId: s.id })),
});

export const setPrizeRowVisibilityRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setPrizeRowVisibility',
  access: { kind: 'operator' },
  method: 'POST',
  path: `${BASE}/prizes/{index}/visibility`,
  summary: 'Hide one prize row (0-based index in the prize list) from public views, or show it again, with a reason (R-MOD-1)',
  tags: TAGS,
  params: PrizeRowParams,
  body: VisibilityBody,
  responses,
  problems: [409, 422],
  handle: (req) => decide(req, (s) => prizeRowTarget(s.settings.prizes, req.params.index)),
});

export const setMysteryPrizeVisibilityRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setMysteryPrizeVisibility',
  access: { kind: 'operator' },
  method: 'POST',
  path: `${BASE}/mystery-draws/{drawId}/visibility`,
  summary: "Hide one mystery draw's prize text from public views, or show it again, with a reason (R-MOD-1)",
  tags: TAGS,
  params: MysteryDrawParams,
  body: VisibilityBody,
  responses,
  problems: [409, 422],
  handle: (req) =>
    decide(req, (s) => {
      if (!s.knockouts || !Object.hasOwn(s.knockouts.mysteryDraws, req.params.drawId))
        throw notFound('MYSTERY_DRAW_NOT_FOUND', 'No such mystery draw in this tournament');
      return { kind: 'mystery_prize', itemId: req.params.drawId };
    }),
});

export const setDisplayNameVisibilityRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setDisplayNameVisibility',
  access: { kind: 'operator' },
  method: 'POST',
  path: '/v1/operator/players/{playerId}/display-name/visibility',
  summary: "Hide a player's display name from public views (results show no name), or show it again, with a reason (R-MOD-1)",
  tags: TAGS,
  params: PlayerParams,
  body: VisibilityBody,
  responses,
  problems: [409, 422],
  handle: async (req) => ({
    status: 200,
    body: await setDisplayNameVisibility(req.params.playerId, req.body, domainContext(req, 'operator')),
  }),
});

/** The club reads why the operator acted on its content (and on the club itself): newest first. */
export const listModerationNoticesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listModerationNotices',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'GET',
  path: '/v1/clubs/{clubId}/moderation-notices',
  summary: "The operator's decisions about the club and its content, with their reasons, newest first (R-MOD-1)",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery,
  responses: { 200: { description: 'A page of notices', schema: page(ModerationNotice) } },
  handle: async (req) => {
    const scope = `moderation-notices:${req.params.clubId}`;
    const { items, cursor } = await moderationNotices(req.params.clubId, {
      limit: req.query.limit ?? 20,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const contentModerationRoutes = [
  setTournamentVisibilityRoute,
  setPrizeRowVisibilityRoute,
  setMysteryPrizeVisibilityRoute,
  setDisplayNameVisibilityRoute,
  listModerationNoticesRoute,
];
