import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per container; request id and club id are appended per request. */
export const logger = new Logger({ serviceName: 'sport-poker' });
