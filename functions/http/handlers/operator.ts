import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { operatorRoutes } from '../operator';

/** The routes of the "operator" function: moderation. Its bundle holds only these. */
export const routes: readonly Route[] = operatorRoutes;

/** Lambda entry of the "operator" group. */
export const handler = httpHandler(routes);
