import type { PageRequest } from './page';
import { iso } from '../platform/domain-context';
import { logger } from '../runtime/logger';
import { entities } from '../store/entities';
import type { TransactPut } from '../store/entities/items';
import { changeResultName } from '../store/result-names';
import type { StoredTournament } from '../store/tournament-store';
import { notifier } from '../adapters/notifications';
import { setContentHidden, type ContentEvent, type ContentTarget } from '../../domain/moderation/content';
import type { Context } from '../../domain/core/context';
import { Conflict, NotFound } from '../runtime/errors';
import { writePlayerModeration } from './player-moderation';
import { executeTournamentCommand, type TournamentCommand } from './tournament-command';

/*
 * R-MOD-1: the operator takes one tournament, one prize row or one mystery prize out of public view,
 * with a reason, and can put it back. Each decision is appended to the moderation record of the club in
 * the same transaction as the change, and the club's owner and managers are told why in their feed.
 */

/** The club's owner and managers: who hears of a decision about the club's content. */
export async function clubStaffToTell(clubId: string): Promise<string[]> {
  const { data } = await entities().member.query.primary({ clubId }).go({ pages: 'all' });
  return data.filter((m) => m.role === 'owner' || m.role === 'manager').map((m) => m.userId);
}

async function tellClub(state: StoredTournament, e: ContentEvent, actionId: string): Promise<void> {
  const what =
    e.kind === 'tournament' ? 'the tournament' : e.kind === 'prize_row' ? `prize row ${Number(e.itemId) + 1}` : 'a mystery prize';
  try {
    await notifier().publish(await clubStaffToTell(state.clubId), {
      id: `${state.id}.moderation.${actionId}`,
      type: e.type,
      at: e.at,
      clubId: state.clubId,
      tournamentId: state.id,
      title: `${state.settings.name}: ${what} ${e.type === 'content.hidden' ? 'hidden' : 'shown again'} by the operator: ${e.reason}`,
      data: { kind: e.kind, itemId: e.itemId, reason: e.reason, hidden: e.type === 'content.hidden' },
    });
  } catch (err) {
    // The decision stands and the notice list shows it; the feed is a courtesy.
    logger.warn('moderation notice not delivered to the feed', { tournamentId: state.id, error: (err as Error).message });
  }
}

/** One decision on a piece of a tournament, audited with the change in one transaction; answers the decision. */
export async function setContentVisibility(
  command: TournamentCommand,
  target: (state: StoredTournament) => ContentTarget,
  body: { hidden: boolean; reason: string },
): Promise<ContentEvent> {
  const { clubId, tournamentId } = command;
  const actionId = command.ctx.newId('mod');
  const outcome = await executeTournamentCommand(
    command,
    (state, ctx) => {
      const r = setContentHidden(state.contentModeration, target(state), body, ctx);
      return { state: { ...state, contentModeration: r.moderation, updatedAt: ctx.now }, events: [r.event], value: r.event };
    },
    {
      companions: (_next, { value: e }) => {
        const record = {
          targetKey: `club#${clubId}`,
          actionId,
          at: iso(e.at),
          action: e.type === 'content.hidden' ? 'hide' : 'restore',
          reason: e.reason,
          by: e.by,
          kind: e.kind,
          tournamentId,
          itemId: e.itemId,
        };
        return [{ Put: entities().moderation.create(record).params<TransactPut>() }];
      },
    },
  );
  await tellClub(outcome.state, outcome.value, actionId);
  return outcome.value;
}

/**
 * The operator hides a player's display name from public views (results show no name), or shows it
 * again; the decision goes to the player's moderation record with the change (./player-moderation.ts).
 */
export async function setDisplayNameVisibility(userId: string, body: { hidden: boolean; reason: string }, ctx: Context) {
  const at = iso(ctx.now);
  const { data: player } = await entities()
    .player.get({ userId })
    .go({ attributes: ['userId', 'displayNameHiddenReason', 'updatedAt'] });
  if (!player) throw new NotFound('PLAYER_NOT_FOUND', 'No such player');
  const isHidden = player.displayNameHiddenReason !== undefined;
  if (body.hidden && isHidden) throw new Conflict('CONTENT_ALREADY_HIDDEN', 'The display name is already hidden');
  if (!body.hidden && !isHidden) throw new Conflict('CONTENT_NOT_HIDDEN', 'The display name is not hidden');
  await writePlayerModeration({
    userId,
    set: body.hidden ? { displayNameHiddenReason: body.reason, updatedAt: at } : { updatedAt: at },
    ...(body.hidden ? {} : { remove: ['displayNameHiddenReason'] as const }),
    unchangedSince: player.updatedAt,
    record: {
      actionId: ctx.newId('mod'),
      at,
      action: body.hidden ? 'hide' : 'restore',
      reason: body.reason,
      by: ctx.actor.id,
      kind: 'display_name',
      itemId: userId,
    },
  });
  // Finished tournaments keep their players' names in one item each: the decision reaches those too.
  const registrations = await entities()
    .playerRegistration.query.byPlayer({ playerId: userId })
    .go({ pages: 'all', attributes: ['clubId', 'tournamentId'] });
  await changeResultName(userId, registrations.data, body.hidden ? 'hide' : 'restore');
  return { kind: 'display_name' as const, targetId: userId, hidden: body.hidden, reason: body.reason, by: ctx.actor.id, at };
}

/** The operator's decisions about a club and its content, newest first; the cursor is the store's. */
export async function moderationNotices(clubId: string, page: PageRequest) {
  const { data, cursor } = await entities()
    .moderation.query.primary({ targetKey: `club#${clubId}` })
    .go({ order: 'desc', limit: page.limit, cursor: page.cursor });
  const items = data.map((m) => ({
    noticeId: m.actionId,
    at: m.at,
    action: m.action,
    kind: m.kind ?? 'club',
    ...(m.tournamentId ? { tournamentId: m.tournamentId } : {}),
    ...(m.itemId ? { targetId: m.itemId } : {}),
    reason: m.reason,
    by: m.by,
  }));
  return { items, cursor };
}
