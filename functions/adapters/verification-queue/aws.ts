import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { VerificationQueue, VerifyClubJob } from './port';

/**
 * The worker Lambda invoked asynchronously (`InvocationType: 'Event'`): Lambda queues the event,
 * retries the worker on errors and answers 202 at once.
 */
export class LambdaVerificationQueue implements VerificationQueue {
  constructor(
    private readonly client: LambdaClient,
    private readonly functionName: string,
  ) {}

  async enqueue(job: VerifyClubJob): Promise<void> {
    const res = await this.client.send(
      new InvokeCommand({
        FunctionName: this.functionName,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ clubId: job.clubId, attempt: job.attempt })),
      }),
    );
    if (res.StatusCode !== 202) throw new Error(`the verification worker was not queued (status ${res.StatusCode ?? 'none'})`);
  }
}
