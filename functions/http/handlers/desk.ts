import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { tournamentLifecycleRoutes } from '../tournament-lifecycle';
import { registrationRoutes } from '../registrations';
import { entryRoutes } from '../entries';
import { feeRoutes } from '../fees';

/**
 * The routes of the "desk" function: what the tournament desk does during an event: a tournament's
 * status (open, start, finish, cancel), registrations and check-in, entries, fees. Its bundle holds only these.
 */
export const routes: readonly Route[] = [...tournamentLifecycleRoutes, ...registrationRoutes, ...entryRoutes, ...feeRoutes];

/** Lambda entry of the "desk" group. */
export const handler = httpHandler(routes);
