import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';

let client: DynamoDBDocumentClient | undefined;
let raw: DynamoDBClient | undefined;

/** One client per container, created on first use so that cold starts pay for it only when needed. */
export function dynamo(): { doc: DynamoDBDocumentClient; raw: DynamoDBClient } {
  if (!client || !raw) {
    const c = config();
    raw = new DynamoDBClient({
      region: c.region,
      ...(c.dynamoEndpoint
        ? { endpoint: c.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
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
