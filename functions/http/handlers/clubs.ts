import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { clubRoutes } from '../clubs';
import { memberRoutes } from '../members';
import { apiKeyRoutes } from '../api-keys';

/** The routes of the "clubs" function: clubs, their staff and API keys. Its bundle holds only these. */
export const routes: readonly Route[] = [...clubRoutes, ...memberRoutes, ...apiKeyRoutes];

/** Lambda entry of the "clubs" group. */
export const handler = httpHandler(routes);
