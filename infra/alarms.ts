import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { ServiceFunction } from './functions';
import type { StageConfig } from './stage-config';

/** Every alarm looks at 5-minute sums (or maxima) and fires on the first occurrence. */
export const ALARM_PERIOD = Duration.minutes(5);

export interface WatchedAlarm {
  /** What it watches: a function label, a queue, `api`. */
  subject: string;
  /** `errors`, `throttles`, `messages`, `5xx`. */
  kind: string;
  alarm: Alarm;
}

/**
 * CloudWatch alarms and the SNS topic they notify (on alarm and on recovery). The topic is encrypted
 * with its own KMS key, because CloudWatch cannot publish to a topic under the AWS managed SNS key;
 * the key and the topic let CloudWatch in, for alarms of this account only. `-c alarmEmail=` adds an
 * email subscription (confirmed from the email SNS sends).
 */
export class Alarms extends Construct {
  readonly key: Key;
  readonly topic: Topic;
  readonly alarms: WatchedAlarm[] = [];
  private readonly action: SnsAction;
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: { config: StageConfig; alarmEmail?: string }) {
    super(scope, id);
    const { config } = props;
    const stack = Stack.of(this);
    this.prefix = `sport-poker-${config.stage}`;

    const cloudwatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    this.key = new Key(this, 'TopicKey', {
      description: `Sport Poker ${config.stage}: encrypts the alarm topic`,
      enableKeyRotation: true,
      // It encrypts notifications in flight only: nothing needs it once the topic is gone.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    this.key.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [cloudwatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );

    this.topic = new Topic(this, 'Topic', {
      displayName: `Sport Poker ${config.stage} alarms`,
      masterKey: this.key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [cloudwatch],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.action = new SnsAction(this.topic);
  }

  /** Errors > 0 and Throttles > 0 in 5 minutes. */
  watchFunction(f: ServiceFunction, options: { throttlePeriods?: number } = {}): void {
    this.add(f.label, 'errors', f.fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }), `the ${f.label} function failed`);
    this.add(
      f.label,
      'throttles',
      f.fn.metricThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }),
      `the ${f.label} function was throttled`,
      options.throttlePeriods,
    );
  }

  /** A message on a failure queue: work that failed every retry and waits for a person. */
  watchQueue(name: string, queue: IQueue, what: string): void {
    this.add(name, 'messages', queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }), what);
  }

  /**
   * A stream consumer falling behind: the oldest record of a batch it read (IteratorAge, maximum over 5
   * minutes) had waited longer than `threshold`.
   */
  watchIteratorAge(f: ServiceFunction, threshold: Duration): void {
    this.add(
      f.label,
      'iterator-age',
      f.fn.metric('IteratorAge', { period: ALARM_PERIOD, statistic: 'Maximum' }),
      `the ${f.label} stream consumer is falling behind`,
      1,
      {
        value: threshold.toMilliseconds(),
        condition: `a record read more than ${threshold.toHumanString()} after it was written, in 5 minutes`,
      },
    );
  }

  /**
   * A count the functions record themselves (Powertools metrics, namespace SportPoker, dimension service):
   * an event that cannot be decoded, a dependency that was down, a projection that failed.
   */
  watchApplicationMetric(name: string, what: string, periods = 1): void {
    const metric = new Metric({
      namespace: 'SportPoker',
      metricName: name,
      dimensionsMap: { service: 'sport-poker' },
      period: ALARM_PERIOD,
      statistic: 'Sum',
    });
    this.add('app', name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase(), metric, what, periods);
  }

  /** Server errors (5xx) the HTTP API answered. */
  watchApi(api: IHttpApi): void {
    this.add('api', '5xx', api.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }), 'the HTTP API answered 5xx');
  }

  private add(
    subject: string,
    kind: string,
    metric: IMetric,
    what: string,
    periods = 1,
    threshold?: { value: number; condition: string },
  ): void {
    const id = `${subject}-${kind}`.replace(/(^|[^a-zA-Z0-9])([a-zA-Z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
    const alarm = new Alarm(this, id, {
      alarmName: `${this.prefix}-${subject}-${kind}`,
      alarmDescription: `Sport Poker: ${what} (${threshold?.condition ?? `more than 0 in ${periods === 1 ? '5 minutes' : `each of ${periods} consecutive 5-minute periods`}`}).`,
      metric,
      threshold: threshold?.value ?? 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: periods,
      datapointsToAlarm: periods,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push({ subject, kind, alarm });
  }
}
