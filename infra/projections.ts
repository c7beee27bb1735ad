import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { EVENT_SORT_KEY_PREFIX } from '../functions/adapters/stream/filter';
import { TABLE_KEYS } from '../functions/store/table-definition';
import { baseEnvironment, serviceFunction, type ServiceFunction } from './functions';
import { failureQueue } from './queues';
import type { StageConfig } from './stage-config';
import type { DataTable } from './table';

/** The mapping's settings, in one place for the stack and its tests. */
export const PROJECTION_STREAM = {
  batchSize: 100,
  /** Short: a projection (a player's registration row, a notification) should follow its event within seconds. */
  maxBatchingWindow: Duration.seconds(1),
  /** With bisection a failing batch is split until the failing record is alone: ten tries reach it in a batch of 100. */
  retryAttempts: 10,
  /**
   * The on-failure message names the records (shard, sequence numbers) without holding them, and the stream
   * keeps records 24 h: what is sent there after 6 h still leaves 18 h to read them back and replay.
   */
  maxRecordAge: Duration.hours(6),
  timeout: Duration.seconds(60),
} as const;

/** Alarm when the oldest record a consumer just read had waited this long: projections are falling behind. */
export const ITERATOR_AGE_ALARM = Duration.minutes(1);

/**
 * The table's stream consumer (functions/projections/handler.ts): derives the projections from committed
 * tournament events. Only INSERTs of event items (`sk` beginning with `e#`) reach it, filtered by Lambda
 * before the function is invoked (functions/adapters/stream/filter.ts states the same filter for the local
 * poller). Records are read from the oldest kept (TRIM_HORIZON) so that the first deployment misses no event;
 * the consumer is idempotent by event version. It reports the records it could not process
 * (ReportBatchItemFailures), the mapping bisects failing batches and retries a bounded number of times,
 * and what still fails is described on the dead-letter queue.
 */
export class Projections extends Construct {
  readonly consumer: ServiceFunction;
  readonly deadLetters: Queue;
  readonly eventSource: DynamoEventSource;

  constructor(scope: Construct, id: string, props: { config: StageConfig; data: DataTable }) {
    super(scope, id);
    const { config, data } = props;

    this.deadLetters = failureQueue(this, 'DeadLetters');

    this.consumer = serviceFunction(this, 'Consumer', {
      config,
      label: 'projections',
      description: `Sport Poker ${config.stage}: projections from committed tournament events (table stream)`,
      entry: 'functions/projections/handler.ts',
      environment: baseEnvironment(config, data),
      timeout: PROJECTION_STREAM.timeout,
    });
    data.grantItemAccess(this.consumer.fn);
    data.table.grantStreamRead(this.consumer.fn);

    this.eventSource = new DynamoEventSource(data.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: PROJECTION_STREAM.batchSize,
      maxBatchingWindow: PROJECTION_STREAM.maxBatchingWindow,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: PROJECTION_STREAM.retryAttempts,
      maxRecordAge: PROJECTION_STREAM.maxRecordAge,
      // One batch per shard at a time: events of a tournament are projected in the order they were committed.
      parallelizationFactor: 1,
      onFailure: new SqsDlq(this.deadLetters),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { Keys: { [TABLE_KEYS.sortKey]: { S: FilterRule.beginsWith(EVENT_SORT_KEY_PREFIX) } } },
        }),
      ],
    });
    this.consumer.fn.addEventSource(this.eventSource);
  }
}
