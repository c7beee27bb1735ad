import type { TournamentEvent } from '../../domain/tournaments';
import { logger } from '../platform/logger';
import type { StoredTournament } from '../store/tournament-store';
import { scheduleTournamentJobs } from './jobs/schedules';

/*
 * What follows every committed tournament command, wherever it was issued (a route or a job): the jobs
 * a status change calls for. Players' notifications and the by-player index are derived from the event
 * log by the stream consumer (functions/projections).
 */

type StatusChanged = Extract<TournamentEvent, { type: 'tournament.status_changed' }>;

export async function publishTournamentEvents(state: StoredTournament, events: readonly { type: string }[]): Promise<void> {
  const changed = events.find((e): e is StatusChanged => e.type === 'tournament.status_changed');
  if (!changed) return;
  try {
    await scheduleTournamentJobs(state);
  } catch (e) {
    // The change stands; the next status change (or a job that finds nothing to do) schedules again.
    logger.error('tournament jobs not scheduled', { tournamentId: state.id, to: changed.to, error: (e as Error).message });
  }
}
