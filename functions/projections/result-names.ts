import { recordValues } from '../../domain/core/record-map';
import { entities } from '../store/entities';
import { batchGet } from '../store/entities/items';
import { writeResultNames } from '../store/result-names';
import type { ProjectedEvent } from './projected-event';

/** BatchGetItems of a hundred profiles in flight at once: a field of 10,000 is a hundred of them. */
const NAME_READS = 8;

/**
 * When a tournament finishes, its players' names as results show them, in one item (see
 * store/result-names.ts): the profiles are read here, off the request path, a hundred at a time.
 * Writing it again (a redelivered finish) writes the same names.
 */
export async function namesAtFinish(p: ProjectedEvent): Promise<void> {
  if (p.after.status !== 'finished' || p.before?.status === 'finished') return;
  const ids = [...new Set(recordValues(p.after.entries).map((e) => e.playerId))];
  const names: Record<string, string> = {};
  const hidden: string[] = [];
  // Keys still throttled after a few tries throw: the record is retried rather than a name left out.
  for (const pl of await batchGet(
    ids.map((userId) => ({ userId })),
    (keys) =>
      entities()
        .player.get(keys)
        .go({ attributes: ['userId', 'displayName', 'displayNameHiddenReason'], unprocessed: 'item', concurrency: NAME_READS }),
  )) {
    names[pl.userId] = pl.displayName;
    if (pl.displayNameHiddenReason !== undefined) hidden.push(pl.userId);
  }
  await writeResultNames(p.clubId, p.tournamentId, names, hidden);
}
