import { projectFinish } from '../app/season/league-standings';
import type { ProjectedEvent } from './projected-event';

/**
 * R-LEAGUE-4: the standings of the leagues a tournament counts for follow its finish and every later
 * change of its kept results. Events of a finished tournament that leave its results as they were change
 * nothing and are not projected; the rest are idempotent by event version (see app/season/league-standings.ts).
 */
export async function standingsAtFinish(p: ProjectedEvent): Promise<void> {
  if (p.after.status !== 'finished' || !p.after.results) return;
  if (p.before?.status === 'finished' && JSON.stringify(p.before.results?.rows) === JSON.stringify(p.after.results.rows)) return;
  // The first finish counts for the leagues its state recorded; a later change of its results reads them again.
  await projectFinish(p.after, p.version, p.before?.status !== 'finished');
}
