import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seriesRoutes } from '../series';
import { ticketRoutes } from '../tickets';
import { leagueRoutes } from '../leagues';
import { ratingRoutes } from '../rating';
import { standingsScreenRoutes } from '../standings-screen';

/**
 * The routes of the "season" function: series, leagues and their standings (and the standings screen's page and data; its
 * script comes from the clock function with the other screens' scripts), free entries, the rating. Its bundle holds only these.
 */
export const routes: readonly Route[] = [...seriesRoutes, ...ticketRoutes, ...leagueRoutes, ...ratingRoutes, ...standingsScreenRoutes];

/** Lambda entry of the "season" group. */
export const handler = httpHandler(routes);
