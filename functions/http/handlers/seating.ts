import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seatingRoutes } from '../seating';
import { seatDrawRoutes } from '../seat-draw';
import { shootoutRoutes } from '../shootout';

/** The routes of the "seating" function: tables, the draw and its proof, moves and balancing. Its bundle holds only these. */
export const routes: readonly Route[] = [...seatingRoutes, ...seatDrawRoutes, ...shootoutRoutes];

/** Lambda entry of the "seating" group. */
export const handler = httpHandler(routes);
