import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seriesRoutes } from '../series';
import { ticketRoutes } from '../tickets';

/** The routes of the "season" function: series, leagues and free entries. */
export const routes: readonly Route[] = [...seriesRoutes, ...ticketRoutes];

/** Lambda entry of the "season" group. */
export const handler = httpHandler(routes);
