import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import * as z from 'zod';
import { MAX_ID_LENGTH } from '../../domain/core/limits';
import { logger } from '../runtime/logger';
import { dropped, runVerification, type VerifyOutcome } from '../app/verification/check';

/** The worker of the automatic verification check (app/verification/check.ts). */

export { runVerification, workerRegistry, type VerifyDeps, type VerifyOutcome } from '../app/verification/check';

const Job = z.strictObject({ clubId: z.string().min(1).max(MAX_ID_LENGTH), attempt: z.number().int().min(1) });

/**
 * Lambda entry, invoked asynchronously with `{clubId, attempt}`. A malformed event is dropped
 * (a retry would not fix it); store failures throw, so Lambda retries the event.
 */
export const handler = middy(async (event: unknown): Promise<VerifyOutcome> => {
  const job = Job.safeParse(event);
  if (!job.success) {
    logger.error('malformed verification event', { issues: job.error.issues });
    return dropped('malformed event');
  }
  return runVerification(job.data);
}).use(injectLambdaContext(logger, { resetKeys: true }));
