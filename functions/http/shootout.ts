import { TournamentParams } from '../../schemas/tournaments';
import { ShootoutState } from '../../schemas/shootout';
import { shootoutView } from '../../domain/floor/shootout';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { defineRoute } from '../platform/route';
import { club, FLOOR } from '../platform/authorization';
import { closeShootoutRound } from '../app/tournaments/shootout';
import { commandOf, versioned } from './tournament-support';

/** R-SHOOT-1..2: the floor closes a shootout's round; the next one is drawn at once. */

const stateView = (t: FloorTournament) => ({
  tournamentId: t.id,
  version: t.version,
  shootout: shootoutView(t) as NonNullable<ReturnType<typeof shootoutView>>,
});

export const closeShootoutRoundRoute = /* @__PURE__ */ defineRoute({
  operationId: 'closeShootoutRound',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/shootout/close-round',
  summary:
    "Close a shootout's round (R-SHOOT-2): every table down to its advancing players, they are drawn at random onto the next round's tables from the seat draw's seed (R-DRAW-1). 409 SHOOTOUT_TABLES_STILL_PLAYING names the tables (`tables`) that have more",
  tags: ['Seating'],
  params: TournamentParams,
  responses: { 200: { description: 'The next round, drawn', schema: ShootoutState } },
  problems: [409],
  handle: async (req) => {
    const { state, version } = await closeShootoutRound(commandOf(req));
    return versioned(200, version, stateView(state));
  },
});

export const shootoutRoutes = [closeShootoutRoundRoute];
