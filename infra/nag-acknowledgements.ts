import { Stack, Validations, type App } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Access } from '../functions/platform/authorization';
import type { SportPokerStack } from './stack';

/**
 * cdk-nag (AWS Solutions pack) runs on every synth; an unacknowledged error makes the synth fail.
 * Findings are fixed where the stack can fix them; the ones below are acknowledged, each on the
 * constructs it concerns (never stack-wide), with the reason it is acceptable.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * IAM5 findings on named ARNs with a wildcard, in the form cdk-nag reports them when account and region
 * are not fixed (`<stage>` stands for the stage). The acknowledgement itself is computed from the
 * resolved ARN (`wildcardFinding`), so that it matches also when `cdk` fixes account and region.
 */
export const SCHEDULES_FINDING =
  'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/sport-poker-<stage>/*]';
/** The live API's connections (infra/live.ts), as cdk-nag names them in the dev stack. */
export const CONNECTIONS_FINDING =
  'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<LiveWebSocketApiC47F7921>/live/*/@connections/*]';
/** The clubs' logo objects (infra/logos.ts), one per club under `clubs/`. */
export const LOGOS_FINDING = 'AwsSolutions-IAM5[Resource::<LogosBucket3F8038E3.Arn>/clubs/*]';
export const SSM_KEYS_FINDING = 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]';

/** Every acknowledgement the stack makes, by rule id: the reasons live here and nowhere else. */
export const NAG_REASONS = {
  'AwsSolutions-APIG4': {
    public: 'Public route (health, OpenAPI document, API docs): it is meant to be called without credentials.',
    club:
      "Club route: callers authenticate with a staff JWT or the club integration's X-Api-Key, and an HTTP API " +
      'route takes a single authorizer. The function authenticates every call itself (JWT via the user pool ' +
      'JWKS, or the API key against its stored hash) and checks the club role before it touches data.',
    live:
      'WebSocket route of live updates. A WebSocket API takes an authorizer on $connect only, and the token is ' +
      'offered as a subprotocol (never in the URL): the function authenticates it on $connect with the same JWT ' +
      'checks as the HTTP API and refuses the handshake without a valid one; every subscription is then checked ' +
      'against the club role (functions/live/topic-access.ts). Anonymous connections may read public topics only.',
  } satisfies Partial<Record<Access['kind'] | 'live', string>>,
  'AwsSolutions-IAM5[Resource::*]':
    'Only X-Ray remains on Resource "*" (xray:PutTraceSegments, xray:PutTelemetryRecords, added by active ' +
    'tracing), and for the projections consumer dynamodb:ListStreams (added by the stream event source): ' +
    'neither has resource-level permissions. Logs, table, stream, queue and scheduler access are scoped to ' +
    'named ARNs.',
  [SCHEDULES_FINDING]:
    'Schedules are created at run time, one per tournament job, with names made from the tournament id ' +
    '(functions/adapters/scheduler/names.ts), so they cannot be listed in the policy. The wildcard covers only ' +
    "the schedules of this stage's own schedule group, for CreateSchedule, DeleteSchedule and GetSchedule; " +
    'the role the schedules run with may only be passed to EventBridge Scheduler.',
  [CONNECTIONS_FINDING]:
    "execute-api:ManageConnections (PostToConnection, DeleteConnection) on the connections of the live API's own " +
    'stage: connection ids are made by API Gateway at run time, so they cannot be named in the policy.',
  [LOGOS_FINDING]:
    'GetObject, PutObject and DeleteObject on the logo objects only: one object per club under clubs/<clubId>/, ' +
    'created when a club uploads its logo, so the keys cannot be listed in the policy; nothing on the bucket itself.',
  [SSM_KEYS_FINDING]:
    'kms:Decrypt for the DaData key parameter, which the stack does not create: its KMS key (aws/ssm or a ' +
    'customer key) is unknown at synth time. The statement is limited to keys of this account and region and, ' +
    'by a kms:ViaService condition, to decryption requested by SSM Parameter Store; the worker may read one ' +
    'parameter only (ssm:GetParameter on its ARN).',
  'AwsSolutions-L1':
    'Pinned to nodejs22.x, the Node line the bundles are built for (esbuild target node22) and tested on. ' +
    'Moving to a newer runtime is a deliberate upgrade with its own test run, not a side effect of a CDK update.',
  'AwsSolutions-SMG4':
    'The secret is the HMAC key of pagination cursors, not a credential to another system. Rotating it only ' +
    'invalidates cursors in flight; it is rotated by replacing the secret value and redeploying, which needs ' +
    'no rotation Lambda.',
  'AwsSolutions-COG2':
    'MFA is optional (TOTP) because players sign themselves up on the mobile app and cannot be forced to enrol. ' +
    'Threat protection (Plus feature plan) watches every sign-in and, in prod, blocks risky ones.',
  'AwsSolutions-S1':
    'The logo bucket is private and read and written only by the logos function, whose requests are logged in ' +
    'its own log group with the caller and the club; server access logs would add a second bucket recording the same.',
  'AwsSolutions-SQS3':
    'This queue is itself the last stop: it receives what EventBridge Scheduler could not deliver, the ' +
    'asynchronous invocations Lambda gave up on, or the stream batches the projections mapping gave up on ' +
    '(on-failure destinations), which cdk-nag does not recognise as dead-letter use. Nothing consumes it, so a ' +
    'further DLQ would never receive anything; messages are kept 14 days and an alarm fires on the first one.',
} as const;

const ack = (construct: IConstruct, id: string, reason: string): void => Validations.of(construct).acknowledge({ id, reason });

/** A CloudFormation value flattened the way cdk-nag names findings (`<Ref>`, `<Resource.Attr>`). */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const v = value as Record<string, unknown>;
  if (v && 'Fn::Join' in v) {
    const [delimiter, items] = v['Fn::Join'] as [string, unknown[]];
    return items.map(flatten).join(delimiter);
  }
  if (v && 'Ref' in v) return `<${flatten(v.Ref)}>`;
  if (v && 'Fn::GetAtt' in v) {
    const [resource, attribute] = v['Fn::GetAtt'] as [unknown, unknown];
    return `<${flatten(resource)}.${flatten(attribute)}>`;
  }
  return JSON.stringify(value);
}

/** The IAM5 finding id cdk-nag reports for a wildcard resource ARN in this stack. */
export const wildcardFinding = (scope: IConstruct, arn: string): string =>
  `AwsSolutions-IAM5[Resource::${flatten(Stack.of(scope).resolve(arn))}]`;

export function acknowledgeNagFindings(stack: SportPokerStack): void {
  ack(stack.functions.byGroup.logos.role, wildcardFinding(stack, stack.logos.bucket.arnForObjects('clubs/*')), NAG_REASONS[LOGOS_FINDING]);
  ack(stack.logos.bucket.node.defaultChild ?? stack.logos.bucket, 'AwsSolutions-S1', NAG_REASONS['AwsSolutions-S1']);
  for (const route of stack.api.routes) {
    if (route.access === 'public' || route.access === 'club') {
      ack(route.route, 'AwsSolutions-APIG4', NAG_REASONS['AwsSolutions-APIG4'][route.access]);
    }
  }
  for (const { fn, role } of stack.allFunctions) {
    ack(role, 'AwsSolutions-IAM5[Resource::*]', NAG_REASONS['AwsSolutions-IAM5[Resource::*]']);
    ack(fn, 'AwsSolutions-L1', NAG_REASONS['AwsSolutions-L1']);
  }
  for (const route of stack.live.routes) ack(route, 'AwsSolutions-APIG4', NAG_REASONS['AwsSolutions-APIG4'].live);
  const connections = wildcardFinding(stack, stack.live.connectionsArn);
  for (const { role } of [stack.live.handler, stack.projections.consumer]) ack(role, connections, NAG_REASONS[CONNECTIONS_FINDING]);
  const schedules = wildcardFinding(stack, stack.scheduling.schedulesArn);
  for (const { role } of [...stack.functions.all, stack.scheduling.jobs, stack.projections.consumer])
    ack(role, schedules, NAG_REASONS[SCHEDULES_FINDING]);
  ack(stack.verification.worker.role, wildcardFinding(stack, stack.verification.ssmKeysArn), NAG_REASONS[SSM_KEYS_FINDING]);
  for (const queue of [stack.scheduling.deadLetters, stack.verification.failures, stack.projections.deadLetters])
    ack(queue, 'AwsSolutions-SQS3', NAG_REASONS['AwsSolutions-SQS3']);
  ack(stack.cursorKey.secret, 'AwsSolutions-SMG4', NAG_REASONS['AwsSolutions-SMG4']);
  ack(stack.identity.userPool, 'AwsSolutions-COG2', NAG_REASONS['AwsSolutions-COG2']);
}
