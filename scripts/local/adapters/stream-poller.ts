import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ResourceNotFoundException,
  TrimmedDataAccessException,
  type _Record as StreamsRecord,
  type AttributeValue as StreamsAttributeValue,
} from '@aws-sdk/client-dynamodb-streams';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { logger } from '../../../functions/runtime/logger';
import { isEventInsert } from '../../../functions/adapters/stream/filter';

/** What the projections Lambda is: records in, the ones that failed out (ReportBatchItemFailures). */
export type StreamRecordsHandler = (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse | void>;

export interface LocalStreamPollerOptions {
  tableName: string;
  /** The embedded DynamoDB's endpoint; without it the SDK's default (AWS) is used. */
  endpoint?: string;
  region?: string;
  handle: StreamRecordsHandler;
  /** Which records reach `handle`; default the AWS mapping's filter (INSERTs of `e#` items). */
  filter?: (record: DynamoDBRecord) => boolean;
  /** Records per `handle` call (the mapping's batch size); default 100. */
  batchSize?: number;
  /** Pause between passes that found records; default 50 ms. */
  busyIntervalMs?: number;
  /** Pause between passes that found none; default 200 ms. */
  idleIntervalMs?: number;
  /** Retries of a failing record before it is given up (kept in `deadLetters`); default 5. */
  maxRetries?: number;
  /** First retry delay, doubled on each retry up to 2 s; default 100 ms. */
  retryDelayMs?: number;
  /** How long one DynamoDB (Streams) call may take before it is given up and retried; default 30 s. */
  callTimeoutMs?: number;
}

export interface LocalStreamPoller {
  /**
   * Resolves once every record written to the stream before the call has been handed to `handle` (or given
   * up after its retries): a whole pass over the stream that started after the call has finished. Rejects
   * after `timeoutMs` (default 30 s), or when the poller stops first.
   */
  drain: (timeoutMs?: number) => Promise<void>;
  /** Ends polling: the pass in progress is abandoned between batches; resolves when the loop has ended. */
  stop: () => Promise<void>;
  /** Records given up after every retry, in order: what the AWS mapping sends to its dead-letter queue. */
  readonly deadLetters: readonly DynamoDBRecord[];
}

const ERROR_BACKOFF_MS = 1_000;
/**
 * Each DynamoDB (Streams) call of the poller. GetRecords answers at once, with records or without, but a
 * page of large records (a 2,000-entry tournament's events) takes seconds on a busy machine: the limit
 * only has to end a call that is never answered.
 */
const CALL_TIMEOUT_MS = 30_000;
const MAX_RETRY_DELAY_MS = 2_000;
/** GetRecords' own maximum: a pass reads a shard in as few calls as it can. */
const GET_RECORDS_LIMIT = 1_000;

interface ShardState {
  id: string;
  parent: string | undefined;
  iterator: string | undefined;
  /** The last record read from the shard: where a fresh iterator resumes. */
  lastSequence: string | undefined;
  /** Closed and read to its end (DynamoDB hands out no further iterator). */
  done: boolean;
}

class StoppedError extends Error {
  constructor() {
    super('stream poller stopped');
  }
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** An SDK attribute value as Lambda delivers it in a stream event (binary as base64 text). */
export function toLambdaAttributeValue(value: StreamsAttributeValue): AttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaAttributeValue) };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  throw new Error(`unknown attribute value type: ${Object.keys(value).join(', ')}`);
}

function toLambdaImage(image: Record<string, StreamsAttributeValue>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaAttributeValue(value)]));
}

/** A record read with the DynamoDB Streams API in the shape the Lambda event source mapping delivers it. */
export function toLambdaRecord(record: StreamsRecord, streamArn: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    ...(record.userIdentity ? { userIdentity: { ...record.userIdentity } } : {}),
    dynamodb: {
      // Lambda gives epoch seconds where the SDK gives a Date.
      ...(d.ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(d.ApproximateCreationDateTime.getTime() / 1000) } : {}),
      ...(d.Keys ? { Keys: toLambdaImage(d.Keys) } : {}),
      ...(d.NewImage ? { NewImage: toLambdaImage(d.NewImage) } : {}),
      ...(d.OldImage ? { OldImage: toLambdaImage(d.OldImage) } : {}),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
  };
}

/**
 * The table's stream consumed on this machine the way the AWS event source mapping of infra/projections.ts
 * consumes it: the same filter, batches of up to 100 in stream order, and with ReportBatchItemFailures
 * semantics (a reported record and the ones after it are retried, with backoff, a bounded number of times;
 * the records before it are never handed over again). Shards are followed by lineage, a child after its
 * parent, and new shards are picked up as DynamoDB Local rolls them.
 *
 * It starts at TRIM_HORIZON and remembers nothing across restarts (docs/decisions.md): on a kept table
 * it replays what the stream still holds, which the consumer takes idempotently.
 */
export function startLocalStreamPoller(opts: LocalStreamPollerOptions): LocalStreamPoller {
  const { tableName, handle } = opts;
  const filter = opts.filter ?? isEventInsert;
  const batchSize = opts.batchSize ?? 100;
  const busyIntervalMs = opts.busyIntervalMs ?? 50;
  const idleIntervalMs = opts.idleIntervalMs ?? 200;
  const maxRetries = opts.maxRetries ?? 5;
  const retryDelayMs = opts.retryDelayMs ?? 100;
  const callTimeoutMs = opts.callTimeoutMs ?? CALL_TIMEOUT_MS;

  const clientConfig = {
    region: opts.region ?? process.env.AWS_REGION ?? 'eu-central-1',
    // A hung DynamoDB must end in an error the loop retries: without a limit a call that is never answered
    // holds the poller (and every record written since) until the process ends.
    requestHandler: new NodeHttpHandler({
      connectionTimeout: callTimeoutMs,
      requestTimeout: callTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: callTimeoutMs,
    }),
    ...(opts.endpoint ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  };
  const dynamo = new DynamoDBClient(clientConfig);
  const streams = new DynamoDBStreamsClient(clientConfig);

  let stopped = false;
  let streamArn: string | undefined;
  const shards = new Map<string, ShardState>();
  const deadLetters: DynamoDBRecord[] = [];
  /** Passes are numbered from 1 as they start; `finished` is the number of the last one that completed. */
  let started = 0;
  let finished = 0;
  let lastError: Error | undefined;
  const waiters = new Set<{ after: number; resolve: () => void; reject: (e: Error) => void }>();
  /** Cuts the current pause short (drain asks for a pass now, stop for the end). */
  let wake: (() => void) | undefined;
  const sleepers = new Set<() => void>();

  const pause = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        if (wake === done) wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      sleepers.add(done);
      if (wakeable) wake = done;
    });

  async function resolveStream(): Promise<string> {
    const { Table: table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const arn = table?.StreamSpecification?.StreamEnabled ? table.LatestStreamArn : undefined;
    if (!arn) throw new Error(`table ${tableName} has no stream (ensureTable enables it)`);
    if (arn !== streamArn) {
      streamArn = arn;
      shards.clear();
    }
    return arn;
  }

  async function discoverShards(arn: string): Promise<void> {
    let exclusiveStart: string | undefined;
    do {
      const { StreamDescription: d } = await streams.send(
        new DescribeStreamCommand({ StreamArn: arn, ...(exclusiveStart ? { ExclusiveStartShardId: exclusiveStart } : {}) }),
      );
      for (const s of d?.Shards ?? []) {
        if (s.ShardId && !shards.has(s.ShardId)) {
          shards.set(s.ShardId, { id: s.ShardId, parent: s.ParentShardId, iterator: undefined, lastSequence: undefined, done: false });
        }
      }
      exclusiveStart = d?.LastEvaluatedShardId;
    } while (exclusiveStart);
  }

  /** A child is read only once its parent is read to the end (or gone from the stream), as Lambda does. */
  const ready = (s: ShardState): boolean => {
    if (s.done) return false;
    const parent = s.parent ? shards.get(s.parent) : undefined;
    return !parent || parent.done;
  };

  async function freshIterator(arn: string, shard: ShardState): Promise<string | undefined> {
    const at = shard.lastSequence
      ? ({ ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastSequence } as const)
      : ({ ShardIteratorType: 'TRIM_HORIZON' } as const);
    try {
      return (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.id, ...at }))).ShardIterator;
    } catch (e) {
      if (!(e instanceof TrimmedDataAccessException) || !shard.lastSequence) throw e;
      logger.warn('stream records were trimmed before they were read; resuming at the oldest kept', { tableName, shardId: shard.id });
      return (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.id, ShardIteratorType: 'TRIM_HORIZON' })))
        .ShardIterator;
    }
  }

  /** Hands a batch over until it is taken, retrying from the first reported record, as the mapping does. */
  async function deliver(batch: DynamoDBRecord[]): Promise<void> {
    let pending = batch;
    let attempt = 0;
    for (;;) {
      if (stopped) throw new StoppedError();
      let from: number;
      let reason: string;
      try {
        const failures = (await handle(pending))?.batchItemFailures ?? [];
        if (failures.length === 0) return;
        const positions = failures.map((f) => pending.findIndex((r) => r.dynamodb?.SequenceNumber === f.itemIdentifier));
        // Lambda retries from the earliest reported record; an identifier it cannot place fails the whole batch.
        const unplaced = positions.some((p) => p < 0);
        from = unplaced ? 0 : Math.min(...positions);
        reason = unplaced ? 'a reported failure names no record of the batch' : 'the handler reported a failure';
      } catch (e) {
        from = 0;
        reason = (e as Error).message;
      }
      // Records before the first failure are done; a retry count belongs to the record that failed.
      if (from > 0) attempt = 0;
      pending = pending.slice(from);
      attempt++;
      const first = pending[0]?.dynamodb?.SequenceNumber;
      if (attempt > maxRetries) {
        deadLetters.push(...pending);
        logger.error('stream records failed every retry; given up', { tableName, fromSequence: first, records: pending.length, reason });
        return;
      }
      const delay = Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
      logger.warn('stream records failed; retrying', {
        tableName,
        fromSequence: first,
        records: pending.length,
        attempt,
        delayMs: delay,
        reason,
      });
      await pause(delay, false);
    }
  }

  /** Reads one shard until it has nothing more; returns how many records it read. */
  async function readShard(arn: string, shard: ShardState): Promise<number> {
    let read = 0;
    /** A fresh iterator was taken for a refused one and has not read since: refused again, the shard is gone. */
    let renewed = false;
    while (!stopped) {
      try {
        shard.iterator ??= await freshIterator(arn, shard);
      } catch (e) {
        if (!(e instanceof ResourceNotFoundException)) throw e;
        // The shard aged out of the stream (24 h): nothing more to read from it.
        shard.done = true;
        return read;
      }
      if (!shard.iterator) {
        shard.done = true;
        return read;
      }
      let out;
      try {
        out = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: GET_RECORDS_LIMIT }));
      } catch (e) {
        const refused = e instanceof ExpiredIteratorException || e instanceof TrimmedDataAccessException;
        if (refused && !renewed) {
          // An iterator DynamoDB no longer takes (expired after 15 minutes, or, on DynamoDB Local, "trimmed"
          // though the shard is listed and its records kept, as after an empty read or an outage): resume
          // from the last record read. Marking the shard done here would drop every record written to it since.
          shard.iterator = undefined;
          renewed = true;
          continue;
        }
        if (e instanceof ResourceNotFoundException || e instanceof TrimmedDataAccessException) {
          // The shard aged out of the stream (24 h): nothing more to read from it.
          logger.warn('stream shard is gone; reading on from its children', { tableName, shardId: shard.id });
          shard.done = true;
          return read;
        }
        throw e;
      }
      renewed = false;
      const records = out.Records ?? [];
      // Filtered on keys and event name first, as the AWS mapping does: images of other items are never
      // converted (nor need to be convertible).
      const keysOnly = (r: StreamsRecord): StreamsRecord => ({
        ...r,
        dynamodb: { ...r.dynamodb, NewImage: undefined, OldImage: undefined },
      });
      const wanted = records.filter((r) => filter(toLambdaRecord(keysOnly(r), arn))).map((r) => toLambdaRecord(r, arn));
      for (let i = 0; i < wanted.length; i += batchSize) await deliver(wanted.slice(i, i + batchSize));
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) shard.lastSequence = last;
      read += records.length;
      shard.iterator = out.NextShardIterator;
      if (!shard.iterator) shard.done = true;
      if (shard.done || records.length === 0) return read;
    }
    return read;
  }

  /** One pass: every shard that may be read is read to its current end, children after their parents. */
  async function pass(): Promise<number> {
    const arn = streamArn ?? (await resolveStream());
    try {
      await discoverShards(arn);
    } catch (e) {
      // The table was deleted or its stream replaced: look the stream up again next time.
      if (e instanceof ResourceNotFoundException) streamArn = undefined;
      throw e;
    }
    let read = 0;
    for (let progressed = true; progressed && !stopped;) {
      progressed = false;
      for (const shard of shards.values()) {
        if (stopped || !ready(shard)) continue;
        read += await readShard(arn, shard);
        if (shard.done) progressed = true;
      }
    }
    return read;
  }

  const loop = (async () => {
    while (!stopped) {
      const number = ++started;
      let read = 0;
      try {
        read = await pass();
        if (stopped) break;
        lastError = undefined;
        finished = number;
        for (const w of waiters) if (w.after < number) w.resolve();
      } catch (e) {
        if (e instanceof StoppedError) break;
        // Logged when it changes, not on every retry while DynamoDB is away.
        if ((e as Error).message !== lastError?.message)
          logger.error('stream poller failed; retrying', { tableName, error: (e as Error).message });
        lastError = e as Error;
      }
      await pause(lastError ? ERROR_BACKOFF_MS : read > 0 ? busyIntervalMs : idleIntervalMs, true);
    }
  })();

  return {
    deadLetters,
    drain: (timeoutMs = 30_000) => {
      if (stopped) return Promise.reject(new Error(`stream poller of table ${tableName} is stopped`));
      const after = started;
      wake?.();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          after,
          resolve: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
          reject: (e: Error) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(e);
          },
        };
        const timer = setTimeout(() => {
          const cause = lastError ? `; last error: ${lastError.message}` : '';
          waiter.reject(
            new Error(
              `stream of table ${tableName} not drained within ${timeoutMs} ms (last complete pass ${finished} of ${started})${cause}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    stop: async () => {
      stopped = true;
      for (const done of [...sleepers]) done();
      await loop;
      for (const w of [...waiters]) w.reject(new Error(`stream poller of table ${tableName} stopped before it drained`));
      dynamo.destroy();
      streams.destroy();
    },
  };
}
