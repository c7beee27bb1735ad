import { defineRoute, type RouteRequest } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { club, FLOOR } from '../platform/authorization';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { PlayerRatingPage, RatingOptIn, RatingOptInBody, RatingPlayerParams, RatingRow } from '../../schemas/rating';
import { playerRatingHistory, ratingBoardPage, ratingNames, ratingOptIn, setRatingOptIn } from '../app/season/rating';

/*
 * R-RATE-1: the cross-club rating on the wire. A club opts in (owner or manager); the leaderboard and a
 * player's history are public, the player's own at /v1/me/rating. Figures are the model's mu and sigma
 * and the ordinal mu - 3 sigma (docs/decisions.md "Cross-club rating").
 */

const TAGS = ['Rating'];
const DEFAULT_PAGE = 50;

// Built outside the route definitions (test/infra/bundles.test.ts).
const RatingBoard = page(RatingRow);

const named = async <T extends { playerId: string }>(rows: readonly T[]) => {
  const names = await ratingNames(rows.map((r) => r.playerId));
  return rows.map((r) => ({ ...r, ...(names.has(r.playerId) ? { displayName: names.get(r.playerId) as string } : {}) }));
};

async function historyBody(playerId: string, req: RouteRequest<unknown, { limit?: number; cursor?: string }, unknown>) {
  const scope = `rating-history:${playerId}`;
  const { rating, items, cursor } = await playerRatingHistory(
    playerId,
    req.query.limit ?? DEFAULT_PAGE,
    openCursor(req.query.cursor, scope) ?? null,
  );
  const [withName] = await named([rating]);
  return { rating: withName ?? rating, items, nextCursor: sealCursor(cursor, scope) };
}

export const getRatingOptInRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getRatingOptIn',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'GET',
  path: '/v1/clubs/{clubId}/rating-opt-in',
  summary: "Whether the club's finished tournaments count for the cross-club rating (R-RATE-1)",
  tags: TAGS,
  params: ClubIdParams,
  responses: { 200: { description: 'The choice', schema: RatingOptIn } },
  handle: async (req) => ({ status: 200, body: { clubId: req.params.clubId, optIn: await ratingOptIn(req.params.clubId) } }),
});

export const setRatingOptInRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setRatingOptIn',
  access: /* @__PURE__ */ club(FLOOR, false),
  method: 'PUT',
  path: '/v1/clubs/{clubId}/rating-opt-in',
  summary: "Opt the club in or out of the cross-club rating: from then on its tournaments' finishes are rated (R-RATE-1)",
  tags: TAGS,
  params: ClubIdParams,
  body: RatingOptInBody,
  responses: { 200: { description: 'The choice', schema: RatingOptIn } },
  handle: async (req) => ({ status: 200, body: await setRatingOptIn(req.params.clubId, req.body.optIn, domainContext(req)) }),
});

export const ratingBoardRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getRatingLeaderboard',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/ratings',
  summary: 'The cross-club rating, highest ordinal (mu - 3 sigma) first, with mu and sigma (R-RATE-1)',
  tags: TAGS,
  query: PageQuery,
  responses: { 200: { description: 'A page of the leaderboard', schema: RatingBoard } },
  handle: async (req) => {
    const scope = 'rating-board';
    const { items, cursor } = await ratingBoardPage(req.query.limit ?? DEFAULT_PAGE, openCursor(req.query.cursor, scope) ?? null);
    return { status: 200, body: { items: await named(items), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const playerRatingRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getPlayerRating',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/ratings/players/{playerId}',
  summary: "A player's rating and its history, newest finish first (R-RATE-1)",
  tags: TAGS,
  params: RatingPlayerParams,
  query: PageQuery,
  responses: { 200: { description: 'The rating and a page of its history', schema: PlayerRatingPage } },
  problems: [404],
  handle: async (req) => ({ status: 200, body: await historyBody(req.params.playerId, req) }),
});

export const myRatingRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getMyRating',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me/rating',
  summary: 'My rating and its history, newest finish first (R-RATE-1)',
  tags: TAGS,
  query: PageQuery,
  responses: { 200: { description: 'The rating and a page of its history', schema: PlayerRatingPage } },
  problems: [404],
  handle: async (req) => {
    if (req.principal.kind !== 'user') throw new Error('user route without a user');
    return { status: 200, body: await historyBody(req.principal.userId, req) };
  },
});

export const ratingRoutes = [getRatingOptInRoute, setRatingOptInRoute, ratingBoardRoute, playerRatingRoute, myRatingRoute];
