import type middy from '@middy/core';
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../store/table-definition';
import { config } from './config';
import { dynamo } from '../store/client';

/** Where the key is put on the event; null (no header, or not a POST) means "not idempotent". */
export const IDEMPOTENCY_FIELD = 'idempotency';

/**
 * Powertools idempotency over the single table: records live under the static partition
 * `idempotency` with the hashed (scope, route, header) as sort key, and expire after a day.
 * The persistence layer is made on first use so that it binds to the configured table.
 */
export function idempotency(): middy.MiddlewareObj {
  let inner: middy.MiddlewareObj | undefined;
  const get = (): middy.MiddlewareObj => {
    inner ??= makeHandlerIdempotent({
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: config().tableName,
        awsSdkV3Client: dynamo().raw,
        keyAttr: TABLE_KEYS.partitionKey,
        sortKeyAttr: TABLE_KEYS.sortKey,
        staticPkValue: 'idempotency',
        expiryAttr: TTL_ATTRIBUTE,
      }),
      config: new IdempotencyConfig({
        eventKeyJmesPath: IDEMPOTENCY_FIELD,
        payloadValidationJmesPath: 'body',
        throwOnNoIdempotencyKey: false,
        expiresAfterSeconds: 24 * 3600,
      }),
      keyPrefix: 'http',
    }) as middy.MiddlewareObj;
    return inner;
  };
  return {
    before: (request) => get().before?.(request),
    after: (request) => get().after?.(request),
    onError: (request) => get().onError?.(request),
  };
}

