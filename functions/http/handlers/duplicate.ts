import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { duplicateEventRoutes } from '../duplicate-events';
import { duplicateRoundRoutes } from '../duplicate-rounds';
import { duplicateViewRoutes } from '../duplicate-views';

/** The routes of the "duplicate" function: Duplicate Poker events, rounds, decks, hands and standings (R-DUP-1..7). */
export const routes: readonly Route[] = [...duplicateEventRoutes, ...duplicateRoundRoutes, ...duplicateViewRoutes];

/** Lambda entry of the "duplicate" group. */
export const handler = httpHandler(routes);
