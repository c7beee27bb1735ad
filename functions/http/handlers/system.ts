import { httpHandler } from '../../platform/http-handler';
import { systemRoutes } from '../system';
// The contract describes every route, so this function (and only this one) loads the whole table.
import '../api';

export const routes = systemRoutes;

/** Lambda entry of the "system" group: health, the OpenAPI document and the docs. */
export const handler = httpHandler(routes);
