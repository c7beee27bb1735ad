import { httpHandler } from '../../platform/http-handler';
import { systemRoutes } from '../system';

export const routes = systemRoutes;

/** Lambda entry of the "system" group: health, and the OpenAPI document and docs built at bundling time. */
export const handler = httpHandler(routes);
