import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table's shape, in one place: the CDK stack and the local setup both build the
 * table from this, so the embedded DynamoDB has exactly the keys and indexes AWS has.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export interface GsiDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
  /** What it serves, for readers of the stack. */
  purpose: string;
}

export const GSIS: readonly GsiDefinition[] = [
  {
    indexName: 'gsi1',
    partitionKey: 'gsi1pk',
    sortKey: 'gsi1sk',
    purpose: "a user's memberships and registrations across clubs",
  },
  {
    indexName: 'gsi2',
    partitionKey: 'gsi2pk',
    sortKey: 'gsi2sk',
    purpose: 'the public catalogue of clubs and upcoming tournaments; the moderators queue',
  },
];

/** Expiring items (idempotency records, cached registry answers) carry epoch seconds here. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttrs = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttrs.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: GSIS.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
