import type { TournamentEvent } from '../../domain/tournaments';
import { logger } from '../platform/logger';
import { onTournamentEvents } from '../http/tournament-events';
import { notifyTournamentEvents } from '../adapters/notifications/tournament-notifications';
import { scheduleTournamentJobs } from './schedules';

/*
 * What follows every committed tournament change, wherever it happened (routes or jobs): the players'
 * notifications, and the jobs a status change calls for. Imported for its effect by the clock routes
 * (so every API function has it) and by the jobs runner.
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
  await notifyTournamentEvents(state, events, state.updatedAt);
});
