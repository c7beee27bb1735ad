import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { App, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUrlIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { IConstruct } from 'constructs';
import { ALL_ROUTES, HANDLER_GROUPS, type HandlerGroup } from '../../functions/http/api';
import { routeKeyOf, routeKeysOf } from '../../functions/platform/route';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE, createTableInput } from '../../functions/store/table-definition';
import { SportPokerStack, type SportPokerStackProps } from '../../infra/stack';
import { parseStage, type Stage } from '../../infra/stage-config';
import { addNagChecks, NAG_REASONS, SCHEDULES_FINDING } from '../../infra/nag-acknowledgements';
import { SCHEDULE_ACTIONS } from '../../infra/scheduling';
import { SCHEDULING_FAILED } from '../../functions/app/jobs/schedules';
import { parseRegistryProvider } from '../../infra/verification';
import type { ServiceFunction } from '../../infra/functions';
import { CORS_ALLOW_HEADERS } from '../../infra/api';
import { OPERATOR_GROUP } from '../../infra/identity';

/** The feature flags `cdk synth` runs with, so that the template under test is the deployed one. */
const CDK_CONTEXT = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> })
  .context;

interface Synthesized {
  stack: SportPokerStack;
  template: Template;
  assembly: CloudAssembly;
  resources: Record<string, { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string }>;
}

/** The app as infra/app.ts builds it (cdk-nag included), with asset bundling skipped. */
function newApp(stage: Stage): App {
  return new App({ context: { ...CDK_CONTEXT, stage, 'aws:cdk:bundling-stacks': [] } });
}

function synth(stage: Stage, props: Omit<SportPokerStackProps, 'stage'> = {}): Synthesized {
  const app = newApp(stage);
  const stack = new SportPokerStack(app, `SportPoker-${stage}`, { stage, ...props });
  addNagChecks(app);
  // Throws when cdk-nag reports an error nobody acknowledged (asserted on its own below).
  const assembly = app.synth();
  const json = assembly.getStackArtifact(stack.artifactId).template as { Resources: Synthesized['resources'] };
  return { stack, template: Template.fromJSON(json), assembly, resources: json.Resources };
}

const ofType = (s: Synthesized, type: string): [string, Synthesized['resources'][string]][] =>
  Object.entries(s.resources).filter(([, r]) => r.Type === type);

const logicalId = (s: Synthesized, c: IConstruct): string => s.stack.getLogicalId(c.node.defaultChild as CfnElement);

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };

const statementsOf = (s: Synthesized, role: IConstruct): Statement[] => {
  const roleRef = JSON.stringify({ Ref: logicalId(s, role) });
  return ofType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === roleRef))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
};

const actionsOf = (st: Statement): string[] => [st.Action].flat().sort();

const STREAM_READ_ACTIONS = ['dynamodb:ListStreams', 'dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'];

/** `arn:<AWS::Partition>:...` the way an ARN made by Stack.formatArn renders without account and region. */
const arnOf = (service: string, resource: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:${service}:`, { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, resource]],
});

const schedulerEnv = (s: Synthesized) => ({
  SCHEDULER: 'aws',
  SCHEDULE_GROUP: `sport-poker-${s.stack.config.stage}`,
  JOB_FUNCTION_ARN: arnOf('lambda', `:function:sport-poker-${s.stack.config.stage}-jobs`),
  SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [logicalId(s, s.stack.scheduling.role), 'Arn'] },
  SCHEDULER_DLQ_ARN: { 'Fn::GetAtt': [logicalId(s, s.stack.scheduling.deadLetters), 'Arn'] },
});

const fnProps = (s: Synthesized, f: ServiceFunction) =>
  s.resources[logicalId(s, f.fn)]!.Properties as {
    Timeout: number;
    FunctionName?: string;
    ReservedConcurrentExecutions?: number;
    Environment: { Variables: Record<string, unknown> };
  };

const invokeConfigOf = (s: Synthesized, f: ServiceFunction) => {
  const configs = ofType(s, 'AWS::Lambda::EventInvokeConfig').filter(
    ([, c]) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify({ Ref: logicalId(s, f.fn) }),
  );
  expect(configs, f.label).toHaveLength(1);
  return configs[0]![1].Properties;
};

const GROUPS = Object.keys(HANDLER_GROUPS) as HandlerGroup[];
const GATEWAY_JWT_KINDS = new Set(['user', 'operator']);

const PUSH_APNS = 'arn:aws:sns:eu-central-1:123456789012:app/APNS/sport-poker';
const PUSH_FCM = 'arn:aws:sns:eu-central-1:123456789012:app/GCM/sport-poker';

let dev: Synthesized;
let prod: Synthesized;
/** Every context option set, and account and region fixed the way `cdk` fixes them from the credentials. */
let custom: Synthesized;

beforeAll(() => {
  // The first synth starts CDK's template validator (a few seconds); later ones reuse it.
  dev = synth('dev');
  prod = synth('prod');
  custom = synth('dev', {
    env: { account: '123456789012', region: 'eu-central-1' },
    registryProvider: 'dadata',
    registryBaseUrl: 'https://registry.test',
    dadataKeyParameter: '/ops/dadata',
    alarmEmail: 'ops@example.org',
    corsOrigins: ['https://staff.example.org'],
    pushApplications: { apns: PUSH_APNS, fcm: PUSH_FCM },
  });
}, 120_000);

describe('stage selection', () => {
  it('defaults to dev and refuses unknown stages', () => {
    expect(parseStage(undefined)).toBe('dev');
    expect(parseStage('prod')).toBe('prod');
    expect(() => parseStage('staging')).toThrow(/unknown stage/);
  });

  it('names the stack after the stage', () => {
    expect(dev.stack.stackName).toBe('SportPoker-dev');
    expect(prod.stack.stackName).toBe('SportPoker-prod');
    expect(prod.stack.terminationProtection).toBe(true);
  });
});

describe('table', () => {
  it('has the keys, indexes and TTL of table-definition.ts, on demand, with PITR and encryption', () => {
    const keyAttributes = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
    dev.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
      GlobalSecondaryIndexes: GSIS.map((g, i) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        // The same projection as the local table's (both come from GSIS), and never ALL.
        Projection: createTableInput('local').GlobalSecondaryIndexes?.[i]?.Projection,
      })),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('projects into its indexes what their queries read, never whole items', () => {
    for (const g of GSIS) {
      expect(g.projection.type, g.indexName).toBe('INCLUDE');
      const attrs = g.projection.type === 'INCLUDE' ? g.projection.nonKeyAttributes : [];
      // ElectroDB drops query results that lack its identity attributes.
      expect(attrs, g.indexName).toEqual(
        expect.arrayContaining(['__edb_e__', '__edb_v__', 'clubId', 'tournamentId', 'status', 'name', 'startsAt']),
      );
      // The large parts: a tournament's settings, snapshot and old meta part, a club's legal details.
      for (const heavy of ['meta', 'settings', 'snap', 'attestation', 'inn', 'ogrn', 'body'])
        expect(attrs, `${g.indexName} ${heavy}`).not.toContain(heavy);
    }
  });

  it('is protected and retained in prod, disposable in dev', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    dev.template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
      DeletionPolicy: 'Delete',
    });
  });
});

describe('user pool', () => {
  it('signs in by email, lets players sign up, enforces a strong password, offers MFA, runs threat protection', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      MfaConfiguration: 'OPTIONAL',
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      DeletionProtection: 'ACTIVE',
    });
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
  });

  it('has the operator group and two public app clients', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: OPERATOR_GROUP });
    dev.template.resourceCountIs('AWS::Cognito::UserPoolClient', 2);
    for (const [, client] of ofType(dev, 'AWS::Cognito::UserPoolClient')) {
      expect(client.Properties.GenerateSecret).toBe(false);
      expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    }
  });
});

describe('functions', () => {
  it('one function per handler group: nodejs22.x on arm64, traced, with the configuration the code reads', () => {
    const tableRef = { Ref: logicalId(dev, dev.stack.data.table) };
    const poolRef = { Ref: logicalId(dev, dev.stack.identity.userPool) };
    const clientRefs = [dev.stack.identity.staffWebClient, dev.stack.identity.mobileClient].map((c) => ({
      Ref: logicalId(dev, c),
    }));
    const issuer = { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', poolRef]] };

    // The API's functions, the jobs function, the verification worker, the projections consumer and the live API's.
    dev.template.resourceCountIs('AWS::Lambda::Function', GROUPS.length + 4);
    for (const group of GROUPS) {
      const fn = dev.resources[logicalId(dev, dev.stack.functions.byGroup[group].fn)];
      expect(fn?.Type).toBe('AWS::Lambda::Function');
      const p = fn!.Properties as {
        Runtime: string;
        Architectures: string[];
        MemorySize: number;
        Timeout: number;
        TracingConfig: unknown;
        Environment: { Variables: Record<string, unknown> };
      };
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.MemorySize).toBeGreaterThanOrEqual(512);
      expect(p.MemorySize).toBeLessThanOrEqual(1024);
      expect(p.Timeout).toBeGreaterThanOrEqual(10);
      expect(p.Timeout).toBeLessThanOrEqual(29);
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.Environment.Variables).toMatchObject({
        STAGE: 'dev',
        TABLE_NAME: tableRef,
        JWT_ISSUER: issuer,
        JWKS_URL: { 'Fn::Join': ['', [...issuer['Fn::Join'][1]!, '/.well-known/jwks.json']] },
        JWT_AUDIENCE: { 'Fn::Join': ['', [clientRefs[0], ',', clientRefs[1]]] },
        CORS_ORIGINS: '*',
        POWERTOOLS_SERVICE_NAME: 'sport-poker',
        POWERTOOLS_LOG_LEVEL: 'DEBUG',
        ...schedulerEnv(dev),
      });
      // Only the function that starts verification checks knows the worker.
      expect('VERIFY_CLUB_FUNCTION_NAME' in p.Environment.Variables, group).toBe(group === 'verification');
      // The cursor key is resolved from Secrets Manager at deploy time, never written into the template.
      expect(JSON.stringify(p.Environment.Variables.CURSOR_SECRET)).toContain('{{resolve:secretsmanager:');
    }
    prod.template.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ STAGE: 'prod', POWERTOOLS_LOG_LEVEL: 'INFO' }) },
    });
  });

  it('logs to its own log group with a retention: a month in dev, longer in prod', () => {
    const retention = (s: Synthesized, { fn, logGroup }: ServiceFunction): unknown => {
      const fnProps = s.resources[logicalId(s, fn)]!.Properties as { LoggingConfig: { LogGroup: unknown } };
      expect(fnProps.LoggingConfig.LogGroup).toEqual({ Ref: logicalId(s, logGroup) });
      return s.resources[logicalId(s, logGroup)]!.Properties.RetentionInDays;
    };
    expect(dev.stack.allFunctions).toHaveLength(GROUPS.length + 4);
    for (const f of dev.stack.allFunctions) expect(retention(dev, f), f.label).toBe(30);
    for (const f of prod.stack.allFunctions) expect(retention(prod, f), f.label).toBeGreaterThan(30);
    for (const s of [dev, prod]) {
      for (const [, lg] of ofType(s, 'AWS::Logs::LogGroup')) expect(lg.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('runs with its own role: no managed policies, table access on named ARNs only', () => {
    for (const [, role] of ofType(dev, 'AWS::IAM::Role')) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const tableArn = { 'Fn::GetAtt': [logicalId(dev, dev.stack.data.table), 'Arn'] };
    const policies = ofType(dev, 'AWS::IAM::Policy').map(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    // One per function role; the scheduler role has its inline policy only.
    expect(policies).toHaveLength(GROUPS.length + 4);
    for (const statements of policies) {
      // Stream reads (the projections consumer's only) are asserted in projections.test.ts.
      const data = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:') && !STREAM_READ_ACTIONS.includes(a)));
      expect(data).toHaveLength(1);
      expect([data[0]!.Action].flat().sort()).toEqual(
        ['BatchGetItem', 'BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map(
          (a) => `dynamodb:${a}`,
        ),
      );
      expect(data[0]!.Resource).toEqual([tableArn, ...GSIS.map((g) => ({ 'Fn::Join': ['', [tableArn, `/index/${g.indexName}`]] }))]);
    }
    const actions = JSON.stringify(ofType(dev, 'AWS::IAM::Policy').map(([, p]) => p.Properties.PolicyDocument));
    expect(actions).not.toMatch(/dynamodb:Scan|dynamodb:\*|\/index\/\*/);
  });
});

describe('scheduler', () => {
  it('has one schedule group per stage', () => {
    dev.template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    dev.template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'sport-poker-dev' });
    prod.template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'sport-poker-prod' });
  });

  it('runs jobs in the jobs function: functions/jobs/handler.ts, a timeout over the 65 s early wait, the scheduler configuration', () => {
    const jobs = dev.stack.scheduling.jobs;
    expect(jobs.entry).toBe('functions/jobs/handler.ts');
    expect(readFileSync(new URL(`../../${jobs.entry}`, import.meta.url), 'utf8')).toMatch(/export const handler\b/);
    const p = fnProps(dev, jobs);
    expect(p.Timeout).toBeGreaterThanOrEqual(90);
    expect(p.Timeout).toBeLessThanOrEqual(900);
    // Named, so that its ARN (JOB_FUNCTION_ARN, the scheduler role's policy) is known before it exists.
    expect(p.FunctionName).toBe('sport-poker-dev-jobs');
    expect(p.Environment.Variables).toEqual({
      STAGE: 'dev',
      TABLE_NAME: { Ref: logicalId(dev, dev.stack.data.table) },
      POWERTOOLS_SERVICE_NAME: 'sport-poker',
      POWERTOOLS_LOG_LEVEL: 'DEBUG',
      NODE_OPTIONS: '--enable-source-maps',
      ...schedulerEnv(dev),
    });
    expect(fnProps(prod, prod.stack.scheduling.jobs).Environment.Variables).toMatchObject(schedulerEnv(prod));
  });

  it('sends a job that failed every Lambda retry to the dead-letter queue', () => {
    expect(invokeConfigOf(dev, dev.stack.scheduling.jobs)).toMatchObject({
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(dev, dev.stack.scheduling.deadLetters), 'Arn'] } } },
    });
  });

  it('has an encrypted, TLS-only dead-letter queue', () => {
    const dlq = logicalId(dev, dev.stack.scheduling.deadLetters);
    expect(dev.resources[dlq]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    dev.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: dlq }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets EventBridge Scheduler of this account assume its role, which may only invoke the jobs function and send to the DLQ', () => {
    const roleId = logicalId(dev, dev.stack.scheduling.role);
    const role = dev.resources[roleId]!.Properties as {
      AssumeRolePolicyDocument: { Statement: unknown[] };
      Policies: { PolicyDocument: { Statement: Statement[] } }[];
      ManagedPolicyArns?: unknown;
    };
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      },
    ]);
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(role.Policies.flatMap((p) => p.PolicyDocument.Statement)).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: arnOf('lambda', ':function:sport-poker-dev-jobs') },
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [logicalId(dev, dev.stack.scheduling.deadLetters), 'Arn'] } },
    ]);
    // No separate policy is attached to it either.
    expect(statementsOf(dev, dev.stack.scheduling.role)).toEqual([]);
  });

  it("lets the API functions, the jobs function and the stream consumer manage schedules of the stage's group only, and pass the role to the scheduler only", () => {
    const schedules = arnOf('scheduler', ':schedule/sport-poker-dev/*');
    const roleArn = { 'Fn::GetAtt': [logicalId(dev, dev.stack.scheduling.role), 'Arn'] };
    for (const f of [...dev.stack.functions.all, dev.stack.scheduling.jobs, dev.stack.projections.consumer]) {
      const statements = statementsOf(dev, f.role);
      const scheduling = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('scheduler:')));
      expect(scheduling, f.label).toEqual([{ Effect: 'Allow', Action: [...SCHEDULE_ACTIONS].sort(), Resource: schedules }]);
      const passRole = statements.filter((st) => actionsOf(st).includes('iam:PassRole'));
      expect(passRole, f.label).toEqual([
        {
          Effect: 'Allow',
          Action: 'iam:PassRole',
          Resource: roleArn,
          Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        },
      ]);
    }
    expect([...SCHEDULE_ACTIONS].sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule']);
    const all = JSON.stringify(ofType(dev, 'AWS::IAM::Policy').map(([, p]) => p.Properties.PolicyDocument));
    expect(all).not.toMatch(/scheduler:\*|iam:\*|"iam:PassRole","Effect":"Allow","Resource":"\*"/);
  });
});

describe('verification worker', () => {
  const worker = () => dev.stack.verification.worker;

  it('runs functions/jobs/verify-club.ts, one instance at a time, with a two-minute timeout and the registry configuration', () => {
    expect(worker().entry).toBe('functions/jobs/verify-club.ts');
    expect(readFileSync(new URL(`../../${worker().entry}`, import.meta.url), 'utf8')).toMatch(/export const handler\b/);
    const p = fnProps(dev, worker());
    expect(p.ReservedConcurrentExecutions).toBe(1);
    expect(p.Timeout).toBe(120);
    expect(p.Environment.Variables).toEqual({
      STAGE: 'dev',
      TABLE_NAME: { Ref: logicalId(dev, dev.stack.data.table) },
      POWERTOOLS_SERVICE_NAME: 'sport-poker',
      POWERTOOLS_LOG_LEVEL: 'DEBUG',
      NODE_OPTIONS: '--enable-source-maps',
      REGISTRY_PROVIDER: 'egrul',
      DADATA_KEY_PARAMETER: '/sport-poker/dev/dadata-api-key',
    });
    expect(fnProps(prod, prod.stack.verification.worker).Environment.Variables.DADATA_KEY_PARAMETER).toBe(
      '/sport-poker/prod/dadata-api-key',
    );
  });

  it('is retried twice by Lambda, and what still fails goes to an encrypted failure queue', () => {
    const failures = logicalId(dev, dev.stack.verification.failures);
    const config = invokeConfigOf(dev, worker()) as { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
    expect(config).toMatchObject({
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failures, 'Arn'] } } },
    });
    expect(config.MaximumEventAgeInSeconds).toBeGreaterThanOrEqual(3600);
    expect(dev.resources[failures]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    const sends = statementsOf(dev, worker().role).filter((st) => actionsOf(st).includes('sqs:SendMessage'));
    expect(sends.map((st) => st.Resource)).toEqual([{ 'Fn::GetAtt': [failures, 'Arn'] }]);
  });

  it('may read the DaData key parameter, and decrypt through SSM only; the stack makes no parameter', () => {
    const statements = statementsOf(dev, worker().role);
    const ssm = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('ssm:')));
    expect(ssm).toEqual([
      { Effect: 'Allow', Action: 'ssm:GetParameter', Resource: arnOf('ssm', ':parameter/sport-poker/dev/dadata-api-key') },
    ]);
    const kms = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('kms:')));
    expect(kms).toEqual([
      {
        Effect: 'Allow',
        Action: 'kms:Decrypt',
        Resource: arnOf('kms', ':key/*'),
        Condition: {
          StringEquals: { 'kms:ViaService': { 'Fn::Join': ['', ['ssm.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]] } },
        },
      },
    ]);
    dev.template.resourceCountIs('AWS::SSM::Parameter', 0);
  });

  it('is started by the verification API function only, which knows its name and may invoke it and nothing else', () => {
    const workerArn = { 'Fn::GetAtt': [logicalId(dev, worker().fn), 'Arn'] };
    for (const f of [...dev.stack.functions.all, dev.stack.scheduling.jobs, worker()]) {
      const invokes = statementsOf(dev, f.role).filter((st) => actionsOf(st).some((a) => a.startsWith('lambda:')));
      expect(invokes, f.label).toEqual(
        f.label === 'verification' ? [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: workerArn }] : [],
      );
    }
    expect(fnProps(dev, dev.stack.functions.byGroup.verification).Environment.Variables).toMatchObject({
      VERIFY_CLUB_FUNCTION_NAME: { Ref: logicalId(dev, worker().fn) },
      REGISTRY_PROVIDER: 'egrul',
    });
  });

  it('takes the provider, a registry host and the key parameter from context, and refuses unknown providers', () => {
    expect(parseRegistryProvider(undefined)).toBe('egrul');
    expect(parseRegistryProvider('dadata')).toBe('dadata');
    expect(() => parseRegistryProvider('spark')).toThrow(/unknown registry provider/);
    const p = fnProps(custom, custom.stack.verification.worker).Environment.Variables;
    expect(p).toMatchObject({
      REGISTRY_PROVIDER: 'dadata',
      REGISTRY_BASE_URL: 'https://registry.test',
      DADATA_KEY_PARAMETER: '/ops/dadata',
    });
    const ssm = statementsOf(custom, custom.stack.verification.worker.role).filter((st) => actionsOf(st).includes('ssm:GetParameter'));
    expect(ssm.map((st) => st.Resource)).toEqual(['arn:aws:ssm:eu-central-1:123456789012:parameter/ops/dadata']);
  });
});

describe('alarms', () => {
  type AlarmProps = {
    Namespace: string;
    MetricName: string;
    Dimensions: { Name: string; Value: unknown }[];
    Threshold: number;
    ComparisonOperator: string;
    Period: number;
    AlarmActions: unknown[];
    OKActions: unknown[];
  };
  const alarmsOf = (s: Synthesized) => ofType(s, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties as AlarmProps);
  const find = (s: Synthesized, namespace: string, metric: string, dimension: { Name: string; Value: unknown }) =>
    alarmsOf(s).filter(
      (a) => a.Namespace === namespace && a.MetricName === metric && JSON.stringify(a.Dimensions) === JSON.stringify([dimension]),
    );

  it('watches every function for errors and throttles, on the first one in 5 minutes', () => {
    const topic = { Ref: logicalId(dev, dev.stack.alarms.topic) };
    for (const f of dev.stack.allFunctions) {
      for (const metric of ['Errors', 'Throttles']) {
        const found = find(dev, 'AWS/Lambda', metric, { Name: 'FunctionName', Value: { Ref: logicalId(dev, f.fn) } });
        expect(found, `${f.label} ${metric}`).toHaveLength(1);
        expect(found[0]).toMatchObject({
          Threshold: 0,
          ComparisonOperator: 'GreaterThanThreshold',
          Period: 300,
          AlarmActions: [topic],
          OKActions: [topic],
        });
      }
    }
  });

  it('watches the scheduler dead-letter queue and the verification failure queue', () => {
    for (const queue of [dev.stack.scheduling.deadLetters, dev.stack.verification.failures]) {
      const found = find(dev, 'AWS/SQS', 'ApproximateNumberOfMessagesVisible', {
        Name: 'QueueName',
        Value: { 'Fn::GetAtt': [logicalId(dev, queue), 'QueueName'] },
      });
      expect(found, queue.node.path).toHaveLength(1);
      expect(found[0]).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Period: 300 });
    }
  });

  it("watches the HTTP API's 5xx answers", () => {
    const found = find(dev, 'AWS/ApiGateway', '5xx', { Name: 'ApiId', Value: { Ref: logicalId(dev, dev.stack.api.httpApi) } });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Period: 300 });
    // Errors and throttles of each function; three queues; the API; the projections consumer's iterator age;
    // three application metrics.
    dev.template.resourceCountIs('AWS::CloudWatch::Alarm', 2 * (GROUPS.length + 4) + 3 + 1 + 1 + 3);
  });

  it('alarms on an undecodable tournament event at once, and on an outage that lasts three periods', () => {
    const alarms = Object.values(dev.template.findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties as Record<string, unknown>);
    const app = (name: string) => alarms.find((a) => a.MetricName === name && a.Namespace === 'SportPoker');
    expect(app('TournamentEventUndecodable')).toMatchObject({
      Threshold: 0,
      EvaluationPeriods: 1,
      Statistic: 'Sum',
      Dimensions: [{ Name: 'service', Value: 'sport-poker' }],
    });
    expect(app('DependencyUnavailable')).toMatchObject({ Threshold: 0, EvaluationPeriods: 3, DatapointsToAlarm: 3 });
  });

  it('alarms on the first schedule EventBridge Scheduler refused (SchedulingFailed), which the functions that schedule count', () => {
    const topic = { Ref: logicalId(dev, dev.stack.alarms.topic) };
    const found = find(dev, 'SportPoker', SCHEDULING_FAILED, { Name: 'service', Value: 'sport-poker' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      Period: 300,
      EvaluationPeriods: 1,
      Statistic: 'Sum',
      AlarmActions: [topic],
      OKActions: [topic],
    });
    // The stream consumer makes the schedules (the outbox): it has the scheduler's settings (its grants: above).
    const consumer = dev.resources[logicalId(dev, dev.stack.projections.consumer.fn)]!;
    expect((consumer.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      SCHEDULER: 'aws',
      SCHEDULE_GROUP: expect.anything(),
    });
  });

  it('notifies an SNS topic encrypted with a rotated key that CloudWatch may use; email only when asked', () => {
    const keyId = logicalId(dev, dev.stack.alarms.key);
    dev.template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
    expect(dev.resources[keyId]!.Properties.EnableKeyRotation).toBe(true);
    dev.template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
        ]),
      },
    });
    dev.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
        ]),
      },
    });
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
    custom.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });
});

describe('HTTP API', () => {
  // The HTTP API's own (the live WebSocket API has routes and a stage too).
  const ofHttpApi = (s: Synthesized, type: string) =>
    ofType(s, type).filter(([, r]) => JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: logicalId(s, s.stack.api.httpApi) }));
  const routesOf = (s: Synthesized) =>
    ofHttpApi(s, 'AWS::ApiGatewayV2::Route').map(
      ([, r]) => r.Properties as { RouteKey: string; AuthorizationType: string; AuthorizerId?: unknown; Target: unknown },
    );

  it('has exactly one route per route of HANDLER_GROUPS (and HEAD beside the GETs that answer it)', () => {
    const keys = routesOf(dev).map((r) => r.RouteKey);
    expect(keys.sort()).toEqual(ALL_ROUTES.flatMap(routeKeysOf).sort());
    expect(keys).toContain('HEAD /v1/clubs/{clubId}/tournaments/{tournamentId}/screen');
  });

  it("integrates every route with its group's function, payload format 2.0", () => {
    const byKey = new Map(routesOf(dev).map((r) => [r.RouteKey, r]));
    for (const group of GROUPS) {
      const fnId = logicalId(dev, dev.stack.functions.byGroup[group].fn);
      for (const route of HANDLER_GROUPS[group]) {
        const target = byKey.get(routeKeyOf(route))!.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
        const integration = dev.resources[target['Fn::Join'][1][1].Ref]!;
        expect(integration.Properties).toMatchObject({
          IntegrationType: 'AWS_PROXY',
          IntegrationUri: { 'Fn::GetAtt': [fnId, 'Arn'] },
          PayloadFormatVersion: '2.0',
        });
      }
    }
  });

  it('lets this API, and nothing else, invoke each function', () => {
    const apiId = logicalId(dev, dev.stack.api.httpApi);
    const all = ofType(dev, 'AWS::Lambda::Permission').map(([, p]) => p.Properties);
    const permissions = all.filter((p) => JSON.stringify(p.SourceArn).includes(JSON.stringify({ Ref: apiId })));
    expect(permissions).toHaveLength(GROUPS.length);
    // The rest are the live API's, on its own function only.
    const liveFn = { 'Fn::GetAtt': [logicalId(dev, dev.stack.live.handler.fn), 'Arn'] };
    for (const p of all.filter((x) => !permissions.includes(x))) expect(p.FunctionName).toEqual(liveFn);
    for (const group of GROUPS) {
      const fnArn = { 'Fn::GetAtt': [logicalId(dev, dev.stack.functions.byGroup[group].fn), 'Arn'] };
      const p = permissions.find((x) => JSON.stringify(x.FunctionName) === JSON.stringify(fnArn));
      expect(p, group).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
      expect(JSON.stringify(p!.SourceArn)).toContain(JSON.stringify({ Ref: apiId }));
    }
  });

  it('puts the Cognito JWT authorizer on user and operator routes, and only there', () => {
    const authorizers = ofType(dev, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    const poolRef = { Ref: logicalId(dev, dev.stack.identity.userPool) };
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(dev, dev.stack.identity.staffWebClient) }, { Ref: logicalId(dev, dev.stack.identity.mobileClient) }],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', poolRef]] },
      },
    });

    const byKey = new Map(routesOf(dev).map((r) => [r.RouteKey, r]));
    let withJwt = 0;
    for (const route of ALL_ROUTES) {
      const r = byKey.get(routeKeyOf(route))!;
      if (GATEWAY_JWT_KINDS.has(route.access.kind)) {
        withJwt++;
        expect(r, routeKeyOf(route)).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      } else {
        expect(r.AuthorizationType, routeKeyOf(route)).toBe('NONE');
        expect(r.AuthorizerId, routeKeyOf(route)).toBeUndefined();
      }
    }
    expect(withJwt).toBeGreaterThan(0);
  });

  it('answers CORS preflights for the headers the API reads', () => {
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowHeaders: Match.arrayWith(['authorization', 'content-type', 'idempotency-key', 'if-match', 'x-api-key']),
        AllowOrigins: ['*'],
      }),
    });
    expect(CORS_ALLOW_HEADERS).toHaveLength(5);
  });

  it('serves the default stage with JSON access logs and throttling', () => {
    for (const s of [dev, prod]) {
      const stages = ofHttpApi(s, 'AWS::ApiGatewayV2::Stage');
      expect(stages).toHaveLength(1);
      const p = stages[0]![1].Properties as {
        StageName: string;
        AutoDeploy: boolean;
        AccessLogSettings: { DestinationArn: unknown; Format: string };
        DefaultRouteSettings: { ThrottlingBurstLimit: number; ThrottlingRateLimit: number };
      };
      expect(p.StageName).toBe('$default');
      expect(p.AutoDeploy).toBe(true);
      expect(p.AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [logicalId(s, s.stack.api.accessLogs), 'Arn'] });
      const format = JSON.parse(p.AccessLogSettings.Format) as Record<string, string>;
      expect(format).toMatchObject({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      });
      expect(p.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
      expect(p.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    }
  });

  it('outputs what clients and operators need', () => {
    for (const name of ['ApiUrl', 'UserPoolId', 'StaffWebClientId', 'MobileClientId', 'TableName']) {
      dev.template.hasOutput(name, {});
    }
  });

  it('is described as it is: the deploy page and the README name every output and failure queue', () => {
    const outputs = Object.keys(dev.template.toJSON().Outputs as Record<string, unknown>).sort();
    const page = readFileSync('docs/deploy.md', 'utf8');
    const listed = [...page.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(outputs);
    const readme = readFileSync('README.md', 'utf8');
    for (const name of outputs) expect(readme, name).toContain(`\`${name}\``);
    const queues = ofType(dev, 'AWS::SQS::Queue').length;
    expect(outputs.filter((o) => o.endsWith('QueueUrl'))).toHaveLength(queues);
  });
});

describe('live API (WebSocket)', () => {
  it('routes $connect, $disconnect, subscribe and $default to functions/live/handler.ts, by the action of a message; ping to a mock', () => {
    const apiId = logicalId(dev, dev.stack.live.api);
    expect(dev.resources[apiId]?.Properties).toMatchObject({ ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const routes = ofType(dev, 'AWS::ApiGatewayV2::Route').filter(
      ([, r]) => JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: apiId }),
    );
    expect(routes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect', 'ping', 'subscribe']);
    // A ping invokes nothing: its route's integration is a mock.
    const ping = routes.find(([, r]) => r.Properties.RouteKey === 'ping')![1].Properties as {
      Target: { 'Fn::Join': [string, [string, { Ref: string }]] };
    };
    expect(dev.resources[ping.Target['Fn::Join'][1][1].Ref]!.Properties).toMatchObject({ IntegrationType: 'MOCK' });
    expect(dev.stack.live.handler.entry).toBe('functions/live/handler.ts');
    const fn = dev.resources[logicalId(dev, dev.stack.live.handler.fn)]!.Properties as {
      Environment: { Variables: Record<string, unknown> };
    };
    expect(Object.keys(fn.Environment.Variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'JWT_ISSUER', 'JWT_AUDIENCE', 'JWKS_URL', 'LIVE_CALLBACK_URL']),
    );
  });

  it('logs connects and messages without headers (the token travels there), throttled like the HTTP API', () => {
    const stage = ofType(dev, 'AWS::ApiGatewayV2::Stage').find(
      ([, r]) => JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: logicalId(dev, dev.stack.live.api) }),
    );
    const p = stage![1].Properties as {
      StageName: string;
      AccessLogSettings: { Format: string };
      DefaultRouteSettings: { ThrottlingRateLimit: number };
    };
    expect(p.StageName).toBe('live');
    expect(p.AccessLogSettings.Format).not.toMatch(/header|protocol/i);
    expect(JSON.parse(p.AccessLogSettings.Format)).toMatchObject({
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
    });
    expect(p.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
  });

  it("lets the projections consumer and the live function post to the live stage's connections, and no other function", () => {
    const posting = ofType(dev, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('execute-api:ManageConnections'),
    );
    const roles = posting.flatMap(([, p]) => (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref)).sort();
    expect(roles).toEqual([dev.stack.projections.consumer.role, dev.stack.live.handler.role].map((r) => logicalId(dev, r)).sort());
    for (const [, p] of posting) expect(JSON.stringify(p.Properties.PolicyDocument)).toContain('/live/*/@connections/*');
    const consumer = dev.resources[logicalId(dev, dev.stack.projections.consumer.fn)]!.Properties as {
      Environment: { Variables: Record<string, unknown> };
    };
    expect(consumer.Environment.Variables.LIVE_CALLBACK_URL).toBeDefined();
    dev.template.hasOutput('LiveUrl', {});
  });

  it('gives the players function, the consumer and the jobs (erasures) the push applications from context, endpoints of those only', () => {
    for (const f of [custom.stack.functions.byGroup.players, custom.stack.projections.consumer, custom.stack.scheduling.jobs]) {
      expect(fnProps(custom, f).Environment.Variables).toMatchObject({
        PUSH_APNS_APPLICATION_ARN: PUSH_APNS,
        PUSH_FCM_APPLICATION_ARN: PUSH_FCM,
      });
      const sns = statementsOf(custom, f.role).filter((st) => actionsOf(st).some((a) => a.startsWith('sns:')));
      expect(sns.map((st) => [actionsOf(st), st.Resource])).toEqual([
        [['sns:CreatePlatformEndpoint'], [PUSH_APNS, PUSH_FCM]],
        [
          ['sns:DeleteEndpoint', 'sns:Publish'],
          [
            'arn:aws:sns:eu-central-1:123456789012:endpoint/APNS/sport-poker/*',
            'arn:aws:sns:eu-central-1:123456789012:endpoint/GCM/sport-poker/*',
          ],
        ],
      ]);
    }
    // No other function may push, and without the context nobody may.
    expect(JSON.stringify(custom.resources[logicalId(custom, custom.stack.functions.byGroup.clubs.fn)]!.Properties)).not.toContain('PUSH_');
    expect(JSON.stringify(ofType(dev, 'AWS::IAM::Policy'))).not.toContain('sns:Publish"');
  });
});

describe('cdk-nag (AWS Solutions)', () => {
  it('leaves no finding unacknowledged, errors or warnings, in either stage', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const app = newApp(stage);
      new SportPokerStack(app, `SportPoker-${stage}`, { stage });
      addNagChecks(app);
      let assembly: CloudAssembly | undefined;
      expect(() => (assembly = app.synth())).not.toThrow();
      const report = JSON.parse(readFileSync(join(assembly!.directory, 'validation-report.json'), 'utf8')) as {
        pluginReports: { pluginName: string; violations: unknown[] }[];
      };
      expect(report.pluginReports.flatMap((r) => r.violations)).toEqual([]);
    }
  });

  it('fails the synth on an unacknowledged finding (the check is live)', () => {
    const app = newApp('dev');
    const stack = new Stack(app, 'NagProbe');
    new HttpApi(stack, 'Probe').addRoutes({
      path: '/open',
      methods: [HttpMethod.GET],
      integration: new HttpUrlIntegration('Url', 'https://example.org'),
    });
    addNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-APIG4/);
  });

  it('acknowledges only the listed rules, each with its reason, APIG4 exactly on public and club routes', () => {
    const acknowledged = new Map<string, Set<string>>();
    for (const c of dev.stack.node.findAll()) {
      for (const entry of c.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
          // Findings on stage-named ARNs are documented with `<stage>` in place of the stage.
          const rule = id.replace(/^annotation::/i, '').replace('sport-poker-dev', 'sport-poker-<stage>');
          expect(reason.length, rule).toBeGreaterThan(40);
          acknowledged.set(rule, (acknowledged.get(rule) ?? new Set()).add(c.node.path));
        }
      }
    }
    expect([...acknowledged.keys()].sort()).toEqual(Object.keys(NAG_REASONS).sort());

    const unauthorised = dev.stack.api.routes.filter((r) => r.access === 'public' || r.access === 'club');
    // The live API's routes too: a WebSocket API authenticates in its $connect function (infra/live.ts).
    const apig4 = [...unauthorised.map((r) => r.route.node.path), ...dev.stack.live.routes.map((r) => r.node.path)];
    expect([...acknowledged.get('AwsSolutions-APIG4')!].sort()).toEqual(apig4.sort());
    const paths = (items: { node: { path: string } }[]) => items.map((i) => i.node.path).sort();
    const fns = dev.stack.allFunctions;
    expect([...acknowledged.get('AwsSolutions-L1')!].sort()).toEqual(paths(fns.map((f) => f.fn)));
    expect([...acknowledged.get('AwsSolutions-IAM5[Resource::*]')!].sort()).toEqual(paths(fns.map((f) => f.role)));
    expect([...acknowledged.get(SCHEDULES_FINDING)!].sort()).toEqual(
      paths([...dev.stack.functions.all, dev.stack.scheduling.jobs, dev.stack.projections.consumer].map((f) => f.role)),
    );
    expect([...acknowledged.get('AwsSolutions-SQS3')!].sort()).toEqual(
      paths([dev.stack.scheduling.deadLetters, dev.stack.verification.failures, dev.stack.projections.deadLetters]),
    );
  });

  it('stays clean when account and region are fixed and every context option is set', () => {
    // `custom` was synthesized with cdk-nag (a finding would have thrown): check the report too.
    const report = JSON.parse(readFileSync(join(custom.assembly.directory, 'validation-report.json'), 'utf8')) as {
      pluginReports: { violations: unknown[] }[];
    };
    expect(report.pluginReports.flatMap((r) => r.violations)).toEqual([]);
  });
});
