import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seriesRoutes } from '../series';
import { ticketRoutes } from '../tickets';
import { leagueRoutes } from '../leagues';

/** The routes of the "season" function: series, leagues and their standings, free entries. Its bundle holds only these. */
export const routes: readonly Route[] = [...seriesRoutes, ...ticketRoutes, ...leagueRoutes];

/** Lambda entry of the "season" group. */
export const handler = httpHandler(routes);
