import { httpHandler } from '../../platform/http-handler';
import { HANDLER_GROUPS } from '../api';

/** Lambda entry of the "verification" group (club verification requests and the moderators' decisions). */
export const handler = httpHandler(HANDLER_GROUPS.verification);
