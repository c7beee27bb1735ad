import { afterEach, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue as SdkAttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { ensureTable, localClient } from '../../scripts/local/dynamodb-local';
import { createTableInput } from '../../functions/store/table-definition';
import { startLocalStreamPoller, type LocalStreamPoller, type LocalStreamPollerOptions } from '../../scripts/local/adapters/stream-poller';
import { logger } from '../../functions/runtime/logger';
import { startStreamPoller } from '../support/stream-poller';
import { startTestApi } from '../support/local-api';

/**
 * The local stand-in for the projections event source mapping, on DynamoDB Local: the filter (INSERTs of
 * `e#` items), Lambda's record shape, batches in stream order, ReportBatchItemFailures retries, drain, stop.
 */

let client: DynamoDBClient;
const running: LocalStreamPoller[] = [];

beforeAll(() => {
  client = localClient(inject('dynamoEndpoint'));
  // Retries and give-ups are logged; the assertions below read those calls instead of the output.
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

async function newTable(): Promise<string> {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  return tableName;
}

/** A poller with a handler that records every call (a copy of the batch) and answers as `answer` says. */
function recordingPoller(
  tableName: string,
  answer: (batch: DynamoDBRecord[], call: number) => Promise<DynamoDBBatchResponse | void> | DynamoDBBatchResponse | void = () => undefined,
  options: Partial<LocalStreamPollerOptions> = {},
) {
  const calls: DynamoDBRecord[][] = [];
  const poller = startLocalStreamPoller({
    tableName,
    endpoint: inject('dynamoEndpoint'),
    handle: async (records) => {
      calls.push([...records]);
      return answer(records, calls.length - 1);
    },
    ...options,
  });
  running.push(poller);
  return { poller, calls };
}

const put = (tableName: string, item: Record<string, SdkAttributeValue>) =>
  client.send(new PutItemCommand({ TableName: tableName, Item: item }));
const event = (pk: string, version: number, extra: Record<string, SdkAttributeValue> = {}) => ({
  pk: { S: pk },
  sk: { S: `e#${String(version).padStart(10, '0')}` },
  ...extra,
});
const skOf = (r: DynamoDBRecord) => r.dynamodb?.Keys?.sk?.S;
const seqOf = (r: DynamoDBRecord) => BigInt(r.dynamodb?.SequenceNumber ?? '-1');

describe('table stream', () => {
  it('is on, with new images, for a new table and for a table made before streams', async () => {
    const fresh = await newTable();
    const described = await client.send(new DescribeTableCommand({ TableName: fresh }));
    expect(described.Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    expect(described.Table?.LatestStreamArn).toMatch(/stream/);

    // A `.data/` table from before: no stream until ensureTable sees it again.
    const old = `t-${randomUUID()}`;
    const { StreamSpecification: _stream, ...withoutStream } = createTableInput(old);
    await client.send(new CreateTableCommand(withoutStream));
    expect((await client.send(new DescribeTableCommand({ TableName: old }))).Table?.StreamSpecification?.StreamEnabled).not.toBe(true);
    await ensureTable(inject('dynamoEndpoint'), old);
    const after = await client.send(new DescribeTableCommand({ TableName: old }));
    expect(after.Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    // Idempotent: a second call keeps the same stream.
    await ensureTable(inject('dynamoEndpoint'), old);
    expect((await client.send(new DescribeTableCommand({ TableName: old }))).Table?.LatestStreamArn).toBe(after.Table?.LatestStreamArn);
  });
});

describe('local stream poller', () => {
  it('hands over exactly the INSERTs of e# items, in stream order, in batches of up to 100, in the shape Lambda delivers, once each', async () => {
    const tableName = await newTable();
    const streamArn = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
    expect(streamArn).toBeDefined();
    const { poller, calls } = recordingPoller(tableName);

    const pk = 'club#c1#t#t1';
    const first = event(pk, 1, {
      type: { S: 'registered' },
      count: { N: '42' },
      payload: { M: { player: { S: 'p1' }, seats: { L: [{ N: '1' }, { S: 'two' }] }, paid: { BOOL: true }, note: { NULL: true } } },
      tags: { SS: ['a', 'b'] },
      blob: { B: new Uint8Array([1, 2, 255]) },
    });
    await put(tableName, first);
    // Other items of the tournament partition and of the table: never handed over.
    await put(tableName, { pk: { S: pk }, sk: { S: 'snap#0000000001' }, v: { N: '1' } });
    await put(tableName, { pk: { S: 'club#c1' }, sk: { S: 'meta' } });
    await put(tableName, { pk: { S: pk }, sk: { S: 'x#e#1' } });
    // A change or a removal of an event item is not an insert.
    await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { pk: first.pk, sk: first.sk },
        UpdateExpression: 'SET #t = :t',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':t': { S: 'changed' } },
      }),
    );
    const expected = [first.sk.S];
    // Enough inserts for several batches, in two partitions, interleaved with items that are filtered out.
    for (let v = 2; v <= 231; v++) {
      const item = event(v % 2 ? pk : 'club#c1#t#t2', v, { n: { N: String(v) } });
      await put(tableName, item);
      expected.push(item.sk.S);
      if (v % 50 === 0) await put(tableName, { pk: { S: pk }, sk: { S: `cache#${v}` } });
    }
    const removed = event(pk, 999);
    await put(tableName, removed);
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: removed.pk, sk: removed.sk } }));
    expected.push(removed.sk.S);

    await poller.drain(45_000);
    const records = calls.flat();
    expect(records.map(skOf)).toEqual(expected);
    for (const batch of calls) {
      expect(batch.length).toBeGreaterThan(0);
      expect(batch.length).toBeLessThanOrEqual(100);
    }
    expect(calls.length).toBeGreaterThanOrEqual(3);
    // Once each, in stream order.
    expect(new Set(records.map((r) => r.eventID)).size).toBe(records.length);
    const sequences = records.map(seqOf);
    for (let i = 1; i < sequences.length; i++) expect(sequences[i]! > sequences[i - 1]!).toBe(true);

    const now = Date.now() / 1000;
    for (const r of records) {
      expect(r).toMatchObject({
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        eventSourceARN: streamArn,
        eventVersion: expect.any(String),
      });
      expect(r.dynamodb?.StreamViewType).toBe('NEW_IMAGE');
      expect(r.dynamodb?.SequenceNumber).toMatch(/^\d+$/);
      expect(r.dynamodb?.SizeBytes).toBeGreaterThan(0);
      expect(Math.abs(r.dynamodb!.ApproximateCreationDateTime! - now)).toBeLessThan(600);
      expect(r.dynamodb?.OldImage).toBeUndefined();
    }
    // The first insert, attribute by attribute, in the AttributeValue JSON Lambda uses (binary as base64).
    expect(records[0]!.dynamodb?.Keys).toEqual({ pk: { S: pk }, sk: { S: first.sk.S } });
    expect(records[0]!.dynamodb?.NewImage).toEqual({
      pk: { S: pk },
      sk: { S: first.sk.S },
      type: { S: 'registered' },
      count: { N: '42' },
      payload: { M: { player: { S: 'p1' }, seats: { L: [{ N: '1' }, { S: 'two' }] }, paid: { BOOL: true }, note: { NULL: true } } },
      tags: { SS: ['a', 'b'] },
      blob: { B: Buffer.from([1, 2, 255]).toString('base64') },
    } satisfies Record<string, AttributeValue>);

    // Later writes come once, after the earlier ones, and nothing is handed over again.
    const later = event(pk, 1000);
    await put(tableName, later);
    await poller.drain(30_000);
    expect(calls.flat().map(skOf)).toEqual([...expected, later.sk.S]);
  });

  it('hands over records written before it started (TRIM_HORIZON)', async () => {
    const tableName = await newTable();
    const before = [event('club#c1#t#t3', 1), event('club#c1#t#t3', 2)];
    for (const item of before) await put(tableName, item);
    const calls: DynamoDBRecord[][] = [];
    // Through the helper integration tests use.
    const poller = await startStreamPoller(tableName, { handle: async (records) => void calls.push([...records]) });
    running.push(poller);
    await poller.drain(30_000);
    expect(calls.flat().map(skOf)).toEqual(before.map((i) => i.sk.S));
  });

  it('hands over what is written after it idled on an empty stream by a transaction (an iterator DynamoDB Local then calls trimmed)', async () => {
    const tableName = await newTable();
    const { poller, calls } = recordingPoller(tableName, () => undefined, { idleIntervalMs: 20 });
    // Several passes over the empty shard, each ending on an iterator with nothing behind it.
    for (let i = 0; i < 3; i++) await poller.drain(30_000);
    const items = [event('club#c1#t#t9', 1), event('club#c1#t#t9', 2)];
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: { pk: { S: 'club#c1#t#t9' }, sk: { S: 'meta' } } } },
          ...items.map((Item) => ({ Put: { TableName: tableName, Item } })),
        ],
      }),
    );
    await poller.drain(30_000);
    expect(calls.flat().map(skOf)).toEqual(items.map((i) => i.sk.S));
    // And on: the shard is still read.
    const later = event('club#c1#t#t9', 3);
    await put(tableName, later);
    await poller.drain(30_000);
    expect(calls.flat().map(skOf)).toEqual([...items, later].map((i) => i.sk.S));
  });

  it('retries from the record the handler reports, never the ones before it, and logs the retry', async () => {
    const tableName = await newTable();
    const items = Array.from({ length: 10 }, (_, i) => event('club#c1#t#t4', i + 1));
    for (const item of items) await put(tableName, item);
    const warn = vi.mocked(logger.warn);
    warn.mockClear();
    // The first call fails at the fourth record; the retry fails at its second (the fifth); then all is taken.
    const { poller, calls } = recordingPoller(
      tableName,
      (batch, call) => {
        if (call === 0)
          return {
            batchItemFailures: [
              { itemIdentifier: batch[3]!.dynamodb!.SequenceNumber! },
              { itemIdentifier: batch[6]!.dynamodb!.SequenceNumber! },
            ],
          };
        if (call === 1) return { batchItemFailures: [{ itemIdentifier: batch[1]!.dynamodb!.SequenceNumber! }] };
        return { batchItemFailures: [] };
      },
      { retryDelayMs: 20 },
    );
    await poller.drain(30_000);

    const sks = items.map((i) => i.sk.S);
    expect(calls.map((c) => c.map(skOf))).toEqual([sks, sks.slice(3), sks.slice(4)]);
    expect(poller.deadLetters).toEqual([]);
    expect(warn).toHaveBeenCalledWith('stream records failed; retrying', expect.objectContaining({ tableName, records: 7, attempt: 1 }));
    expect(warn).toHaveBeenCalledWith('stream records failed; retrying', expect.objectContaining({ tableName, records: 6, attempt: 1 }));
  });

  it('retries the whole batch when the handler throws or names no record of it, and gives up after the retries', async () => {
    const tableName = await newTable();
    const items = Array.from({ length: 4 }, (_, i) => event('club#c1#t#t5', i + 1));
    for (const item of items) await put(tableName, item);
    const { poller, calls } = recordingPoller(
      tableName,
      (batch, call) => {
        if (call === 0) throw new Error('projection store unavailable');
        if (call === 1) return { batchItemFailures: [{ itemIdentifier: 'not-a-sequence-number' }] };
        // From then on the third record fails every time.
        return { batchItemFailures: [{ itemIdentifier: batch.find((r) => skOf(r) === items[2]!.sk.S)!.dynamodb!.SequenceNumber! }] };
      },
      { retryDelayMs: 10, maxRetries: 3 },
    );
    await poller.drain(30_000);

    const sks = items.map((i) => i.sk.S);
    // The whole batch again after the throw and after the unplaced id; once the third record is named, from it
    // on, until it has failed its 3 retries (the count starts over when the failure moves to a later record).
    expect(calls.map((c) => c.map(skOf))).toEqual([sks, sks, sks, sks.slice(2), sks.slice(2), sks.slice(2)]);
    expect(poller.deadLetters.map(skOf)).toEqual(sks.slice(2));
    expect(vi.mocked(logger.error)).toHaveBeenCalledWith(
      'stream records failed every retry; given up',
      expect.objectContaining({ tableName, records: 2 }),
    );

    // Given up is given up: the next record is handed over on its own.
    const next = event('club#c1#t#t5', 5);
    await put(tableName, next);
    await poller.drain(30_000);
    expect(calls.at(-1)!.map(skOf)).toEqual([next.sk.S]);
  });

  it('drain rejects with a clear error while a record is still being handled, and resolves once it is', async () => {
    const tableName = await newTable();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const { poller, calls } = recordingPoller(tableName, () => blocked);
    await put(tableName, event('club#c1#t#t6', 1));
    await expect(poller.drain(500)).rejects.toThrow(new RegExp(`stream of table ${tableName} not drained within 500 ms`));
    release();
    await poller.drain(30_000);
    expect(calls.flat().map(skOf)).toEqual([event('club#c1#t#t6', 1).sk.S]);
  });

  it('stop ends polling: nothing is handed over afterwards, and drain is refused', async () => {
    const tableName = await newTable();
    const { poller, calls } = recordingPoller(tableName);
    await put(tableName, event('club#c1#t#t7', 1));
    await poller.drain(30_000);
    expect(calls.flat()).toHaveLength(1);

    await poller.stop();
    await put(tableName, event('club#c1#t#t7', 2));
    // Several idle intervals (200 ms) go by.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(calls.flat()).toHaveLength(1);
    await expect(poller.drain(1_000)).rejects.toThrow(/stopped/);
  });

  it('runs in the local API with the projections consumer, unless STREAMS=off', async () => {
    const api = await startTestApi();
    try {
      expect(api.streams).toBeDefined();
      await api.streams!.drain(30_000);
    } finally {
      await api.close();
    }
    await expect(api.streams!.drain(1_000)).rejects.toThrow(/stopped/);

    process.env.STREAMS = 'off';
    try {
      const off = await startTestApi();
      await off.close();
      expect(off.streams).toBeUndefined();
    } finally {
      delete process.env.STREAMS;
    }
  });
});
