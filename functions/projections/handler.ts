import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../runtime/logger';
import { flushMetrics } from '../runtime/metrics';
import { projectStreamRecords } from './consume';

/**
 * Lambda entry of the table's stream consumer: derives projections (the by-player index, the catalogue row,
 * players' notifications) from committed tournament events. Reports the records it could not process so
 * that only those are retried (ReportBatchItemFailures); the event source mapping bisects and sends what
 * still fails to the DLQ.
 */
export const handler = middy(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => projectStreamRecords(event.Records))
  .use(injectLambdaContext(logger, { resetKeys: true }))
  // ProjectionFailed, SchedulingFailed: counted per batch, watched by alarms (infra/stack.ts).
  .use(flushMetrics());
