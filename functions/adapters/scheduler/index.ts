import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { config } from '../../runtime/config';
import { AwsScheduler, awsSchedulerConfigFromEnv } from './aws';
import { LocalScheduler } from './local';
import type { SchedulerPort } from './port';

export type { ScheduledJob, SchedulerPort } from './port';
export { jobName } from './names';

let current: SchedulerPort | undefined;

/**
 * The scheduler of this process, chosen by env SCHEDULER (`aws` | `local`); unset means local when the
 * table is the embedded DynamoDB and AWS otherwise.
 */
export function scheduler(): SchedulerPort {
  if (current) return current;
  const kind = process.env.SCHEDULER ?? (config().dynamoEndpoint ? 'local' : 'aws');
  if (kind === 'local') current = new LocalScheduler();
  else if (kind === 'aws') current = new AwsScheduler(new SchedulerClient({ region: config().region }), awsSchedulerConfigFromEnv());
  else throw new Error(`Unknown SCHEDULER ${kind} (aws | local)`);
  return current;
}

/** Tests put a recording or failing scheduler in; undefined goes back to the env's choice. */
export function useScheduler(port: SchedulerPort | undefined): void {
  current = port;
}
