import { defineRoute } from '../platform/route';
import { processNoShows } from '../app/no-shows';
import { commandOf } from './tournament-support';
import { NoShowsResult, TournamentParams } from '../../schemas/clock';
import { club, FLOOR } from '../platform/authorization';

export const processNoShowsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'processNoShows',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/no-shows/process',
  summary:
    'Apply the no-show policy now that late registration has ended (R-NOSHOW-1 drop, R-NOSHOW-2 absent mode); the scheduler does it by itself at that moment. Idempotent',
  tags: ['Registrations'],
  params: TournamentParams,
  responses: { 200: { description: 'What was done (nothing on a second call)', schema: NoShowsResult } },
  problems: [409],
  handle: async (req) => {
    const { version, value } = await processNoShows(commandOf(req));
    return { status: 200, body: { tournamentId: req.params.tournamentId, version, ...value }, headers: { etag: `"${version}"` } };
  },
});

export const noShowRoutes = [processNoShowsRoute];
