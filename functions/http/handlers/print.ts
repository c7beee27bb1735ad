import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { seatingPrintRoutes } from '../seating-print';

/**
 * The routes of the "print" function: the seating on paper (seat cards, table lists). A function of its own
 * because the PDF library and its font kit are most of its bundle: the other functions do not carry them.
 */
export const routes: readonly Route[] = [...seatingPrintRoutes];

/** Lambda entry of the "print" group. */
export const handler = httpHandler(routes);
