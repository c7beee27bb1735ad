import { store } from '../store/entities';
import { defined } from '../store/entities/items';
import { Conflict } from '../runtime/errors';

/**
 * R-MOD-1: an operator's decision about a player (a suspension, a hidden display name) changes the
 * player's profile and appends the record of the decision to the player's moderation history, in one
 * transaction. Every such decision is written here.
 */

export interface PlayerModeration {
  userId: string;
  /** The profile fields the decision sets (undefined ones are left as they are) and those it clears. */
  set: { suspended?: boolean; suspendedReason?: string | undefined; displayNameHiddenReason?: string; updatedAt: string };
  remove?: readonly ('suspendedReason' | 'displayNameHiddenReason')[];
  /** The profile's `updatedAt` as the decision read it: the write is refused if it changed since. */
  unchangedSince?: string;
  record: { actionId: string; at: string; action: string; reason: string; by: string; kind?: string; itemId?: string };
}

export async function writePlayerModeration(m: PlayerModeration): Promise<void> {
  const { userId, unchangedSince } = m;
  const { canceled } = await store()
    .transaction.write(({ player, moderation }) => {
      const set = player.patch({ userId }).set(defined(m.set));
      const update = m.remove?.length ? set.remove([...m.remove]) : set;
      return [
        (unchangedSince === undefined ? update : update.where((p, { eq }) => eq(p.updatedAt, unchangedSince))).commit(),
        moderation.create({ targetKey: `player#${userId}`, ...m.record }).commit(),
      ];
    })
    .go();
  if (canceled) throw new Conflict('CONFLICT', 'The player changed meanwhile; retry');
}
