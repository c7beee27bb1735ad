import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table's shape, in one place: the CDK stack and the local setup both build the
 * table from this, so the embedded DynamoDB has exactly the keys and indexes AWS has.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** What an index copies besides the table's and its own keys (which every index carries). */
export type GsiProjection = { type: 'KEYS_ONLY' } | { type: 'INCLUDE'; nonKeyAttributes: readonly string[] };

export interface GsiDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
  /** What it serves, for readers of the stack. */
  purpose: string;
  projection: GsiProjection;
}

/** A query keeps only the items of the record kind it reads, told by these two (ElectroDB's identity attributes, functions/store/entities). */
const RECORD_IDENTITY = ['__edb_e__', '__edb_v__'];

/**
 * The attributes the callers of an index's queries read, and nothing else: an index item is written,
 * stored and read at its own size, so the large parts of the items (a tournament's settings and
 * snapshot, a club's legal details) stay out of the indexes. A query on an index returns only what is
 * projected, so a caller that needs another attribute adds it here; on a deployed table that means
 * recreating the index (DynamoDB cannot change a projection in place, see docs/decisions.md).
 */
const include = (...queries: readonly (readonly string[])[]): GsiProjection => ({
  type: 'INCLUDE',
  nonKeyAttributes: [...new Set([...RECORD_IDENTITY, ...queries.flat()])].sort(),
});

/** A tournament as lists and the catalogue show it (tournament `byClub` on gsi1 and `catalog` on gsi2). */
const TOURNAMENT_LISTED = ['clubId', 'tournamentId', 'version', 'status', 'name', 'startsAt', 'city', 'catalogKey', 'updatedAt'];

export const GSIS: readonly GsiDefinition[] = [
  {
    indexName: 'gsi1',
    partitionKey: 'gsi1pk',
    sortKey: 'gsi1sk',
    purpose: "a user's memberships and registrations across clubs; a club's tournaments by start",
    projection: include(
      // member `byUser`: GET /v1/me and DELETE /v1/me list the clubs and roles.
      ['clubId', 'role'],
      // tournament `byClub`: GET /v1/clubs/{clubId}/tournaments.
      TOURNAMENT_LISTED,
      // playerRegistration `byPlayer`: my registrations, the R-REG-1 check, unregister myself, erasure.
      ['clubId', 'tournamentId', 'registrationId', 'registrationStatus', 'entryId', 'eliminated'],
      // leagueStanding `byPlayer`: GET /v1/me/leagues (the place is read from the league's ranking).
      ['leagueId', 'playerId', 'totalCentipoints', 'played', 'counted', 'wins', 'bestPlace', 'qualified', 'tieKey', 'rankKey'],
    ),
  },
  {
    indexName: 'gsi2',
    partitionKey: 'gsi2pk',
    sortKey: 'gsi2sk',
    purpose: 'the public catalogue of clubs and upcoming tournaments; the moderators queue',
    projection: include(
      // club `catalog`: GET /v1/catalog/clubs (its public view, the verified filter, the suspended guard).
      ['clubId', 'name', 'city', 'address', 'contacts', 'verificationStatus', 'suspended'],
      // tournament `catalog`: GET /v1/catalog/tournaments (the city filter runs on the index too).
      TOURNAMENT_LISTED,
      // clubVerification `queue`: GET /v1/operator/verifications (the club's own details are read from the club).
      ['clubId', 'status', 'attempt', 'requestedAt', 'requestedBy', 'lastDecision'],
    ),
  },
];

/** Expiring items (idempotency records, cached registry answers) carry epoch seconds here. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttrs = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    // Committed tournament events (`sk` e#…) feed the projections consumer; it reads the new image only.
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
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
      Projection:
        g.projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...g.projection.nonKeyAttributes] }
          : { ProjectionType: 'KEYS_ONLY' },
    })),
  };
}
