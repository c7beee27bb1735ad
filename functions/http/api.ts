import type { Route } from '../platform/route';
import { systemRoutes, describeContract, type OpenApiDocument } from './system';
import { describeScreenBuild } from './screen-scripts';
import { routes as clubsRoutes } from './handlers/clubs';
import { routes as playersRoutes } from './handlers/players';
import { routes as operatorRoutes } from './handlers/operator';
import { routes as clockRoutes } from './handlers/clock';
import { routes as tournamentsRoutes } from './handlers/tournaments';
import { routes as deskRoutes } from './handlers/desk';
import { routes as seatingRoutes } from './handlers/seating';
import { routes as resultsRoutes } from './handlers/results';
import { routes as catalogRoutes } from './handlers/catalog';
import { routes as verificationRoutes } from './handlers/verification';
import { routes as handsRoutes } from './handlers/hands';
import { routes as duplicateRoutes } from './handlers/duplicate';
import { routes as seasonRoutes } from './handlers/season';
import { routes as printRoutes } from './handlers/print';
import { routes as logosRoutes } from './handlers/logos';

/**
 * The API's Lambda functions and the routes each serves. The CDK stack makes one function per
 * group (entry `functions/http/handlers/<name>.ts`, which composes the group); the local server and
 * the tests use the same table.
 */
export const HANDLER_GROUPS = {
  system: systemRoutes,
  clubs: clubsRoutes,
  players: playersRoutes,
  operator: operatorRoutes,
  clock: clockRoutes,
  tournaments: tournamentsRoutes,
  desk: deskRoutes,
  seating: seatingRoutes,
  results: resultsRoutes,
  catalog: catalogRoutes,
  verification: verificationRoutes,
  hands: handsRoutes,
  duplicate: duplicateRoutes,
  season: seasonRoutes,
  print: printRoutes,
  logos: logosRoutes,
} satisfies Record<string, readonly Route[]>;

export type HandlerGroup = keyof typeof HANDLER_GROUPS;

export const ALL_ROUTES: readonly Route[] = Object.values(HANDLER_GROUPS).flat();

// Whatever loads the whole table (the local server, the tests) builds the contract itself; the Lambda
// functions never import this module and serve the document generated when they were bundled.
describeContract(async () => (await import('./openapi')).buildOpenApi(ALL_ROUTES) as OpenApiDocument);
// Likewise the screens' scripts: built from the sources on first request (esbuild is not in any function).
describeScreenBuild(async (name) => (await import('./screen-build')).buildScreenScript(name));
