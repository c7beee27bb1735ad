import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';
import { config } from '../runtime/config';
import { DependencyUnavailableError } from '../runtime/dependency-errors';

/** A put or a delete of one item, as BatchWriteItem takes it through the document client. */
export type WriteRequest = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string][number];

/** BatchWriteItem's own limit. */
export const MAX_WRITES = 25;
/** How often requests DynamoDB left unprocessed are sent again before the write counts as throttled. */
const ATTEMPTS = 5;

/**
 * One BatchWriteItem of at most 25 requests. DynamoDB leaves some unprocessed when a partition is over
 * its limits: those are sent again after a short jittered pause, and after the last attempt the write is
 * an outage (503 with Retry-After), as a read is in read-items.ts. Every write is a put or a delete of a
 * whole item, so sending one again has no other effect.
 */
export async function writeBatch(requests: readonly WriteRequest[]): Promise<void> {
  if (requests.length > MAX_WRITES) throw new Error(`writeBatch: ${requests.length} requests, at most ${MAX_WRITES}`);
  const TableName = config().tableName;
  let pending = [...requests];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > ATTEMPTS) throw new DependencyUnavailableError(`BatchWriteItem left ${pending.length} requests unprocessed`);
    if (attempt > 1) await new Promise((ok) => setTimeout(ok, Math.random() * 50 * 2 ** attempt));
    const out = await dynamo().doc.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
    pending = out.UnprocessedItems?.[TableName] ?? [];
  }
}

/**
 * Any number of requests, 25 to a BatchWriteItem, at most `parallel` of those in flight: the next batch
 * is sent as soon as one ends (a pipeline, not waves that wait for their slowest batch).
 */
export async function writeAll(requests: readonly WriteRequest[], parallel = 1): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += MAX_WRITES) batches.push(requests.slice(i, i + MAX_WRITES));
  let next = 0;
  let failed = false;
  // After a failure no new batch is sent; the caller's retry writes them all again.
  const lane = async (): Promise<void> => {
    try {
      while (!failed && next < batches.length) await writeBatch(batches[next++] as WriteRequest[]);
    } catch (e) {
      failed = true;
      throw e;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, lane));
}
