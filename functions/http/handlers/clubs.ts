import { httpHandler } from '../../platform/http-handler';
import { HANDLER_GROUPS } from '../api';

/** Lambda entry of the "clubs" group. */
export const handler = httpHandler(HANDLER_GROUPS.clubs);
