import { describe, expect, it } from 'vitest';
import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { IdempotencyPersistenceLayerError } from '@aws-lambda-powertools/idempotency';
import { DependencyUnavailableError, outageKind } from '../../../functions/runtime/dependency-errors';
import { outageProblem, toProblem } from '../../../functions/platform/errors';
import { dynamoClientSettings, DYNAMO_CLIENT_DEFAULTS } from '../../../functions/store/client';

const $metadata = { httpStatusCode: 400 };
/** How ElectroDB hands on a client error: its own error with the SDK's as `cause`. */
const viaElectro = (cause: Error) =>
  Object.assign(new Error('Error thrown by DynamoDB client'), { name: 'ElectroError', code: 4001, cause });
const nodeError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('outageKind', () => {
  it.each([
    ['throttled', new ProvisionedThroughputExceededException({ message: 'slow down', $metadata })],
    ['throttled', new RequestLimitExceeded({ message: 'account limit', $metadata })],
    ['throttled', Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' })],
    ['failing', new InternalServerError({ message: 'oops', $metadata: { httpStatusCode: 500 } })],
    ['failing', Object.assign(new Error('down'), { name: 'ServiceUnavailable' })],
    ['failing', Object.assign(new Error('unknown 5xx'), { name: 'SomethingNew', $fault: 'server' })],
    ['timeout', Object.assign(new Error('requestTimeout'), { name: 'TimeoutError', code: 'ETIMEDOUT' })],
    ['timeout', Object.assign(new Error('timed out'), { name: 'RequestTimeout' })],
    ['unreachable', nodeError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')],
    ['unreachable', nodeError('ECONNRESET', 'read ECONNRESET')],
    ['unreachable', new Error('socket hang up')],
    ['throttled', new DependencyUnavailableError('keys left unprocessed')],
  ])('%s: %s', (kind, error) => {
    expect(outageKind(error)).toBe(kind);
  });

  it('looks through ElectroDB, Powertools and AggregateError wrappers', () => {
    expect(outageKind(viaElectro(new ProvisionedThroughputExceededException({ message: 'x', $metadata })))).toBe('throttled');
    expect(
      outageKind(new IdempotencyPersistenceLayerError('Failed to save in progress record', { cause: nodeError('ECONNREFUSED') })),
    ).toBe('unreachable');
    expect(outageKind(Object.assign(new AggregateError([nodeError('ECONNREFUSED'), nodeError('ECONNREFUSED')]), { code: undefined }))).toBe(
      'unreachable',
    );
  });

  it('never counts conditional-check failures or cancelled transactions as outages, whatever they carry', () => {
    expect(outageKind(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata }))).toBeUndefined();
    expect(
      outageKind(viaElectro(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata }))),
    ).toBeUndefined();
    const cancelled = new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata,
      CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(outageKind(cancelled)).toBeUndefined();
    expect(outageKind(viaElectro(cancelled))).toBeUndefined();
    expect(outageKind(Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }))).toBeUndefined();
  });

  it('leaves bugs and bad input alone', () => {
    expect(outageKind(new TypeError('x is undefined'))).toBeUndefined();
    expect(
      outageKind(Object.assign(new Error('One or more parameter values were invalid'), { name: 'ValidationException', $fault: 'client' })),
    ).toBeUndefined();
    expect(outageKind('a string')).toBeUndefined();
    expect(outageKind(undefined)).toBeUndefined();
    const loop: { cause?: unknown } & Error = new Error('self-caused');
    loop.cause = loop;
    expect(outageKind(loop)).toBeUndefined();
  });
});

describe('the answer', () => {
  it('is 503 SERVICE_UNAVAILABLE with Retry-After, sooner for throttling', () => {
    expect(outageProblem('throttled')).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'retry-after': '1' } });
    expect(outageProblem('unreachable')).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'retry-after': '5' } });
  });

  it('is what toProblem makes of an outage, while a cancelled transaction stays a 500 of ours', () => {
    expect(toProblem(viaElectro(nodeError('ECONNREFUSED')))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(toProblem(new TransactionCanceledException({ message: 'cancelled', $metadata }))).toMatchObject({
      status: 500,
      code: 'INTERNAL',
    });
  });
});

describe('DynamoDB client settings', () => {
  it('default to 1 s connect, 3 s per request, 3 attempts', () => {
    expect(dynamoClientSettings({})).toEqual({ connectTimeoutMs: 1_000, requestTimeoutMs: 3_000, maxAttempts: 3 });
    // Every attempt timed out still ends before the API functions' 15 s timeout (infra/stage-config.ts).
    expect(DYNAMO_CLIENT_DEFAULTS.maxAttempts * DYNAMO_CLIENT_DEFAULTS.requestTimeoutMs).toBeLessThan(15_000);
  });

  it('take positive integers from the environment and ignore anything else', () => {
    expect(
      dynamoClientSettings({ DYNAMODB_CONNECT_TIMEOUT_MS: '200', DYNAMODB_REQUEST_TIMEOUT_MS: '300', DYNAMODB_MAX_ATTEMPTS: '1' }),
    ).toEqual({
      connectTimeoutMs: 200,
      requestTimeoutMs: 300,
      maxAttempts: 1,
    });
    expect(
      dynamoClientSettings({ DYNAMODB_CONNECT_TIMEOUT_MS: '0', DYNAMODB_REQUEST_TIMEOUT_MS: 'soon', DYNAMODB_MAX_ATTEMPTS: '-2' }),
    ).toEqual(dynamoClientSettings({}));
  });
});
