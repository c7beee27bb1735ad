import type { Context } from '../../domain/core/context';
import { iso } from '../platform/domain-context';
import { entities, store } from '../store/entities';
import { defined } from '../store/entities/items';
import { clubCatalogKey } from '../store/club-catalog';
import { Conflict, NotFound } from '../runtime/errors';
import { writePlayerModeration } from './player-moderation';

/** R-MOD-1: the operator suspends or unsuspends a club or a player; each decision is audited with the change. */

export interface Suspension {
  suspended: boolean;
  reason: string;
}

/** The decision as recorded. */
export interface SuspensionDecision extends Suspension {
  targetId: string;
  by: string;
  at: string;
}

/** A suspended club's staff are refused and it leaves the public catalogue (R-CLUB-4); its data is kept. */
export async function setClubSuspension(clubId: string, decision: Suspension, ctx: Context): Promise<SuspensionDecision> {
  const at = iso(ctx.now);
  const { data: club } = await entities()
    .club.get({ clubId })
    .go({ attributes: ['clubId', 'name', 'city', 'updatedAt'] });
  if (!club) throw new NotFound('CLUB_NOT_FOUND', 'No such club');
  // Unsuspended, the club comes back to the catalogue.
  const catalogKey = clubCatalogKey({ clubId, name: club.name, city: club.city, suspended: decision.suspended });
  const { canceled } = await store()
    .transaction.write(({ club: clubs, moderation }) => {
      const update = clubs.patch({ clubId }).set(
        defined({
          suspended: decision.suspended,
          suspendedReason: decision.reason,
          updatedAt: at,
          ...(catalogKey ? { catalogKey } : {}),
        }),
      );
      return [
        (catalogKey ? update : update.remove(['catalogKey'])).where((c, { eq }) => eq(c.updatedAt, club.updatedAt)).commit(),
        moderation
          .create({
            targetKey: `club#${clubId}`,
            actionId: ctx.newId('mod'),
            at,
            action: decision.suspended ? 'suspend' : 'unsuspend',
            reason: decision.reason,
            by: ctx.actor.id,
          })
          .commit(),
      ];
    })
    .go();
  if (canceled) throw new Conflict('CONFLICT', 'The club changed meanwhile; retry');
  return { targetId: clubId, suspended: decision.suspended, reason: decision.reason, by: ctx.actor.id, at };
}

/** A suspended player's account is refused (R-MOD-1). */
export async function setPlayerSuspension(userId: string, decision: Suspension, ctx: Context): Promise<SuspensionDecision> {
  const at = iso(ctx.now);
  const { data: player } = await entities()
    .player.get({ userId })
    .go({ attributes: ['userId'] });
  if (!player) throw new NotFound('PLAYER_NOT_FOUND', 'No such player');
  await writePlayerModeration({
    userId,
    set: { suspended: decision.suspended, suspendedReason: decision.reason, updatedAt: at },
    record: {
      actionId: ctx.newId('mod'),
      at,
      action: decision.suspended ? 'suspend' : 'unsuspend',
      reason: decision.reason,
      by: ctx.actor.id,
    },
  });
  return { targetId: userId, suspended: decision.suspended, reason: decision.reason, by: ctx.actor.id, at };
}
