import { httpHandler } from '../../platform/http-handler';
import { withAccess, type Route } from '../../platform/route';
import { ALL_STAFF, clubPublicView } from '../../platform/authorization';
import { blindStructureRoutes } from '../blind-structures';
import { clockRoutes } from '../clock';
import { clockScreenRoute } from '../clock-screen';
import { noShowRoutes } from '../no-shows';

/** The routes of the "clock" function: blind structures, the clock, its screen and no-shows. Its bundle holds only these. */
export const routes: readonly Route[] = [
  ...blindStructureRoutes,
  ...clockRoutes,
  // The TV page that reads the public clock takes the clock's rule.
  withAccess(clockScreenRoute, clubPublicView(ALL_STAFF)),
  ...noShowRoutes,
];

/** Lambda entry of the "clock" group. */
export const handler = httpHandler(routes);
