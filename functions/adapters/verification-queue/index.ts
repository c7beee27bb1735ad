import { LambdaClient } from '@aws-sdk/client-lambda';
import { logger } from '../../platform/logger';
import { LambdaVerificationQueue } from './aws';
import { LocalVerificationQueue } from './local';
import type { VerificationQueue } from './port';

export type { VerificationQueue, VerifyClubJob } from './port';
export { LambdaVerificationQueue } from './aws';
export { LocalVerificationQueue } from './local';

let queue: VerificationQueue | undefined;

/**
 * VERIFY_CLUB_FUNCTION_NAME (the worker's name or ARN, set by the stack) selects the Lambda;
 * without it the worker runs in this process. One per container.
 */
export function verificationQueue(env: Record<string, string | undefined> = process.env): VerificationQueue {
  if (queue) return queue;
  const functionName = env.VERIFY_CLUB_FUNCTION_NAME?.trim();
  queue = functionName
    ? new LambdaVerificationQueue(new LambdaClient({}), functionName)
    : new LocalVerificationQueue(
        async (job) => (await import('../../jobs/verify-club')).runVerification(job),
        (error, job) => logger.error('the local verification check failed', { error: error as Error, clubId: job.clubId, attempt: job.attempt }),
      );
  return queue;
}

/** Tests swap the queue (a failing one, a recording one). */
export function setVerificationQueue(next: VerificationQueue | undefined): void {
  queue = next;
}
