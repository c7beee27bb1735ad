import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { config } from '../runtime/config';

let client: DynamoDBDocumentClient | undefined;
let raw: DynamoDBClient | undefined;

/**
 * How long one call may take, sized for a Lambda with a 15 s timeout. DynamoDB answers single-item calls
 * in milliseconds and a large transaction or page in well under a second, so:
 * - connect 1 s: a TCP connect to the regional endpoint takes milliseconds; longer means it is unreachable;
 * - request 3 s per attempt, until the response starts (and as the idle limit while it streams);
 * - 3 attempts: the SDK's retries with its jittered backoff, 3 × 3 s plus backoff ≈ 9.5 s at worst,
 *   so a hung DynamoDB becomes a 503 well before the function itself times out.
 * Keep-alive spares a TLS handshake per call on a warm container.
 * Tests shorten them with DYNAMODB_CONNECT_TIMEOUT_MS, DYNAMODB_REQUEST_TIMEOUT_MS, DYNAMODB_MAX_ATTEMPTS.
 */
export const DYNAMO_CLIENT_DEFAULTS = { connectTimeoutMs: 1_000, requestTimeoutMs: 3_000, maxAttempts: 3 } as const;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function dynamoClientSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    connectTimeoutMs: positiveInt(env.DYNAMODB_CONNECT_TIMEOUT_MS, DYNAMO_CLIENT_DEFAULTS.connectTimeoutMs),
    requestTimeoutMs: positiveInt(env.DYNAMODB_REQUEST_TIMEOUT_MS, DYNAMO_CLIENT_DEFAULTS.requestTimeoutMs),
    maxAttempts: positiveInt(env.DYNAMODB_MAX_ATTEMPTS, DYNAMO_CLIENT_DEFAULTS.maxAttempts),
  };
}

/** One client per container, created on first use so that cold starts pay for it only when needed. */
export function dynamo(): { doc: DynamoDBDocumentClient; raw: DynamoDBClient } {
  if (!client || !raw) {
    const c = config();
    const s = dynamoClientSettings();
    raw = new DynamoDBClient({
      region: c.region,
      maxAttempts: s.maxAttempts,
      requestHandler: new NodeHttpHandler({
        connectionTimeout: s.connectTimeoutMs,
        requestTimeout: s.requestTimeoutMs,
        // Without it a breached requestTimeout is only a logged warning and the call keeps waiting.
        throwOnRequestTimeout: true,
        // A response that stalls midway (headers sent, body not) is cut by the idle limit instead.
        socketTimeout: s.requestTimeoutMs,
        httpAgent: { keepAlive: true },
        httpsAgent: { keepAlive: true },
      }),
      ...(c.dynamoEndpoint ? { endpoint: c.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  }
  return { doc: client, raw };
}

export function resetDynamo(): void {
  client?.destroy();
  client = undefined;
  raw = undefined;
}
