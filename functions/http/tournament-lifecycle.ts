import { defineRoute } from '../platform/route';
import { club, FLOOR } from '../platform/authorization';
import type { TournamentStatus } from '../../domain/tournaments';
import { changeTournamentStatus } from '../app/tournaments/lifecycle';
import { Tournament, TournamentParams } from '../../schemas/tournaments';
import { commandOf, tournamentView, versioned } from './tournament-support';
import { finishRoute } from './knockouts';

const TAGS = ['Tournaments'];

/**
 * A tournament's status changes: open registration, start, finish, cancel (R-LIFE-1). Apart from the
 * settings routes (tournaments.ts), which check texts for money wording, so that the desk's function does
 * not carry the checker.
 */
const lifecycle = (operationId: string, action: string, to: TournamentStatus, summary: string) =>
  defineRoute({
    operationId,
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    method: 'POST',
    path: `/v1/clubs/{clubId}/tournaments/{tournamentId}/${action}`,
    summary,
    tags: TAGS,
    params: TournamentParams,
    responses: { 200: { description: 'The tournament', schema: Tournament } },
    problems: [409],
    handle: async (req) => {
      const { state, version } = await changeTournamentStatus(commandOf(req), to);
      return versioned(200, version, tournamentView(state));
    },
  });

export const tournamentLifecycleRoutes = [
  /* @__PURE__ */ lifecycle('openRegistration', 'open-registration', 'registration_open', 'Open registration (R-LIFE-1)'),
  /* @__PURE__ */ lifecycle('startTournament', 'start', 'running', 'Start the tournament (R-LIFE-1)'),
  finishRoute,
  /* @__PURE__ */ lifecycle('cancelTournament', 'cancel', 'cancelled', 'Cancel the tournament from any non-final status (R-LIFE-1)'),
];
