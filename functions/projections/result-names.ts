import { store } from '../store/service';
import { writeResultNames } from '../store/result-names';
import type { ProjectedEvent } from './project';

const BATCH = 100;

/**
 * When a tournament finishes, its players' names as results show them, in one item (see
 * store/result-names.ts): the profiles are read here, off the request path, a hundred at a time.
 * Writing it again (a redelivered finish) writes the same names.
 */
export async function namesAtFinish(p: ProjectedEvent): Promise<void> {
  if (p.after.status !== 'finished' || p.before?.status === 'finished') return;
  const ids = [...new Set(Object.values(p.after.entries).map((e) => e.playerId))];
  const names: Record<string, string> = {};
  const hidden: string[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const { data, unprocessed } = await store()
      .entities.player.get(ids.slice(i, i + BATCH).map((userId) => ({ userId })))
      .go({ attributes: ['userId', 'displayName', 'displayNameHiddenReason'] });
    // Throttled keys: the record is retried rather than a name left out.
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} profiles left unread; retrying`);
    for (const pl of data) {
      names[pl.userId] = pl.displayName;
      if (pl.displayNameHiddenReason !== undefined) hidden.push(pl.userId);
    }
  }
  await writeResultNames(p.clubId, p.tournamentId, names, hidden);
}
