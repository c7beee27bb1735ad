import { PutCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { dynamo } from '../../store/client';
import type { Context } from '../../../domain/core/context';
import { decideMoneyHold, holdAfterWrite, type MoneyDecision } from '../../../domain/tournaments/money-hold';
import { iso } from '../../platform/domain-context';
import { logger } from '../../platform/logger';
import { entities } from '../../store/entities';
import type { TransactPut } from '../../store/entities/items';
import { notifier } from '../../adapters/notifications';
import { clubStaffToTell } from '../content-moderation';
import type { StoredTournament } from '../../store/tournament-store';
import type { Page, PageRequest } from '../page';
import { executeTournamentCommand, type Decision, type FloorEvent, type TournamentCommand } from '../tournament-command';

/**
 * R-MONEY-2: the moderation queue of texts the money checker held for review. One item per held
 * tournament, written in the same transaction as the tournament (so the queue and the holds agree),
 * removed when the hold is lifted. Operators list it (http/money-review.ts) and approve or reject.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export const QUEUE_PK = 'money-review';

const queueKey = (t: { clubId: string; id: string }) => ({ pk: QUEUE_PK, sk: `${t.clubId}#${t.id}` });

/** The queue item that mirrors a tournament's hold: put while held, deleted otherwise. */
export function moneyQueueCompanions(next: StoredTournament): TransactItem[] {
  const TableName = config().tableName;
  if (next.moneyHold?.status === 'held') {
    return [
      {
        Put: {
          TableName,
          Item: {
            ...queueKey(next),
            clubId: next.clubId,
            tournamentId: next.id,
            name: next.settings.name,
            since: next.moneyHold.since,
            items: JSON.stringify(next.moneyHold.items),
          },
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

export interface HeldTournament {
  clubId: string;
  tournamentId: string;
  name: string;
  since: string;
  items: { field: string; fragment: string; reason: string }[];
}

/** A page of the queue, oldest hold first within the page. The cursor is DynamoDB's last key as JSON. */
export async function moneyReviewQueue(page: PageRequest): Promise<Page<HeldTournament>> {
  const out = await dynamo().doc.send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': QUEUE_PK },
      Limit: page.limit,
      ...(page.cursor ? { ExclusiveStartKey: JSON.parse(page.cursor) as Record<string, unknown> } : {}),
    }),
  );
  const items = (out.Items ?? [])
    .map((i) => ({
      clubId: String(i.clubId),
      tournamentId: String(i.tournamentId),
      name: String(i.name),
      since: iso(Number(i.since)),
      items: JSON.parse(String(i.items)) as HeldTournament['items'],
    }))
    .sort((a, b) => a.since.localeCompare(b.since));
  return { items, cursor: out.LastEvaluatedKey ? JSON.stringify(out.LastEvaluatedKey) : null };
}

type Change<V> = (s: StoredTournament, ctx: Context) => Promise<Decision<FloorEvent, V>>;

/** Wraps a settings write: the texts it leaves are checked again and the hold follows them. */
export const withMoneyHold =
  <V>(change: Change<V>): Change<V> =>
  async (s, ctx) => {
    const r = await change(s, ctx);
    return { ...r, state: holdAfterWrite(r.state, ctx.now) as StoredTournament };
  };

/** The club's notice of the decision, in the owner's and managers' feed; the moderation record is the one that stays. */
async function tellClub(state: StoredTournament, d: MoneyDecision, actionId: string): Promise<void> {
  const verb = d.decision === 'approve' ? 'approved' : 'rejected';
  try {
    await notifier().publish(await clubStaffToTell(state.clubId), {
      id: `${state.id}.money-review.${actionId}`,
      type: `tournament.money_review_${verb}`,
      at: d.decidedAt,
      clubId: state.clubId,
      tournamentId: state.id,
      title: `${state.settings.name}: the texts held for review were ${verb} by the operator ${d.decidedBy}${d.reason ? `: ${d.reason}` : ''}`,
      data: { decision: d.decision, decidedBy: d.decidedBy, ...(d.reason ? { reason: d.reason } : {}), items: d.items },
    });
  } catch (err) {
    // The decision stands and the moderation notices show it; the feed is a courtesy.
    logger.warn('money review notice not delivered to the feed', { tournamentId: state.id, error: (err as Error).message });
  }
}

/**
 * The operator approves or rejects the held texts; approved, the tournament may open registration (R-MOD-1).
 * The decision (who, when, why, which texts) goes into the tournament's log as the event's data and into the
 * club's moderation record in the same transaction; the club is told in its feed.
 */
export async function decideMoneyReview(command: TournamentCommand, decision: 'approve' | 'reject', reason: string | undefined) {
  const actionId = command.ctx.newId('mod');
  const outcome = await executeTournamentCommand(
    command,
    async (s, ctx) => {
      const { state: next, approved, decided } = decideMoneyHold(s, decision, reason, ctx);
      return {
        state: { ...next, ...(approved ? { moneyApproved: approved } : {}) } as StoredTournament,
        events: [{ type: `tournament.money_review_${decision === 'approve' ? 'approved' : 'rejected'}`, ...decided }],
        value: decided,
      };
    },
    {
      companions: (next, { value: d }) => [
        ...moneyQueueCompanions(next),
        {
          Put: entities()
            .moderation.create({
              targetKey: `club#${command.clubId}`,
              actionId,
              at: iso(d.decidedAt),
              action: d.decision === 'approve' ? 'money_approve' : 'money_reject',
              reason: d.reason ?? '',
              by: d.decidedBy,
              kind: 'tournament',
              tournamentId: command.tournamentId,
            })
            .params<TransactPut>(),
        },
      ],
    },
  );
  await tellClub(outcome.state, outcome.value, actionId);
  return outcome;
}
