import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { operatorRoutes } from '../operator';
import { contentModerationRoutes } from '../content-moderation';
import { moneyReviewRoutes } from '../money-review';

/** The routes of the "operator" function: moderation. Its bundle holds only these. */
export const routes: readonly Route[] = [...operatorRoutes, ...contentModerationRoutes, ...moneyReviewRoutes];

/** Lambda entry of the "operator" group. */
export const handler = httpHandler(routes);
