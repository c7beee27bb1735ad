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
import { accessOf } from '../../functions/platform/authorization';
import { routeKeyOf } from '../../functions/platform/route';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/store/table-definition';
import { SportPokerStack } from '../../infra/stack';
import { parseStage, type Stage } from '../../infra/stage-config';
import { addNagChecks, NAG_REASONS } from '../../infra/nag-acknowledgements';
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

function synth(stage: Stage): Synthesized {
  const app = newApp(stage);
  const stack = new SportPokerStack(app, `SportPoker-${stage}`, { stage });
  addNagChecks(app);
  // Throws when cdk-nag reports an error nobody acknowledged (asserted on its own below).
  const assembly = app.synth();
  const json = assembly.getStackArtifact(stack.artifactId).template as { Resources: Synthesized['resources'] };
  return { stack, template: Template.fromJSON(json), assembly, resources: json.Resources };
}

const ofType = (s: Synthesized, type: string): [string, Synthesized['resources'][string]][] =>
  Object.entries(s.resources).filter(([, r]) => r.Type === type);

const logicalId = (s: Synthesized, c: IConstruct): string => s.stack.getLogicalId(c.node.defaultChild as CfnElement);

const GROUPS = Object.keys(HANDLER_GROUPS) as HandlerGroup[];
const GATEWAY_JWT_KINDS = new Set(['user', 'operator']);

let dev: Synthesized;
let prod: Synthesized;

beforeAll(() => {
  // The first synth starts CDK's template validator (a few seconds); later ones reuse it.
  dev = synth('dev');
  prod = synth('prod');
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
      GlobalSecondaryIndexes: GSIS.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      SSESpecification: { SSEEnabled: true },
    });
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

    dev.template.resourceCountIs('AWS::Lambda::Function', GROUPS.length);
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
      });
      // The cursor key is resolved from Secrets Manager at deploy time, never written into the template.
      expect(JSON.stringify(p.Environment.Variables.CURSOR_SECRET)).toContain('{{resolve:secretsmanager:');
    }
    prod.template.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ STAGE: 'prod', POWERTOOLS_LOG_LEVEL: 'INFO' }) },
    });
  });

  it('logs to its own log group with a retention: a month in dev, longer in prod', () => {
    const retention = (s: Synthesized, group: HandlerGroup): unknown => {
      const { fn, logGroup } = s.stack.functions.byGroup[group];
      const fnProps = s.resources[logicalId(s, fn)]!.Properties as { LoggingConfig: { LogGroup: unknown } };
      expect(fnProps.LoggingConfig.LogGroup).toEqual({ Ref: logicalId(s, logGroup) });
      return s.resources[logicalId(s, logGroup)]!.Properties.RetentionInDays;
    };
    for (const group of GROUPS) {
      expect(retention(dev, group)).toBe(30);
      expect(retention(prod, group)).toBeGreaterThan(30);
    }
    for (const s of [dev, prod]) {
      for (const [, lg] of ofType(s, 'AWS::Logs::LogGroup')) expect(lg.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('runs with its own role: no managed policies, table access on named ARNs only', () => {
    for (const [, role] of ofType(dev, 'AWS::IAM::Role')) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const tableArn = { 'Fn::GetAtt': [logicalId(dev, dev.stack.data.table), 'Arn'] };
    type Statement = { Action: string | string[]; Resource: unknown };
    const policies = ofType(dev, 'AWS::IAM::Policy').map(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    expect(policies).toHaveLength(GROUPS.length);
    for (const statements of policies) {
      const data = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
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

describe('HTTP API', () => {
  const routesOf = (s: Synthesized) =>
    ofType(s, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties as { RouteKey: string; AuthorizationType: string; AuthorizerId?: unknown; Target: unknown });

  it('has exactly one route per route of HANDLER_GROUPS', () => {
    const keys = routesOf(dev).map((r) => r.RouteKey);
    expect(keys.sort()).toEqual(ALL_ROUTES.map(routeKeyOf).sort());
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
    const permissions = ofType(dev, 'AWS::Lambda::Permission').map(([, p]) => p.Properties);
    expect(permissions).toHaveLength(GROUPS.length);
    const apiId = logicalId(dev, dev.stack.api.httpApi);
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
        Audience: [
          { Ref: logicalId(dev, dev.stack.identity.staffWebClient) },
          { Ref: logicalId(dev, dev.stack.identity.mobileClient) },
        ],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', poolRef]] },
      },
    });

    const byKey = new Map(routesOf(dev).map((r) => [r.RouteKey, r]));
    let withJwt = 0;
    for (const route of ALL_ROUTES) {
      const r = byKey.get(routeKeyOf(route))!;
      if (GATEWAY_JWT_KINDS.has(accessOf(route.operationId).kind)) {
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
      const stages = ofType(s, 'AWS::ApiGatewayV2::Stage');
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
          const rule = id.replace(/^annotation::/i, '');
          expect(reason.length, rule).toBeGreaterThan(40);
          acknowledged.set(rule, (acknowledged.get(rule) ?? new Set()).add(c.node.path));
        }
      }
    }
    expect([...acknowledged.keys()].sort()).toEqual(Object.keys(NAG_REASONS).sort());

    const unauthorised = dev.stack.api.routes.filter((r) => r.access === 'public' || r.access === 'club');
    expect([...acknowledged.get('AwsSolutions-APIG4')!].sort()).toEqual(unauthorised.map((r) => r.route.node.path).sort());
    expect(acknowledged.get('AwsSolutions-L1')!.size).toBe(GROUPS.length);
    expect(acknowledged.get('AwsSolutions-IAM5[Resource::*]')!.size).toBe(GROUPS.length);
  });
});
