import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { knockoutRoutes } from '../knockouts';
import { chipCountsRoutes } from '../chip-counts';
import { handForHandRoutes } from '../hand-for-hand';

/**
 * The routes of the "results" function: knockouts, bounties and mystery draws, standings and results, chip counts.
 * Its bundle holds only these.
 */
export const routes: readonly Route[] = [...knockoutRoutes, ...chipCountsRoutes, ...handForHandRoutes];

/** Lambda entry of the "results" group. */
export const handler = httpHandler(routes);
