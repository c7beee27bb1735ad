import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/reliability/**/*.test.ts'],
          // One DynamoDB Local for the run; each file makes its own table.
          globalSetup: ['test/support/global-setup.ts'],
          // The handlers' embedded metrics would only fill the test output.
          env: { POWERTOOLS_METRICS_DISABLED: 'true' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
