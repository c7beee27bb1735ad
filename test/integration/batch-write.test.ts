/**
 * The one BatchWriteItem loop of the functions (functions/store/batch-write.ts) on DynamoDB Local, behind
 * a proxy that plays DynamoDB leaving requests unprocessed: they are sent again until written, and a write
 * DynamoDB keeps refusing is an outage (503), not a half-written batch taken for done.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { startDynamoProxy, type DynamoProxy } from '../support/dynamo-proxy';
import type * as BatchWrite from '../../functions/store/batch-write';
import type * as QueryAll from '../../functions/store/query-all';
import { DependencyUnavailableError } from '../../functions/runtime/dependency-errors';

let proxy: DynamoProxy;
let batch: typeof BatchWrite;
let query: typeof QueryAll;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  proxy = await startDynamoProxy(inject('dynamoEndpoint'));
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.endpoint, POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  batch = await import('../../functions/store/batch-write');
  query = await import('../../functions/store/query-all');
}, 60_000);
afterAll(() => proxy.close());

const puts = (pk: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk, sk: `i#${String(i).padStart(3, '0')}`, n: i } } }));
const stored = async (pk: string) =>
  query.queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });

/** DynamoDB over its limits: the first `times` BatchWriteItems write nothing and hand every request back. */
function leaveUnprocessed(times: number): void {
  let left = times;
  proxy.intercept = (call) => {
    if (call.operation !== 'BatchWriteItem' || left <= 0) return undefined;
    left--;
    const [table, requests] = Object.entries(call.input.RequestItems as Record<string, unknown[]>)[0] as [string, unknown[]];
    return { UnprocessedItems: { [table]: requests } };
  };
}

describe('batch writes', () => {
  it('writes any number of requests 25 to a call, in parallel when asked, and deletes the same way', async () => {
    const pk = `p-${randomUUID()}`;
    proxy.intercept = undefined;
    proxy.calls.length = 0;
    await batch.writeAll(puts(pk, 60), 2);
    expect(proxy.calls.map((c) => (c.input.RequestItems as Record<string, unknown[]>)[process.env.TABLE_NAME as string]?.length)).toEqual([
      25, 25, 10,
    ]);
    expect((await stored(pk)).map((i) => i.n)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    await batch.writeAll((await stored(pk)).map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })));
    expect(await stored(pk)).toEqual([]);
  });

  it('sends unprocessed requests again until they are written', async () => {
    const pk = `p-${randomUUID()}`;
    proxy.calls.length = 0;
    leaveUnprocessed(3);
    await batch.writeBatch(puts(pk, 5));
    expect(proxy.calls.filter((c) => c.operation === 'BatchWriteItem')).toHaveLength(4);
    expect(await stored(pk)).toHaveLength(5);
  }, 30_000);

  it('counts a write DynamoDB keeps leaving unprocessed as an outage, after five calls', async () => {
    const pk = `p-${randomUUID()}`;
    proxy.calls.length = 0;
    leaveUnprocessed(Infinity);
    try {
      await expect(batch.writeBatch(puts(pk, 3))).rejects.toBeInstanceOf(DependencyUnavailableError);
      expect(proxy.calls.filter((c) => c.operation === 'BatchWriteItem')).toHaveLength(5);
    } finally {
      proxy.intercept = undefined;
    }
    expect(await stored(pk)).toEqual([]);
  }, 30_000);

  it('refuses more than 25 requests in one call', async () => {
    await expect(batch.writeBatch(puts('p', 26))).rejects.toThrow(/at most 25/);
  });
});
