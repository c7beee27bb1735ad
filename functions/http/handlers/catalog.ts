import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { catalogRoutes } from '../catalog';

/** The routes of the "catalog" function: the public catalogue. Its bundle holds only these. */
export const routes: readonly Route[] = catalogRoutes;

/** Lambda entry of the "catalog" group. */
export const handler = httpHandler(routes);
