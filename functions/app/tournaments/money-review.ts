import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { dynamo } from '../../store/client';
import type { Context } from '../../../domain/core/context';
import { decideMoneyHold, holdAfterWrite } from '../../../domain/tournaments/money-hold';
import type { StoredTournament } from '../../store/tournament-store';
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

type Change<V> = (s: StoredTournament, ctx: Context) => Promise<Decision<FloorEvent, V>>;

/** Wraps a settings write: the texts it leaves are checked again and the hold follows them. */
export const withMoneyHold =
  <V>(change: Change<V>): Change<V> =>
  async (s, ctx) => {
    const r = await change(s, ctx);
    return { ...r, state: holdAfterWrite(r.state, ctx.now) as StoredTournament };
  };

/** The operator approves or rejects the held texts; approved, the tournament may open registration (R-MOD-1). */
export const decideMoneyReview = (command: TournamentCommand, decision: 'approve' | 'reject', reason: string) =>
  executeTournamentCommand(
    command,
    async (s, ctx) => {
      const { state: decided, approved } = decideMoneyHold(s, decision, reason, ctx);
      const next = { ...decided, ...(approved ? { moneyApproved: approved } : {}) } as StoredTournament;
      return {
        state: next,
        events: [{ type: `tournament.money_review_${decision === 'approve' ? 'approved' : 'rejected'}` }],
        value: undefined,
      };
    },
    { companions: moneyQueueCompanions },
  );
