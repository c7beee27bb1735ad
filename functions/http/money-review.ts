import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { page, PageQuery } from '../../schemas/common';
import { Tournament, TournamentParams } from '../../schemas/tournaments';
import { MoneyReviewDecisionBody, MoneyReviewQueueItem } from '../../schemas/money-review';
import { decideMoneyReview, moneyReviewQueue } from '../app/tournaments/money-review';
import { commandOf, tournamentView, versioned } from './tournament-support';

/**
 * R-MONEY-2: the moderation queue of texts the money checker held for review (kept with the tournament
 * by app/tournaments/money-review.ts). Operators list it and approve or reject; the club reads the hold
 * in the tournament itself.
 */

const TAGS = ['Moderation'];

export { moneyHoldView } from './money-hold-view';

// Built outside the route definitions: a definition whose arguments call anything stays in every bundle
// that imports this module, handler included (test/infra/bundles.test.ts).
const MoneyReviewPage = page(MoneyReviewQueueItem);

export const listMoneyReviewsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMoneyReviews',
  access: { kind: 'operator' },
  method: 'GET',
  path: '/v1/operator/money-reviews',
  summary: 'The moderation queue of tournament texts held by the money check, oldest first in a page (R-MONEY-2)',
  tags: TAGS,
  query: PageQuery,
  responses: { 200: { description: 'A page of held tournaments', schema: MoneyReviewPage } },
  handle: async (req) => {
    const scope = 'money-reviews';
    const { items, cursor } = await moneyReviewQueue({ limit: req.query.limit ?? 20, cursor: openCursor(req.query.cursor, scope) ?? null });
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const decideMoneyReviewRoute = /* @__PURE__ */ defineRoute({
  operationId: 'decideMoneyReview',
  access: { kind: 'operator' },
  method: 'POST',
  path: '/v1/operator/clubs/{clubId}/tournaments/{tournamentId}/money-review',
  summary:
    "Approve or reject the texts a tournament holds for review, with a reason (required to reject); the decision names the operator, goes into the log and the club's moderation notices, and the club is told. Approved, it may open registration (R-MONEY-2, R-MOD-1)",
  tags: TAGS,
  params: TournamentParams,
  body: MoneyReviewDecisionBody,
  responses: { 200: { description: 'The tournament after the decision', schema: Tournament } },
  problems: [409, 422],
  handle: async (req) => {
    const { state, version } = await decideMoneyReview(commandOf(req, 'operator'), req.body.decision, req.body.reason);
    return versioned(200, version, tournamentView(state));
  },
});

export const moneyReviewRoutes = [listMoneyReviewsRoute, decideMoneyReviewRoute];
