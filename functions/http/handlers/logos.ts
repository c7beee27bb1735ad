import { httpHandler } from '../../platform/http-handler';
import type { Route } from '../../platform/route';
import { clubLogoRoutes } from '../club-logos';

/**
 * The routes of the "logos" function: the clubs' logos. A function of its own so that only it carries the S3
 * client and may read and write the logo bucket.
 */
export const routes: readonly Route[] = [...clubLogoRoutes];

/** Lambda entry of the "logos" group. */
export const handler = httpHandler(routes);
