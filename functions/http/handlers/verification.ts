import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { verificationRoutes } from '../verification';

/** The routes of the "verification" function: club verification and the moderators queue. Its bundle holds only these. */
export const routes: readonly Route[] = verificationRoutes;

/** Lambda entry of the "verification" group. */
export const handler = httpHandler(routes);
