import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { handRoutes } from '../hands';

/** The routes of the "hands" function: the Hold'em evaluator and hand replays. Its bundle holds the evaluator tables' code, no storage. */
export const routes: readonly Route[] = handRoutes;

/** Lambda entry of the "hands" group. */
export const handler = httpHandler(routes);
