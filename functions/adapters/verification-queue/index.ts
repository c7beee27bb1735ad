import { LambdaClient } from '@aws-sdk/client-lambda';
import { LambdaVerificationQueue } from './aws';
import type { VerificationQueue } from './port';

export type { VerificationQueue, VerifyClubJob } from './port';
export { LambdaVerificationQueue } from './aws';

let queue: VerificationQueue | undefined;

/**
 * The queue put in by setVerificationQueue (the local server, tests), else the worker Lambda named by
 * VERIFY_CLUB_FUNCTION_NAME (its name or ARN, set by the stack). One per container. Without either the
 * check cannot be started, which the request handles as a check not started.
 */
export function verificationQueue(env: Record<string, string | undefined> = process.env): VerificationQueue {
  if (queue) return queue;
  const functionName = env.VERIFY_CLUB_FUNCTION_NAME?.trim();
  if (!functionName) throw new Error('VERIFY_CLUB_FUNCTION_NAME is not set: the verification worker cannot be queued');
  queue = new LambdaVerificationQueue(new LambdaClient({}), functionName);
  return queue;
}

/** The local server puts its in-process queue in; tests swap it (a failing one, a recording one). */
export function setVerificationQueue(next: VerificationQueue | undefined): void {
  queue = next;
}
