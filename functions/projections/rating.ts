import { projectRatingFinish } from '../app/season/rating';
import type { ProjectedEvent } from './projected-event';

/**
 * R-RATE-1: a tournament's first finish rates its players (when its club has opted in). Later changes of
 * its results do not move the rating: ratings are replayed in finish order, and a change of an old finish
 * would need every later one replayed (docs/decisions.md).
 */
export async function ratingAtFinish(p: ProjectedEvent): Promise<void> {
  if (p.after.status !== 'finished' || !p.after.results || p.before?.status === 'finished') return;
  await projectRatingFinish(p.after);
}
