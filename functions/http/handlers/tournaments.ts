import { httpHandler } from '../../platform/http-handler';
import { HANDLER_GROUPS } from '../api';

/** Lambda entry of the "tournaments" group. */
export const handler = httpHandler(HANDLER_GROUPS.tournaments);
