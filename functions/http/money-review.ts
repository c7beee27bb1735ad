import { PutCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { defineRoute } from '../platform/route';
import { domainContext, iso } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { config } from '../platform/config';
import { dynamo } from '../store/client';
import type { Context } from '../../domain/core/context';
import { decideMoneyHold, holdAfterWrite } from '../../domain/tournaments/money-hold';
import { page, PageQuery } from '../../schemas/common';
import { Tournament, TournamentParams } from '../../schemas/tournaments';
import { MoneyReviewDecisionBody, MoneyReviewQueueItem } from '../../schemas/money-review';
import { runTournamentCommand, tournamentView, versioned, type FloorEvent } from './tournament-support';
import type { StoredTournament } from '../store/tournament-store';

/**
 * R-MONEY-2: the moderation queue of texts the money checker held for review. One item per held
 * tournament, written in the same transaction as the tournament (so the queue and the holds agree),
 * removed when the hold is lifted. Operators list it and approve or reject; the club reads the hold in
 * the tournament itself.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
const QUEUE_PK = 'money-review';
const TAGS = ['Moderation'];

const queueKey = (t: { clubId: string; id: string }) => ({ pk: QUEUE_PK, sk: `${t.clubId}#${t.id}` });

/** The queue item that mirrors a tournament's hold: put while held, deleted otherwise. */
export function moneyQueueCompanions(next: StoredTournament): TransactItem[] {
  const TableName = config().tableName;
  if (next.moneyHold?.status === 'held') {
    return [
      {
        Put: {
          TableName,
          Item: { ...queueKey(next), clubId: next.clubId, tournamentId: next.id, name: next.settings.name, since: next.moneyHold.since, items: JSON.stringify(next.moneyHold.items) },
        },
      },
    ];
  }
  return [{ Delete: { TableName, Key: queueKey(next) } }];
}

/** For a tournament written outside a command (its creation): the queue item on its own. */
export async function putMoneyQueueItem(t: StoredTournament): Promise<void> {
  const [item] = moneyQueueCompanions(t);
  if (item?.Put) await dynamo().doc.send(new PutCommand(item.Put));
}

type Change = (s: StoredTournament, ctx: Context) => Promise<{ state: StoredTournament; events: FloorEvent[] }>;

/** Wraps a settings write: the texts it leaves are checked again and the hold follows them. */
export const withMoneyHold =
  (change: Change): Change =>
  async (s, ctx) => {
    const r = await change(s, ctx);
    return { ...r, state: holdAfterWrite(r.state, ctx.now) as StoredTournament };
  };

export { moneyHoldView } from './money-hold-view';

// Built outside the route definitions: a definition whose arguments call anything stays in every bundle
// that imports this module, handler included (test/infra/bundles.test.ts).
const MoneyReviewPage = page(MoneyReviewQueueItem);

export const listMoneyReviewsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMoneyReviews',
  method: 'GET',
  path: '/v1/operator/money-reviews',
  summary: 'The moderation queue of tournament texts held by the money check, oldest first in a page (R-MONEY-2)',
  tags: TAGS,
  query: PageQuery,
  responses: { 200: { description: 'A page of held tournaments', schema: MoneyReviewPage } },
  handle: async (req) => {
    const scope = 'money-reviews';
    const start = openCursor(req.query.cursor, scope);
    const out = await dynamo().doc.send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': QUEUE_PK },
        Limit: req.query.limit ?? 20,
        ...(start ? { ExclusiveStartKey: JSON.parse(start) as Record<string, unknown> } : {}),
      }),
    );
    const items = (out.Items ?? [])
      .map((i) => ({
        clubId: String(i.clubId),
        tournamentId: String(i.tournamentId),
        name: String(i.name),
        since: iso(Number(i.since)),
        items: JSON.parse(String(i.items)) as { field: string; fragment: string; reason: string }[],
      }))
      .sort((a, b) => a.since.localeCompare(b.since));
    const next = out.LastEvaluatedKey ? JSON.stringify(out.LastEvaluatedKey) : null;
    return { status: 200, body: { items, nextCursor: sealCursor(next, scope) } };
  },
});

export const decideMoneyReviewRoute = /* @__PURE__ */ defineRoute({
  operationId: 'decideMoneyReview',
  method: 'POST',
  path: '/v1/operator/clubs/{clubId}/tournaments/{tournamentId}/money-review',
  summary: 'Approve or reject the texts a tournament holds for review; approved, it may open registration (R-MONEY-2, R-MOD-1)',
  tags: TAGS,
  params: TournamentParams,
  body: MoneyReviewDecisionBody,
  responses: { 200: { description: 'The tournament after the decision', schema: Tournament } },
  problems: [409],
  handle: async (req) => {
    const ctx = domainContext(req, 'operator');
    const { state, version } = await runTournamentCommand(
      req,
      async (s) => {
        const { state: decided, approved } = decideMoneyHold(s, req.body.decision, req.body.reason, ctx);
        const next = { ...decided, ...(approved ? { moneyApproved: approved } : {}) } as StoredTournament;
        return { state: next, events: [{ type: `tournament.money_review_${req.body.decision === 'approve' ? 'approved' : 'rejected'}` }] };
      },
      moneyQueueCompanions,
    );
    return versioned(200, version, tournamentView(state));
  },
});

export const moneyReviewRoutes = [listMoneyReviewsRoute, decideMoneyReviewRoute];
