import { defineConfig } from 'vitest/config';

// The machines run Node 20, the Lambda runtime Node 22: the AWS SDK's documented switch for its notice
// that later releases need Node 22 (see scripts/local/node-version.ts).
// FREEZE_DOMAIN_STATE: every decision gets a deep-frozen state, so a change in place throws (functions/app/frozen-state.ts).
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FREEZE_DOMAIN_STATE: 'true' };

/** Suites run a second time against the functions' bundles, built as the stack builds them. */
const BUNDLED_SUITES = [
  'test/e2e/evening.test.ts',
  'test/e2e/mobile-app.test.ts',
  'test/e2e/duplicate-run.test.ts',
  'test/e2e/club-logos.test.ts',
];

/** Suites that start the local API over DynamoDB Local. */
const integration = {
  // One DynamoDB Local for the run; each file makes its own table.
  globalSetup: ['test/support/global-setup.ts'],
  // The handlers' embedded metrics would only fill the test output. DynamoDB Local on a busy 2-core machine
  // can take longer than the functions' 3 s per attempt: a timed-out call the SDK sends again would be
  // counted twice by the suites that count requests, so calls wait longer here (outages.test.ts sets its own).
  env: { ...env, POWERTOOLS_METRICS_DISABLED: 'true', DYNAMODB_REQUEST_TIMEOUT_MS: '30000' },
  testTimeout: 60_000,
  // A suite's set-up plays part of a tournament over HTTP: on a busy 2-core machine that has taken over a minute.
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], env },
      },
      {
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], env, testTimeout: 120_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/browser/**/*.test.ts'],
          ...integration,
        },
      },
      {
        test: {
          name: 'e2e-bundles',
          include: BUNDLED_SUITES,
          ...integration,
          globalSetup: [...integration.globalSetup, 'test/support/bundles-setup.ts'],
          env: { ...integration.env, TEST_HANDLERS: 'bundles' },
        },
      },
    ],
  },
});
