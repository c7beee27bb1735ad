import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../runtime/logger';
import { flushMetrics } from '../runtime/metrics';
import { runJob } from './run-job';

/**
 * Lambda entry of the scheduled jobs: EventBridge Scheduler invokes it with the schedule's Input
 * (functions/app/jobs/payloads.ts) as the event. Answers the outcome, for the logs.
 */
export const handler = middy(async (event: unknown) => ({ outcome: await runJob(event) }))
  .use(injectLambdaContext(logger, { resetKeys: true }))
  // SchedulingFailed of a level end armed again (app/jobs/schedules.ts).
  .use(flushMetrics());
