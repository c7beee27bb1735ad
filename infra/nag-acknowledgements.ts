import { Validations, type App } from 'aws-cdk-lib';
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

/** Every acknowledgement the stack makes, by rule id: the reasons live here and nowhere else. */
export const NAG_REASONS = {
  'AwsSolutions-APIG4': {
    public:
      'Public route (health, OpenAPI document, API docs): it is meant to be called without credentials.',
    club:
      'Club route: callers authenticate with a staff JWT or the club integration\'s X-Api-Key, and an HTTP API ' +
      'route takes a single authorizer. The function authenticates every call itself (JWT via the user pool ' +
      'JWKS, or the API key against its stored hash) and checks the club role before it touches data.',
  } satisfies Partial<Record<Access['kind'], string>>,
  'AwsSolutions-IAM5[Resource::*]':
    'Only X-Ray remains on Resource "*" (xray:PutTraceSegments, xray:PutTelemetryRecords, added by active ' +
    'tracing): X-Ray has no resource-level permissions. Logs and table access are scoped to named ARNs.',
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
} as const;

const ack = (construct: IConstruct, id: string, reason: string): void => Validations.of(construct).acknowledge({ id, reason });

export function acknowledgeNagFindings(stack: SportPokerStack): void {
  for (const route of stack.api.routes) {
    if (route.access === 'public' || route.access === 'club') {
      ack(route.route, 'AwsSolutions-APIG4', NAG_REASONS['AwsSolutions-APIG4'][route.access]);
    }
  }
  for (const { fn, role } of stack.functions.all) {
    ack(role, 'AwsSolutions-IAM5[Resource::*]', NAG_REASONS['AwsSolutions-IAM5[Resource::*]']);
    ack(fn, 'AwsSolutions-L1', NAG_REASONS['AwsSolutions-L1']);
  }
  ack(stack.cursorKey.secret, 'AwsSolutions-SMG4', NAG_REASONS['AwsSolutions-SMG4']);
  ack(stack.identity.userPool, 'AwsSolutions-COG2', NAG_REASONS['AwsSolutions-COG2']);
}
