import { freePort } from '../../scripts/local/dynamodb-local';

/**
 * Ports of the servers the integration and e2e tests start. By default the OS chooses; a machine
 * where only some ports may be used sets them:
 * - TEST_API_PORT_BASE: each Vitest worker's local API listens on base + worker number (1..workers);
 * - TEST_DYNAMODB_PORT: the run's DynamoDB Local listens there;
 * - TEST_DYNAMODB_ENDPOINT: use a DynamoDB Local that is already running instead of starting one.
 */
export function portFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${name} must be a port number, not "${raw}"`);
  return port;
}

export async function apiPort(): Promise<number> {
  const base = portFromEnv('TEST_API_PORT_BASE');
  if (base === undefined) return freePort();
  return base + Number(process.env.VITEST_POOL_ID ?? '0');
}
