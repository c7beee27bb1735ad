import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Context } from '../../../domain/core/context';
import { decideMoneyHold, holdAfterWrite, type MoneyDecision } from '../../../domain/tournaments/money-hold';
import { iso } from '../../platform/domain-context';
import { logger } from '../../runtime/logger';
import { entities } from '../../store/entities';
import type { TransactDelete, TransactPut } from '../../store/entities/items';
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

const queueRow = (t: StoredTournament) => ({
  clubId: t.clubId,
  tournamentId: t.id,
  name: t.settings.name,
  since: t.moneyHold?.since ?? 0,
  items: JSON.stringify(t.moneyHold?.items ?? []),
});

/** The queue item that mirrors a tournament's hold: put while held, deleted otherwise. */
export function moneyQueueCompanions(next: StoredTournament): TransactItem[] {
  const queue = entities().moneyReview;
  if (next.moneyHold?.status === 'held') return [{ Put: queue.put(queueRow(next)).params<TransactPut>() }];
  return [{ Delete: queue.delete({ clubId: next.clubId, tournamentId: next.id }).params<TransactDelete>() }];
}

/** For a tournament written outside a command (its creation): the queue item on its own. */
export async function putMoneyQueueItem(t: StoredTournament): Promise<void> {
  if (t.moneyHold?.status === 'held') await entities().moneyReview.put(queueRow(t)).go({ response: 'none' });
}

export interface HeldTournament {
  clubId: string;
  tournamentId: string;
  name: string;
  since: string;
  items: { field: string; fragment: string; reason: string }[];
}

/**
 * A page of the queue, oldest hold first within the page. The cursor is ElectroDB's; items queued before
 * the entity have no identity attributes, so the query ignores ownership (the partition holds nothing else).
 */
export async function moneyReviewQueue(page: PageRequest): Promise<Page<HeldTournament>> {
  const { data, cursor } = await entities()
    .moneyReview.query.primary({})
    .go({ limit: page.limit, cursor: page.cursor, ignoreOwnership: true });
  const items = data
    .map((i) => ({
      clubId: i.clubId,
      tournamentId: i.tournamentId,
      name: i.name,
      since: iso(i.since),
      items: JSON.parse(i.items) as HeldTournament['items'],
    }))
    .sort((a, b) => a.since.localeCompare(b.since));
  return { items, cursor };
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
