import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { mutateTournament } from '../store/tournament-store';
import { applyNoShows } from '../jobs/no-shows';
import type { NoShowEvent } from '../jobs/no-shows';
import '../jobs/listeners';
import { publishTournamentEvents } from './tournament-events';
import { ifMatch } from './tournament-support';
import { NoShowsResult, TournamentParams } from '../../schemas/clock';

export const processNoShowsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'processNoShows',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/no-shows/process',
  summary:
    'Apply the no-show policy now that late registration has ended (R-NOSHOW-1 drop, R-NOSHOW-2 absent mode); the scheduler does it by itself at that moment. Idempotent',
  tags: ['Registrations'],
  params: TournamentParams,
  responses: { 200: { description: 'What was done (nothing on a second call)', schema: NoShowsResult } },
  problems: [409],
  handle: async (req) => {
    const { clubId, tournamentId } = req.params;
    const ctx = domainContext(req);
    const outcome = await mutateTournament<NoShowEvent>(clubId, tournamentId, (state) => applyNoShows(state, ctx), ifMatch(req));
    await publishTournamentEvents(outcome.state, outcome.events);
    const cancelled: string[] = [];
    const absent: string[] = [];
    for (const e of outcome.events) {
      if (e.type === 'registration.cancelled') cancelled.push(e.registrationId);
      if (e.type === 'registration.absent') absent.push(e.registrationId);
    }
    return {
      status: 200,
      body: { tournamentId, version: outcome.version, cancelledRegistrationIds: cancelled, absentRegistrationIds: absent },
      headers: { etag: `"${outcome.version}"` },
    };
  },
});

export const noShowRoutes = [processNoShowsRoute];
