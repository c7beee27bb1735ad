import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { baseEnvironment, serviceFunction, type ServiceFunction } from './functions';
import { failureQueue } from './queues';
import type { StageConfig } from './stage-config';
import type { DataTable } from './table';

/** The jobs function may wait up to 65 s in-process for an early delivery (functions/jobs/context.ts), then work. */
export const JOB_TIMEOUT = Duration.seconds(120);

/** What functions/adapters/scheduler/aws.ts calls: create and delete one-time schedules (Get for inspection). */
export const SCHEDULE_ACTIONS = ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'];

/**
 * EventBridge Scheduler for the clock (level ends) and no-show drops: one schedule group per stage, the
 * jobs function the schedules invoke, the role EventBridge Scheduler assumes to invoke it, and a
 * dead-letter queue for deliveries that failed every retry.
 *
 * EventBridge Scheduler invokes Lambda asynchronously: its retry policy and dead-letter queue cover
 * the delivery (the Invoke call); a job that throws is retried by Lambda (2 retries) and then sent
 * to the same queue by the function's on-failure destination, so every lost job ends up in one place.
 */
export class Scheduling extends Construct {
  readonly group: ScheduleGroup;
  readonly groupName: string;
  readonly deadLetters: Queue;
  /** The role EventBridge Scheduler assumes: invoke the jobs function, send to the dead-letter queue. */
  readonly role: Role;
  readonly jobs: ServiceFunction;
  /** Known before the function exists (it is named), so that the function can carry its own ARN. */
  readonly jobFunctionArn: string;
  /** `arn:…:schedule/<group>/*`: every schedule of this stage's group, and nothing else. */
  readonly schedulesArn: string;
  /** What functions/adapters/scheduler/aws.ts reads. */
  readonly environment: Record<string, string>;

  constructor(scope: Construct, id: string, props: { config: StageConfig; data: DataTable }) {
    super(scope, id);
    const { config, data } = props;
    const stack = Stack.of(this);

    this.groupName = `sport-poker-${config.stage}`;
    this.group = new ScheduleGroup(this, 'Group', {
      scheduleGroupName: this.groupName,
      // Its schedules point at this stack's jobs function and are worthless without it.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.deadLetters = failureQueue(this, 'DeadLetters');

    const jobFunctionName = `sport-poker-${config.stage}-jobs`;
    this.jobFunctionArn = stack.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: jobFunctionName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.schedulesArn = stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.groupName}/*` });

    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      description: `Sport Poker ${config.stage}: EventBridge Scheduler delivers jobs to the jobs function`,
      inlinePolicies: {
        deliver: new PolicyDocument({
          statements: [
            new PolicyStatement({ effect: Effect.ALLOW, actions: ['lambda:InvokeFunction'], resources: [this.jobFunctionArn] }),
            new PolicyStatement({ effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [this.deadLetters.queueArn] }),
          ],
        }),
      },
    });

    this.environment = {
      SCHEDULER: 'aws',
      SCHEDULE_GROUP: this.group.scheduleGroupName,
      JOB_FUNCTION_ARN: this.jobFunctionArn,
      SCHEDULER_ROLE_ARN: this.role.roleArn,
      SCHEDULER_DLQ_ARN: this.deadLetters.queueArn,
    };

    this.jobs = serviceFunction(this, 'Jobs', {
      config,
      label: 'jobs',
      description: `Sport Poker ${config.stage}: scheduled jobs (level ends, no-show drops)`,
      entry: 'functions/jobs/handler.ts',
      environment: { ...baseEnvironment(config, data), ...this.environment },
      timeout: JOB_TIMEOUT,
      functionName: jobFunctionName,
      asyncInvoke: {
        retryAttempts: 2,
        // The same age EventBridge Scheduler gives a delivery: a level end an hour late is still applied.
        maxEventAge: Duration.hours(1),
        onFailure: new SqsDestination(this.deadLetters),
      },
    });
    // SCHEDULE_GROUP is the group's name, not a reference: order the group before anything that schedules.
    this.jobs.fn.node.addDependency(this.group);
    data.grantItemAccess(this.jobs.fn);
    // A job reschedules (the next level end, an early delivery, the next no-show check).
    this.grantScheduling(this.jobs.fn);
  }

  /** Create and delete schedules in this stage's group, and hand the scheduler role to EventBridge Scheduler only. */
  grantScheduling(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: SCHEDULE_ACTIONS, resources: [this.schedulesArn] }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }
}
