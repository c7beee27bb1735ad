import { Arn, ArnFormat, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ServiceFunction } from './functions';
import { wildcardFinding } from './nag-acknowledgements';

/** SNS platform applications of the mobile apps (context `pushApnsApplicationArn`, `pushFcmApplicationArn`). */
export interface PushApplications {
  apns?: string;
  fcm?: string;
}

const PUSH_ENDPOINTS_REASON =
  "sns:Publish and sns:DeleteEndpoint on the endpoints of the stack's own platform applications: an endpoint is " +
  'made per phone at run time (CreatePlatformEndpoint), so endpoint ARNs cannot be listed in the policy.';

/** `arn:…:app/APNS/name` -> `arn:…:endpoint/APNS/name/*`: the phones registered with that application. */
export function endpointsOf(applicationArn: string): string {
  const parts = Arn.split(applicationArn, ArnFormat.SLASH_RESOURCE_NAME);
  return Arn.format({ ...parts, resource: 'endpoint', resourceName: `${parts.resourceName}/*`, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
}

/**
 * Gives functions the push applications: the players function registers and removes devices, the
 * projections consumer publishes. Without applications in the context nothing is added, and devices
 * cannot be registered (422 PUSH_PLATFORM_UNAVAILABLE).
 */
export function grantPush(apps: PushApplications, functions: readonly ServiceFunction[]): void {
  const arns = [apps.apns, apps.fcm].filter((a): a is string => a !== undefined);
  if (arns.length === 0) return;
  for (const f of functions) {
    if (apps.apns) f.fn.addEnvironment('PUSH_APNS_APPLICATION_ARN', apps.apns);
    if (apps.fcm) f.fn.addEnvironment('PUSH_FCM_APPLICATION_ARN', apps.fcm);
    f.role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sns:CreatePlatformEndpoint'], resources: arns }));
    const endpoints = arns.map(endpointsOf);
    f.role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sns:Publish', 'sns:DeleteEndpoint'], resources: endpoints }));
    for (const e of endpoints) Validations.of(f.role).acknowledge({ id: wildcardFinding(f.role, e), reason: PUSH_ENDPOINTS_REASON });
  }
}
