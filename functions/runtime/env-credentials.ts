/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (infra/bundling.ts
 * `BUNDLE_ALIAS`). Lambda hands a function its role's credentials in AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, which the SDK's default chain reads first and stops at;
 * the rest of that chain (profiles, SSO, STS web identity, container and instance metadata, with the
 * SSO, STS and sign-in clients they bring) is 130 KB that a function never runs. The tests and the local
 * server keep the whole chain.
 */
import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/** What every client's runtime config calls as `credentialDefaultProvider`. */
export const defaultProvider = (init?: FromEnvInit) => fromEnv(init);
