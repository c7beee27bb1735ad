import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { leagueRoutes } from '../leagues';

/** The routes of the "season" function: series, leagues and their standings. Its bundle holds only these. */
export const routes: readonly Route[] = [...leagueRoutes];

/** Lambda entry of the "season" group. */
export const handler = httpHandler(routes);
