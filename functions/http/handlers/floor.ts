import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seatingRoutes } from '../seating';
import { knockoutRoutes } from '../knockouts';

/** The routes of the "floor" function: seating, knockouts, standings and results. Its bundle holds only these. */
export const routes: readonly Route[] = [...seatingRoutes, ...knockoutRoutes];

/** Lambda entry of the "floor" group. */
export const handler = httpHandler(routes);
