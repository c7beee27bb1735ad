import type middy from '@middy/core';
import { ConditionalCheckFailedException, DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyRecordStatus,
  PERSISTENCE_ATTRIBUTE_KEY_MAPPINGS,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import type { IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../store/table-definition';
import { config } from '../runtime/config';
import { logger } from '../runtime/logger';
import { dynamo } from '../store/client';
import { queryAll } from '../store/query-all';
import { writeAll } from '../store/batch-write';
import { HttpProblem } from './problem';

/** Where the key is put on the event; null (no header, or not a POST) means "not idempotent". */
export const IDEMPOTENCY_FIELD = 'idempotency';

/** The static partition of every record, and the prefix of their sort keys. */
const PARTITION = 'idempotency';
const KEY_PREFIX = 'http';

type Payload = Parameters<DynamoDBPersistenceLayer['saveInProgress']>[0];

/**
 * How long a record stays "in progress" when its request never finishes (the function crashed or
 * timed out): then the key may be used again. Fixed, not the Lambda's remaining time, so it is the same
 * everywhere (the local server has no deadline); longer than the API functions' 15 s timeout, so a request
 * that is still running is never overtaken by its retry.
 */
export const IN_PROGRESS_EXPIRY_SECONDS = 30;

/** What a refused concurrent copy is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/** What the resolver puts on the event: whose key it is, on which path. */
interface KeyFields {
  scope: string;
  route: string;
  key: string;
}

/** The scope of requests made for one's own account (not for a club). */
export const userScope = (userId: string): string => `user:${userId}`;

const scopePrefix = (scope: string): string => `${KEY_PREFIX}#${encodeURIComponent(scope)}#`;

/**
 * Powertools' DynamoDB layer with three changes:
 * - the sort key starts with the caller's scope (club or account) before the hash, so that a person's
 *   records can be found and erased (R-PD-1);
 * - the in-progress expiry is the fixed IN_PROGRESS_EXPIRY_SECONDS;
 * - a record is released only while it is still in progress: a completed answer is never deleted.
 */
class ScopedPersistenceLayer extends DynamoDBPersistenceLayer {
  constructor(
    private readonly table: string,
    private readonly db: ReturnType<typeof dynamo>['raw'],
  ) {
    super({
      tableName: table,
      awsSdkV3Client: db,
      keyAttr: TABLE_KEYS.partitionKey,
      sortKeyAttr: TABLE_KEYS.sortKey,
      staticPkValue: PARTITION,
      expiryAttr: TTL_ATTRIBUTE,
    });
  }

  protected override getHashedIdempotencyKey(data: Payload): string {
    const hashed = super.getHashedIdempotencyKey(data);
    const fields = (data as { [IDEMPOTENCY_FIELD]?: KeyFields | null })[IDEMPOTENCY_FIELD];
    if (!fields?.scope) return hashed;
    return scopePrefix(fields.scope) + hashed.slice(`${this.idempotencyKeyPrefix}#`.length);
  }

  override async saveInProgress(data: Payload): Promise<void> {
    await super.saveInProgress(data, IN_PROGRESS_EXPIRY_SECONDS * 1000);
  }

  protected override async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    try {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: this.getKey(record.idempotencyKey),
          ConditionExpression: '#status = :inprogress',
          ExpressionAttributeNames: { '#status': PERSISTENCE_ATTRIBUTE_KEY_MAPPINGS.statusAttr },
          ExpressionAttributeValues: { ':inprogress': { S: IdempotencyRecordStatus.INPROGRESS } },
        }),
      );
    } catch (e) {
      // Already completed (or gone): nothing of ours to release.
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
  }
}

/** Set on the request when this invocation wrote the in-progress record and so may release it. */
const OWNER = Symbol('idempotency-owner');
type Internal = Record<string | symbol, unknown>;

/**
 * Powertools idempotency over the single table: records live under the static partition
 * `idempotency`, sort key = caller's scope + hash of (scope, path, key), and expire after a day.
 *
 * Powertools (2.35, and upstream at the time of writing) deletes the record in `onError` whenever the
 * request fails, including when its own `before` refused the request as a concurrent copy (in progress)
 * or as another body under the same key: the refused copy would then delete the first request's
 * record and let a third copy run the effect again. Here only the invocation that wrote the in-progress
 * record (its `before` neither threw nor replayed) releases it on failure. A refused concurrent copy is
 * answered 409 with Retry-After.
 */
export function idempotency(): middy.MiddlewareObj {
  let inner: middy.MiddlewareObj | undefined;
  const get = (): middy.MiddlewareObj => {
    inner ??= makeHandlerIdempotent({
      persistenceStore: new ScopedPersistenceLayer(config().tableName, dynamo().raw),
      config: new IdempotencyConfig({
        eventKeyJmesPath: IDEMPOTENCY_FIELD,
        payloadValidationJmesPath: 'body',
        throwOnNoIdempotencyKey: false,
        expiresAfterSeconds: 24 * 3600,
      }),
      keyPrefix: KEY_PREFIX,
    }) as middy.MiddlewareObj;
    return inner;
  };
  return {
    before: async (request) => {
      const internal = request.internal as Internal;
      let replay: unknown;
      try {
        replay = await get().before?.(request);
      } catch (e) {
        if (e instanceof IdempotencyAlreadyInProgressError) {
          throw new HttpProblem(
            409,
            'IDEMPOTENCY_IN_PROGRESS',
            'Conflict',
            'A request with this Idempotency-Key is still in progress; retry after a moment',
            undefined,
            {
              'retry-after': String(RETRY_AFTER_SECONDS),
            },
          );
        }
        throw e;
      }
      if (replay === undefined) internal[OWNER] = true;
      return replay;
    },
    after: (request) => get().after?.(request),
    onError: async (request) => {
      if ((request.internal as Internal)[OWNER] !== true) return;
      try {
        await get().onError?.(request);
      } catch (e) {
        // The release failed too (DynamoDB down): answer the request's own error (a 503, not a 500); the
        // in-progress record frees its key when it expires.
        logger.warn('idempotency record not released; it expires', { error: (e as Error).message });
      }
    },
  };
}

/**
 * Deletes every idempotency record of one scope (`user:<id>` for a person's own account): their stored
 * answers may hold personal data that must not outlive an erasure (R-PD-1).
 */
export async function purgeIdempotencyRecords(scope: string): Promise<number> {
  // A person's records of the last day: a few.
  const keys = await queryAll({
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
    ExpressionAttributeValues: { ':pk': PARTITION, ':prefix': scopePrefix(scope) },
    ProjectionExpression: '#pk, #sk',
    ConsistentRead: true,
  });
  await writeAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
  return keys.length;
}
