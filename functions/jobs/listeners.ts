import type { TournamentEvent } from '../../domain/tournaments';
import { logger } from '../platform/logger';
import { onTournamentEvents } from '../http/tournament-events';
import { scheduleTournamentJobs } from './schedules';

/*
 * What follows every committed tournament change, wherever it happened (routes or jobs): the jobs a
 * status change calls for. Imported for its effect by the clock routes (so every API function has it)
 * and by the jobs runner. Players' notifications and the by-player index are derived from the event
 * log by the stream consumer (functions/projections).
 */

onTournamentEvents(async (state, events) => {
  if (events.some((e) => e.type === 'tournament.status_changed')) {
    try {
      await scheduleTournamentJobs(state);
    } catch (e) {
      const changed = events.find((x): x is Extract<TournamentEvent, { type: 'tournament.status_changed' }> => x.type === 'tournament.status_changed');
      logger.error('tournament jobs not scheduled', { tournamentId: state.id, to: changed?.to, error: (e as Error).message });
    }
  }
});
