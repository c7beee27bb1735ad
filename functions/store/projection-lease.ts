import { UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';
import { config } from '../runtime/config';
import { conditionRefused } from './entities/items';
import { prefetchKeyOf, type ItemKey } from '../runtime/prefetch';

/*
 * A lease that lets one projection at a time read-modify-write a set of items (a league's standings,
 * the rating), so that two finishes processed at once on two stream shards never lose each other's
 * update: their writes are batch writes, which take no condition.
 *
 * Taking it costs no step of its own: the conditional UpdateItem goes out with the projection's batch
 * read, which reads the lease item too. `seq` only moves when a holder lets go, so the read saw every
 * earlier holder's writes when the seq it read is the seq the lease had when it was taken (else it is
 * read again). Letting go is one more item of the projection's last write. A holder that dies keeps the
 * lease until its stream retry takes it again (the same holder), or until it expires.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A holder that dies mid-projection blocks the others this long at most (a projection takes seconds). */
const LEASE_MS = 120_000;
/** How long a projection waits for a lease held by another before it fails (the stream retries it). */
const WAIT_MS = 60_000;

export interface Held {
  key: ItemKey;
  holder: string;
  /** The lease's sequence when it was taken: the holders' order. */
  seq: number;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Takes the lease for `holder` (or finds it already its own); false when another holds it. */
async function take(key: ItemKey, holder: string, now: number): Promise<{ seq: number } | undefined> {
  try {
    const out = await dynamo().doc.send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key,
        UpdateExpression: 'SET holder = :h, expiresAt = :e',
        ConditionExpression: 'attribute_not_exists(holder) OR holder = :h OR expiresAt < :now',
        ExpressionAttributeValues: { ':h': holder, ':e': now + LEASE_MS, ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { seq: Number(out.Attributes?.seq ?? 0) };
  } catch (e) {
    if (conditionRefused(e)) return undefined;
    throw e;
  }
}

/**
 * Takes every lease in `keys` for `holder` and reads `items` (batch reads, one round trip for both), as
 * of when no other holder was writing. Waits while another holds one. Answers the items by prefetch key.
 */
export async function readUnderLease(
  keys: readonly ItemKey[],
  holder: string,
  read: (extra: readonly ItemKey[]) => Promise<Map<string, Record<string, unknown>>>,
): Promise<{ held: Held[]; items: Map<string, Record<string, unknown>> }> {
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const [taken, items] = await Promise.all([Promise.all(keys.map((k) => take(k, holder, Date.now()))), read(keys)]);
    const got = keys.filter((_, i) => taken[i] !== undefined);
    if (got.length === keys.length) {
      const seqOf = (k: ItemKey) => Number(items.get(prefetchKeyOf(k))?.seq ?? 0);
      const held = keys.map((key, i) => ({ key, holder, seq: (taken[i] as { seq: number }).seq }));
      if (held.every((h) => seqOf(h.key) === h.seq)) return { held, items };
      // An earlier holder let go between the read and the take: read again, holding the leases now.
      return { held, items: await read(keys) };
    }
    // Another finish holds one: let go of the others (no two waiting holders block each other) and wait.
    await Promise.all(got.map((key) => release({ key, holder, seq: 0 })));
    if (Date.now() > deadline) throw new Error(`projection lease ${prefetchKeyOf(keys[taken.indexOf(undefined)] as ItemKey)} still held`);
    await sleep(Math.min(1_000, 25 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
}

/** Letting go of a lease as one item of a transaction (the projection's last write). */
export function releaseItem(h: Held): TransactItem {
  return {
    Update: {
      TableName: config().tableName,
      Key: h.key,
      UpdateExpression: 'SET seq = if_not_exists(seq, :zero) + :one REMOVE holder, expiresAt',
      ConditionExpression: 'holder = :h',
      ExpressionAttributeValues: { ':h': h.holder, ':zero': 0, ':one': 1 },
    },
  };
}

/** Lets go of a lease on its own (a projection that had nothing to write); already let go is no error. */
export async function release(h: Held): Promise<void> {
  const u = releaseItem(h).Update as NonNullable<TransactItem['Update']>;
  try {
    await dynamo().doc.send(new UpdateCommand({ ...u, TableName: u.TableName as string, Key: u.Key as Record<string, unknown> }));
  } catch (e) {
    if (!conditionRefused(e)) throw e;
  }
}
