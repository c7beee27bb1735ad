import { httpHandler } from '../../platform/http-handler';
import { HANDLER_GROUPS } from '../api';

/** Lambda entry of the "floor" group: seating, knockouts, standings and results. */
export const handler = httpHandler(HANDLER_GROUPS.floor);
