import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seriesRoutes } from '../series';

/** The routes of the "season" function: series, and what groups tournaments across an evening. */
export const routes: readonly Route[] = [...seriesRoutes];

/** Lambda entry of the "season" group. */
export const handler = httpHandler(routes);
