import { createHash } from 'node:crypto';
import { CreateScheduleCommand, DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import type { CreateScheduleCommandInput, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { ScheduledJob, SchedulerPort } from './port';

export interface AwsSchedulerConfig {
  /** The schedule group (env SCHEDULE_GROUP). */
  groupName: string;
  /** The jobs Lambda (env JOB_FUNCTION_ARN). */
  targetArn: string;
  /** The role EventBridge Scheduler assumes to invoke it (env SCHEDULER_ROLE_ARN). */
  roleArn: string;
  /** SQS queue for deliveries that failed every retry (env SCHEDULER_DLQ_ARN). */
  deadLetterArn: string;
  /** Retries of a failed delivery; EventBridge allows 0..185. */
  maxRetryAttempts: number;
  /** How long a delivery is retried, 60..86400 s. A level end an hour late is still worth applying. */
  maxEventAgeSec: number;
}

export function awsSchedulerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AwsSchedulerConfig {
  const need = (name: string): string => {
    const v = env[name];
    if (!v) throw new Error(`The AWS scheduler needs ${name}`);
    return v;
  };
  return {
    groupName: need('SCHEDULE_GROUP'),
    targetArn: need('JOB_FUNCTION_ARN'),
    roleArn: need('SCHEDULER_ROLE_ARN'),
    deadLetterArn: need('SCHEDULER_DLQ_ARN'),
    maxRetryAttempts: Number(env.SCHEDULER_MAX_RETRIES ?? 20),
    maxEventAgeSec: Number(env.SCHEDULER_MAX_EVENT_AGE_SEC ?? 3600),
  };
}

/**
 * `at(yyyy-mm-ddThh:mm:ss)` in UTC, rounded up to the whole second so that the expression is never
 * before the job's time, and at least a second ahead of now (a time in the past would never fire).
 */
export function atExpression(at: number, now: number): string {
  const second = (ms: number) => Math.ceil(ms / 1000) * 1000;
  const when = Math.max(second(at), second(now) + 1000);
  return `at(${new Date(when).toISOString().slice(0, 19)})`;
}

const errorName = (e: unknown): string | undefined => (e as { name?: string } | null)?.name;

/**
 * CreateSchedule's idempotency token for a job name (64 hex digits fit its `[a-zA-Z0-9-_]{1,64}`): a create
 * sent again, by the SDK's retry or a redelivered stream record, is the same request to the service.
 */
export const clientTokenOf = (name: string): string => createHash('sha256').update(name).digest('hex');

/**
 * EventBridge Scheduler: one one-time schedule per job, deleted by the service after it fires. Its
 * precision is one minute (a schedule at 1:00:45 may fire from 1:00:00), so the job handlers tolerate
 * early delivery.
 */
export class AwsScheduler implements SchedulerPort {
  constructor(
    private readonly client: SchedulerClient,
    private readonly cfg: AwsSchedulerConfig,
    private readonly now: () => number = Date.now,
  ) {}

  createInput(job: ScheduledJob): CreateScheduleCommandInput {
    return {
      Name: job.name,
      GroupName: this.cfg.groupName,
      ScheduleExpression: atExpression(job.at, this.now()),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: this.cfg.targetArn,
        RoleArn: this.cfg.roleArn,
        Input: JSON.stringify(job.payload),
        RetryPolicy: { MaximumRetryAttempts: this.cfg.maxRetryAttempts, MaximumEventAgeInSeconds: this.cfg.maxEventAgeSec },
        DeadLetterConfig: { Arn: this.cfg.deadLetterArn },
      },
    };
  }

  /** Replaces: delete any schedule of that name, then create. A create that meets one is already scheduled. */
  async schedule(job: ScheduledJob): Promise<void> {
    await this.cancel(job.name);
    try {
      await this.client.send(new CreateScheduleCommand(this.createInput(job)));
    } catch (e) {
      // A concurrent writer created the same name between our delete and create: same job, keep it.
      if (errorName(e) !== 'ConflictException') throw e;
    }
  }

  /** A schedule of that name already there (ConflictException) is this job: names say what they schedule. */
  async create(job: ScheduledJob): Promise<void> {
    try {
      await this.client.send(new CreateScheduleCommand({ ...this.createInput(job), ClientToken: clientTokenOf(job.name) }));
    } catch (e) {
      if (errorName(e) !== 'ConflictException') throw e;
    }
  }

  async cancel(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.cfg.groupName }));
    } catch (e) {
      if (errorName(e) !== 'ResourceNotFoundException') throw e;
    }
  }
}
