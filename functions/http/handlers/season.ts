import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seriesRoutes } from '../series';
import { ticketRoutes } from '../tickets';
import { leagueRoutes } from '../leagues';
import { ratingRoutes } from '../rating';

/** The routes of the "season" function: series, leagues and their standings, free entries, the rating. Its bundle holds only these. */
export const routes: readonly Route[] = [...seriesRoutes, ...ticketRoutes, ...leagueRoutes, ...ratingRoutes];

/** Lambda entry of the "season" group. */
export const handler = httpHandler(routes);
