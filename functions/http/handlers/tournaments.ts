import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { tournamentRoutes } from '../tournaments';

/**
 * The routes of the "tournaments" function: a tournament's settings (list, create, read, edit), whose
 * texts are checked for money wording. Its bundle holds only these.
 */
export const routes: readonly Route[] = [...tournamentRoutes];

/** Lambda entry of the "tournaments" group. */
export const handler = httpHandler(routes);
