import type { Route } from '../platform/route';
import { systemRoutes, describeRoutes } from './system';
import { clubRoutes } from './clubs';
import { memberRoutes } from './members';
import { apiKeyRoutes } from './api-keys';
import { playerRoutes } from './players';
import { operatorRoutes } from './operator';
import { blindStructureRoutes } from './blind-structures';
import { clockRoutes } from './clock';
import { noShowRoutes } from './no-shows';
import { notificationRoutes } from './notifications';
import { tournamentRoutes } from './tournaments';
import { registrationRoutes } from './registrations';
import { entryRoutes } from './entries';
import { feeRoutes } from './fees';
import { myRegistrationRoutes } from './my-registrations';
import { catalogRoutes } from './catalog';
import { seatingRoutes } from './seating';
import { knockoutRoutes } from './knockouts';
import { verificationRoutes } from './verification';

/**
 * The API's Lambda functions and the routes each serves. The CDK stack makes one function per
 * group (entry `functions/http/handlers/<name>.ts`); the local server and the tests use the same table.
 */
export const HANDLER_GROUPS = {
  system: systemRoutes,
  clubs: [...clubRoutes, ...memberRoutes, ...apiKeyRoutes],
  players: [...playerRoutes, ...myRegistrationRoutes, ...notificationRoutes],
  operator: operatorRoutes,
  clock: [...blindStructureRoutes, ...clockRoutes, ...noShowRoutes],
  tournaments: [...tournamentRoutes, ...registrationRoutes, ...entryRoutes, ...feeRoutes],
  floor: [...seatingRoutes, ...knockoutRoutes],
  catalog: catalogRoutes,
  verification: verificationRoutes,
} satisfies Record<string, readonly Route[]>;

export type HandlerGroup = keyof typeof HANDLER_GROUPS;

export const ALL_ROUTES: readonly Route[] = Object.values(HANDLER_GROUPS).flat();

describeRoutes(() => ALL_ROUTES);
