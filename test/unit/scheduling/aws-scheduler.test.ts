import { beforeEach, describe, expect, it } from 'vitest';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { AwsScheduler, atExpression, awsSchedulerConfigFromEnv, clientTokenOf } from '../../../functions/adapters/scheduler/aws';
import type { AwsSchedulerConfig } from '../../../functions/adapters/scheduler/aws';

const cfg: AwsSchedulerConfig = {
  groupName: 'sport-poker-jobs',
  targetArn: 'arn:aws:lambda:eu-central-1:123456789012:function:sport-poker-jobs',
  roleArn: 'arn:aws:iam::123456789012:role/sport-poker-scheduler',
  deadLetterArn: 'arn:aws:sqs:eu-central-1:123456789012:sport-poker-jobs-dlq',
  maxRetryAttempts: 20,
  maxEventAgeSec: 3600,
};

const NOW = Date.UTC(2026, 10, 29, 18, 0, 0, 250);
const mock = mockClient(SchedulerClient);
const scheduler = () => new AwsScheduler(new SchedulerClient({ region: 'eu-central-1' }), cfg, () => NOW);

const job = {
  name: 'lvl-trn_01abc-r3-l4',
  at: Date.UTC(2026, 10, 29, 18, 20, 15, 1),
  payload: { kind: 'level-end', clubId: 'club_1', tournamentId: 'trn_01abc', revision: 3, levelIndex: 4 },
};

beforeEach(() => mock.reset());

describe('the EventBridge Scheduler adapter (R-CLK-5)', () => {
  it('R-CLK-5: creates exactly one one-time schedule in UTC, targeting the jobs Lambda with retries and a dead-letter queue', async () => {
    await scheduler().schedule(job);
    const expected = {
      Name: 'lvl-trn_01abc-r3-l4',
      GroupName: 'sport-poker-jobs',
      ScheduleExpression: 'at(2026-11-29T18:20:16)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      ActionAfterCompletion: 'DELETE' as const,
      Target: {
        Arn: cfg.targetArn,
        RoleArn: cfg.roleArn,
        Input: JSON.stringify(job.payload),
        RetryPolicy: { MaximumRetryAttempts: 20, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: cfg.deadLetterArn },
      },
    };
    expect(mock).toHaveReceivedCommandExactlyOnceWith(CreateScheduleCommand, expected);
    expect(mock.commandCalls(CreateScheduleCommand)[0]?.args[0].input).toEqual(expected);
  });

  it('R-CLK-5: replacing deletes the schedule of that name first (none there is fine), then creates', async () => {
    mock.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException({ message: 'none', Message: 'none', $metadata: {} }));
    await scheduler().schedule(job);
    const calls = mock.calls().map((c) => c.args[0]);
    expect(calls.map((c) => c.constructor.name)).toEqual(['DeleteScheduleCommand', 'CreateScheduleCommand']);
    expect(calls[0]?.input).toEqual({ Name: job.name, GroupName: 'sport-poker-jobs' });
  });

  it('R-CLK-5: a schedule of that name created meanwhile counts as scheduled (ConflictException)', async () => {
    mock.on(CreateScheduleCommand).rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    await expect(scheduler().schedule(job)).resolves.toBeUndefined();
  });

  it('R-CLK-5: create sends one CreateSchedule with a ClientToken of the name, no delete; a schedule of that name is success', async () => {
    mock.on(CreateScheduleCommand).rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    await expect(scheduler().create(job)).resolves.toBeUndefined();
    const token = clientTokenOf(job.name);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(clientTokenOf(job.name)).toBe(token);
    expect(clientTokenOf('lvl-trn_01abc-r3-l5')).not.toBe(token);
    expect(mock.calls().map((c) => c.args[0].constructor.name)).toEqual(['CreateScheduleCommand']);
    expect(mock.commandCalls(CreateScheduleCommand)[0]?.args[0].input).toEqual({
      ...scheduler().createInput(job),
      ClientToken: token,
    });
    mock.reset();
    mock.on(CreateScheduleCommand).rejects(new ValidationException({ message: 'bad', Message: 'bad', $metadata: {} }));
    await expect(scheduler().create(job)).rejects.toThrow('bad');
  });

  it('other failures are thrown, so that the caller sees them', async () => {
    mock.on(CreateScheduleCommand).rejects(new ValidationException({ message: 'bad', Message: 'bad', $metadata: {} }));
    await expect(scheduler().schedule(job)).rejects.toThrow('bad');
    mock.reset();
    mock.on(DeleteScheduleCommand).rejects(new ValidationException({ message: 'worse', Message: 'worse', $metadata: {} }));
    await expect(scheduler().cancel(job.name)).rejects.toThrow('worse');
  });

  it('R-CLK-5: cancelling deletes by name in the group; an unknown name is not an error', async () => {
    mock.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException({ message: 'none', Message: 'none', $metadata: {} }));
    await expect(scheduler().cancel('noshow-trn_01abc')).resolves.toBeUndefined();
    expect(mock).toHaveReceivedCommandExactlyOnceWith(DeleteScheduleCommand, { Name: 'noshow-trn_01abc', GroupName: 'sport-poker-jobs' });
    expect(mock).not.toHaveReceivedCommand(CreateScheduleCommand);
  });

  it('at(): rounded up to the second, never in the past', () => {
    expect(atExpression(Date.UTC(2026, 0, 2, 3, 4, 5, 0), 0)).toBe('at(2026-01-02T03:04:05)');
    expect(atExpression(Date.UTC(2026, 0, 2, 3, 4, 5, 1), 0)).toBe('at(2026-01-02T03:04:06)');
    expect(atExpression(Date.UTC(2020, 0, 1), NOW)).toBe('at(2026-11-29T18:00:02)');
  });

  it('reads its configuration from the environment and names what is missing', () => {
    const env = { SCHEDULE_GROUP: 'g', JOB_FUNCTION_ARN: 'fn', SCHEDULER_ROLE_ARN: 'role', SCHEDULER_DLQ_ARN: 'dlq' };
    expect(awsSchedulerConfigFromEnv(env)).toEqual({
      groupName: 'g',
      targetArn: 'fn',
      roleArn: 'role',
      deadLetterArn: 'dlq',
      maxRetryAttempts: 20,
      maxEventAgeSec: 3600,
    });
    expect(() => awsSchedulerConfigFromEnv({ ...env, SCHEDULER_ROLE_ARN: '' })).toThrow('SCHEDULER_ROLE_ARN');
  });
});
