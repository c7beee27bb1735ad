import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { playerRoutes } from '../players';
import { myRegistrationRoutes } from '../my-registrations';
import { notificationRoutes } from '../notifications';
import { deviceRoutes } from '../devices';

/** The routes of the "players" function: the player's own profile, registrations and feed. Its bundle holds only these. */
export const routes: readonly Route[] = [...playerRoutes, ...myRegistrationRoutes, ...notificationRoutes, ...deviceRoutes];

/** Lambda entry of the "players" group. */
export const handler = httpHandler(routes);
