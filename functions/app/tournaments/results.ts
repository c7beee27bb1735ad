import type { ResultRow } from '../../../domain/results';
import { prefetchedItem, type ItemKey, type Prefetched } from '../../runtime/prefetch';
import { entities } from '../../store/entities';
import { batchGet } from '../../store/entities/items';
import { resultNames, resultNamesKey } from '../../store/result-names';

/** The names item the stream consumer writes at the finish, for the results route to read with its authorization. */
export const resultNamesRead = (clubId: string, tournamentId: string): ItemKey => resultNamesKey(clubId, tournamentId);

/**
 * Names for the rows: from the tournament's names item once the stream consumer wrote it at the finish
 * (read with the authorization), else from the players' profiles. `erasedName` stands for an erased
 * player (R-PD-1); a display name the operator hid is not shown to the public (R-MOD-1).
 */
export async function namedResultRows<R extends ResultRow>(
  rows: readonly R[],
  where: { clubId: string; tournamentId: string; publicView: boolean; erasedName: string; prefetched: Prefetched },
): Promise<(R & { displayName?: string })[]> {
  const namesItem = prefetchedItem(where.prefetched, resultNamesKey(where.clubId, where.tournamentId));
  const kept = resultNames(namesItem, { publicView: where.publicView, erasedName: where.erasedName });
  const names = kept ?? new Map<string, string>();
  const ids = kept ? [] : [...new Set(rows.map((r) => r.playerId))];
  const profiles =
    ids.length > 0
      ? await batchGet(
          ids.map((userId) => ({ userId })),
          (keys) =>
            entities()
              .player.get(keys)
              .go({ attributes: ['userId', 'displayName', 'displayNameHiddenReason'], unprocessed: 'item' }),
        )
      : [];
  for (const p of profiles) if (!(where.publicView && p.displayNameHiddenReason !== undefined)) names.set(p.userId, p.displayName);
  return rows.map((r) => ({ ...r, ...(names.has(r.playerId) ? { displayName: names.get(r.playerId) as string } : {}) }));
}
