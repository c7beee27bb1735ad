import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { tournamentRoutes } from '../tournaments';
import { registrationRoutes } from '../registrations';
import { entryRoutes } from '../entries';
import { feeRoutes } from '../fees';

/** The routes of the "tournaments" function: tournaments, registrations, entries and fees. Its bundle holds only these. */
export const routes: readonly Route[] = [...tournamentRoutes, ...registrationRoutes, ...entryRoutes, ...feeRoutes];

/** Lambda entry of the "tournaments" group. */
export const handler = httpHandler(routes);
