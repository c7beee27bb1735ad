import { LambdaClient } from '@aws-sdk/client-lambda';
import { logger } from '../../platform/logger';
import { LambdaVerificationQueue } from './aws';
import { LocalVerificationQueue } from './local';
import type { VerificationQueue } from './port';

export type { VerificationQueue, VerifyClubJob } from './port';
export { LambdaVerificationQueue } from './aws';
export { LocalVerificationQueue } from './local';

/** `true` in the Lambda bundles (esbuild `define`, infra/bundling.ts). */
declare const LAMBDA_BUNDLE: boolean | undefined;

let queue: VerificationQueue | undefined;

/**
 * VERIFY_CLUB_FUNCTION_NAME (the worker's name or ARN, set by the stack) selects the Lambda;
 * without it the worker runs in this process. One per container.
 * The bundles leave the in-process branch out: esbuild would otherwise put the worker, its registry
 * adapters and the SSM client (about 190 KB) into the API function through the dynamic import.
 */
export function verificationQueue(env: Record<string, string | undefined> = process.env): VerificationQueue {
  if (queue) return queue;
  const functionName = env.VERIFY_CLUB_FUNCTION_NAME?.trim();
  if (functionName) {
    queue = new LambdaVerificationQueue(new LambdaClient({}), functionName);
  } else if (typeof LAMBDA_BUNDLE !== 'undefined' && LAMBDA_BUNDLE) {
    throw new Error('VERIFY_CLUB_FUNCTION_NAME is not set: the verification worker cannot be queued');
  } else {
    queue = new LocalVerificationQueue(
      async (job) => (await import('../../jobs/verify-club')).runVerification(job),
      (error, job) =>
        logger.error('the local verification check failed', { error: error as Error, clubId: job.clubId, attempt: job.attempt }),
    );
  }
  return queue;
}

/** Tests swap the queue (a failing one, a recording one). */
export function setVerificationQueue(next: VerificationQueue | undefined): void {
  queue = next;
}
