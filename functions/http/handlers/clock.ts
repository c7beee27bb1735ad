import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { announcementRoutes } from '../announcement';
import { blindStructureRoutes } from '../blind-structures';
import { clockRoutes } from '../clock';
import { clockScreenRoute, clockScreenScriptRoute } from '../clock-screen';
import { duplicateScreenScriptRoute } from '../duplicate-screen-script';
import { noShowRoutes } from '../no-shows';
import { seatingScreenRoutes } from '../seating-screen';
import { standingsScreenScriptRoute } from '../standings-screen-script';

/**
 * The routes of the "clock" function: blind structures, the clock, the screens (clock, seating board) and their
 * announcement line, and no-shows. Its bundle holds only these, with the scripts of every screen (the league
 * standings' and the Duplicate screen's too).
 */
export const routes: readonly Route[] = [
  ...blindStructureRoutes,
  ...clockRoutes,
  ...announcementRoutes,
  clockScreenRoute,
  clockScreenScriptRoute,
  ...noShowRoutes,
  ...seatingScreenRoutes,
  standingsScreenScriptRoute,
  duplicateScreenScriptRoute,
];

/** Lambda entry of the "clock" group. */
export const handler = httpHandler(routes);
