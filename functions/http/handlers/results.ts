import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { knockoutRoutes } from '../knockouts';
import { chipCountsRoutes } from '../chip-counts';
import { handForHandRoutes } from '../hand-for-hand';
import { flightRoutes } from '../flights';

/**
 * The routes of the "results" function: knockouts, bounties and mystery draws, standings and results, chip counts,
 * hand-for-hand, flights into a day 2 (bagging, the day 2's field, the event's places).
 * Its bundle holds only these.
 */
export const routes: readonly Route[] = [...knockoutRoutes, ...chipCountsRoutes, ...handForHandRoutes, ...flightRoutes];

/** Lambda entry of the "results" group. */
export const handler = httpHandler(routes);
