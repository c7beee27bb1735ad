import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { DynamoDBRecord } from 'aws-lambda';
import type { IConstruct } from 'constructs';
import { createTableInput, GSIS } from '../../functions/store/table-definition';
import { isEventInsert } from '../../functions/adapters/stream/filter';
import { SportPokerStack } from '../../infra/stack';
import { addNagChecks } from '../../infra/nag-acknowledgements';
import { ITERATOR_AGE_ALARM, PROJECTION_STREAM } from '../../infra/projections';

/** The table's stream and its consumer in the synthesized stack (cdk-nag included, bundling skipped). */

const CDK_CONTEXT = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> })
  .context;

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

let stack: SportPokerStack;
let template: Template;
let resources: Resources;

beforeAll(() => {
  const app = new App({ context: { ...CDK_CONTEXT, stage: 'dev', 'aws:cdk:bundling-stacks': [] } });
  stack = new SportPokerStack(app, 'SportPoker-dev', { stage: 'dev' });
  addNagChecks(app);
  // Throws on a cdk-nag finding nobody acknowledged.
  const json = app.synth().getStackArtifact(stack.artifactId).template as { Resources: Resources };
  template = Template.fromJSON(json);
  resources = json.Resources;
}, 120_000);

const logicalId = (c: IConstruct): string => stack.getLogicalId(c.node.defaultChild as CfnElement);
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const ref = (c: IConstruct) => ({ Ref: logicalId(c) });
const arn = (c: IConstruct) => ({ 'Fn::GetAtt': [logicalId(c), 'Arn'] });
const streamArn = () => ({ 'Fn::GetAtt': [logicalId(stack.data.table), 'StreamArn'] });
const statementsOf = (role: IConstruct): Statement[] =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify(ref(role))))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
const actionsOf = (st: Statement) => [st.Action].flat().sort();

const mapping = () => {
  const mappings = ofType('AWS::Lambda::EventSourceMapping');
  expect(mappings).toHaveLength(1);
  return mappings[0]![1].Properties;
};

describe('table stream', () => {
  it('carries new images, in AWS and in the local table built from the same definition', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
    expect(createTableInput('local').StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
  });
});

describe('projections consumer', () => {
  const consumer = () => stack.projections.consumer;

  it('runs functions/projections/handler.ts on nodejs22.x arm64, traced, with its own log group and the table', () => {
    expect(consumer().entry).toBe('functions/projections/handler.ts');
    expect(readFileSync(new URL(`../../${consumer().entry}`, import.meta.url), 'utf8')).toMatch(/export const handler\b/);
    const p = resources[logicalId(consumer().fn)]!.Properties as Record<string, unknown> & {
      Environment: { Variables: Record<string, unknown> };
    };
    expect(p).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: PROJECTION_STREAM.timeout.toSeconds(),
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: ref(consumer().logGroup) },
    });
    expect(p.Environment.Variables).toMatchObject({
      STAGE: 'dev',
      TABLE_NAME: ref(stack.data.table),
      POWERTOOLS_SERVICE_NAME: 'sport-poker',
    });
    expect(stack.allFunctions).toContain(consumer());
  });

  it('reads the stream from the oldest record, 100 at a time, bisecting and retrying a bounded number of times, reporting item failures', () => {
    const p = mapping();
    expect(p).toMatchObject({
      FunctionName: ref(consumer().fn),
      EventSourceArn: streamArn(),
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ParallelizationFactor: 1,
      DestinationConfig: { OnFailure: { Destination: arn(stack.projections.deadLetters) } },
    });
    // A short batching window; a bounded number of retries; records given up well inside the stream's 24 h,
    // so that what the dead-letter message names can still be read back.
    expect(p.MaximumBatchingWindowInSeconds).toBeGreaterThanOrEqual(1);
    expect(p.MaximumBatchingWindowInSeconds).toBeLessThanOrEqual(5);
    expect(p.MaximumRetryAttempts).toBe(PROJECTION_STREAM.retryAttempts);
    expect(p.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(p.MaximumRetryAttempts).toBeLessThanOrEqual(10);
    expect(p.MaximumRecordAgeInSeconds).toBe(PROJECTION_STREAM.maxRecordAge.toSeconds());
    expect(p.MaximumRecordAgeInSeconds).toBeLessThanOrEqual(12 * 3600);
  });

  it('is invoked only for INSERTs of event items (sk e#…), the filter the local poller applies too', () => {
    const filters = (mapping().FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters).toHaveLength(1);
    const pattern = JSON.parse(filters[0]!.Pattern) as unknown;
    expect(pattern).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'e#' }] } } } });

    // The pattern, evaluated as Lambda evaluates its rules (a list of values or prefixes per leaf), agrees
    // with the local filter record by record.
    const matches = (p: unknown, value: unknown): boolean => {
      if (Array.isArray(p)) {
        return p.some((rule: unknown) =>
          rule !== null && typeof rule === 'object' && 'prefix' in rule
            ? typeof value === 'string' && value.startsWith(String(rule.prefix))
            : value === rule,
        );
      }
      return (
        p !== null &&
        typeof p === 'object' &&
        value !== null &&
        typeof value === 'object' &&
        Object.entries(p).every(([key, inner]) => matches(inner, (value as Record<string, unknown>)[key]))
      );
    };
    const record = (eventName: DynamoDBRecord['eventName'], sk: string): DynamoDBRecord => ({
      eventName,
      dynamodb: { Keys: { pk: { S: 'club#c#t#t' }, sk: { S: sk } } },
    });
    const samples = [
      record('INSERT', 'e#0000000001'),
      record('MODIFY', 'e#0000000001'),
      record('REMOVE', 'e#0000000001'),
      record('INSERT', 'snap#0000000001'),
      record('INSERT', 'meta'),
      record('INSERT', 'x#e#1'),
      record('INSERT', 'E#1'),
    ];
    expect(samples.map(isEventInsert)).toEqual([true, false, false, false, false, false, false]);
    expect(samples.map((r) => matches(pattern, r))).toEqual(samples.map(isEventInsert));
  });

  it('may read and write items, read the stream and send to its dead-letter queue, and nothing more', () => {
    const statements = statementsOf(consumer().role);
    const stream = statements.filter((st) =>
      actionsOf(st).some((a) => ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'].includes(a)),
    );
    expect(stream).toEqual([
      { Effect: 'Allow', Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'], Resource: streamArn() },
    ]);
    // ListStreams has no resource-level permissions: it shares the "*" statement with X-Ray, and nothing else does.
    const wildcard = statements.filter((st) => st.Resource === '*');
    expect(wildcard.map(actionsOf)).toEqual([['dynamodb:ListStreams', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']]);
    const items = statements.filter((st) => actionsOf(st).includes('dynamodb:PutItem'));
    expect(items).toHaveLength(1);
    expect(actionsOf(items[0]!)).toEqual(
      ['BatchGetItem', 'BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map(
        (a) => `dynamodb:${a}`,
      ),
    );
    expect(items[0]!.Resource).toEqual([
      arn(stack.data.table),
      ...GSIS.map((g) => ({ 'Fn::Join': ['', [arn(stack.data.table), `/index/${g.indexName}`]] })),
    ]);
    const sqs = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('sqs:')));
    expect(sqs.map((st) => st.Resource)).toEqual([arn(stack.projections.deadLetters)]);
    expect(statements.filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:'))).length).toBe(3);

    // No other function reads the stream.
    for (const f of stack.allFunctions.filter((x) => x !== consumer())) {
      const reads = statementsOf(f.role).filter((st) =>
        actionsOf(st).some((a) => /^dynamodb:(ListStreams|DescribeStream|GetRecords|GetShardIterator)$/.test(a)),
      );
      expect(reads, f.label).toEqual([]);
    }
  });

  it('has an encrypted, TLS-only dead-letter queue, kept 14 days, named in the outputs', () => {
    const dlq = logicalId(stack.projections.deadLetters);
    expect(resources[dlq]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const policies = ofType('AWS::SQS::QueuePolicy').filter(
      ([, p]) => JSON.stringify(p.Properties.Queues) === JSON.stringify([{ Ref: dlq }]),
    );
    expect(policies).toHaveLength(1);
    expect((policies[0]![1].Properties.PolicyDocument as { Statement: unknown[] }).Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    template.hasOutput('ProjectionsDeadLetterQueueUrl', { Value: ref(stack.projections.deadLetters) });
  });

  it('alarms on a dead letter, on falling behind and on function errors, notifying the alarm topic', () => {
    type AlarmProps = {
      Namespace: string;
      MetricName: string;
      Statistic: string;
      Dimensions: unknown[];
      Threshold: number;
      ComparisonOperator: string;
      AlarmActions: unknown[];
      OKActions: unknown[];
    };
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties as AlarmProps);
    const find = (metric: string, dimension: { Name: string; Value: unknown }) =>
      alarms.filter((a) => a.MetricName === metric && JSON.stringify(a.Dimensions) === JSON.stringify([dimension]));
    const topic = [ref(stack.alarms.topic)];
    const fn = { Name: 'FunctionName', Value: ref(consumer().fn) };

    const dlq = find('ApproximateNumberOfMessagesVisible', {
      Name: 'QueueName',
      Value: { 'Fn::GetAtt': [logicalId(stack.projections.deadLetters), 'QueueName'] },
    });
    expect(dlq).toHaveLength(1);
    expect(dlq[0]).toMatchObject({
      Namespace: 'AWS/SQS',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: topic,
      OKActions: topic,
    });

    const age = find('IteratorAge', fn);
    expect(age).toHaveLength(1);
    expect(age[0]).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Maximum',
      Threshold: ITERATOR_AGE_ALARM.toMilliseconds(),
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: topic,
      OKActions: topic,
    });
    expect(age[0]!.Threshold).toBeGreaterThanOrEqual(10_000);
    expect(age[0]!.Threshold).toBeLessThanOrEqual(15 * 60_000);

    const errors = find('Errors', fn);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: topic,
    });
  });
});
