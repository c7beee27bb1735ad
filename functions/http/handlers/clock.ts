import { httpHandler } from '../../platform/http-handler';
import { HANDLER_GROUPS } from '../api';

/** Lambda entry of the "clock" group: blind structures, the clock, no-show processing. */
export const handler = httpHandler(HANDLER_GROUPS.clock);
