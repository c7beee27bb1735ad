import { entities } from './entities';
import { conditionRefused, keyOf, type TransactUpdate } from './entities/items';
import { prefetchKeyOf, type ItemKey } from '../runtime/prefetch';

/*
 * A lease that lets one projection at a time read-modify-write a set of items (a league's standings,
 * the rating), so that two finishes processed at once on two stream shards never lose each other's
 * update: their writes are batch writes, which take no condition. The lease is an item of its own
 * (entities/projection-lease.ts), one per scope.
 *
 * Taking it costs no step of its own: the conditional update goes out with the projection's batch
 * read, which reads the lease item too. `seq` only moves when a holder lets go, so the read saw every
 * earlier holder's writes when the seq it read is the seq the lease had when it was taken (else it is
 * read again). Letting go is one more item of the projection's last write. A holder that dies keeps the
 * lease until its stream retry takes it again (the same holder), or until it expires.
 */

/** A holder that dies mid-projection blocks the others this long at most (a projection takes seconds). */
const LEASE_MS = 120_000;
/** How long a projection waits for a lease held by another before it fails (the stream retries it). */
const WAIT_MS = 60_000;

export interface Held {
  /** The lease's scope (entities/projection-lease.ts). */
  scope: string;
  holder: string;
  /** The lease's sequence when it was taken: the holders' order. */
  seq: number;
}

/** The lease item's key, read beside the items it guards. */
export const leaseKey = (scope: string): ItemKey => keyOf(entities().projectionLease.get({ scope }));

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Takes the lease for `holder` (or finds it already its own); undefined when another holds it. */
async function take(scope: string, holder: string, now: number): Promise<{ seq: number } | undefined> {
  try {
    const { data } = await entities()
      .projectionLease.update({ scope })
      .set({ holder, expiresAt: now + LEASE_MS })
      .where((a, op) => `${op.notExists(a.holder)} OR ${op.eq(a.holder, holder)} OR ${op.lt(a.expiresAt, now)}`)
      .go({ response: 'all_old' });
    return { seq: data?.seq ?? 0 };
  } catch (e) {
    if (conditionRefused(e)) return undefined;
    throw e;
  }
}

/** The lease's `seq` in a raw item of the batch read (0 before any holder let go). */
const seqIn = (item: Record<string, unknown> | undefined): number =>
  (item && entities().projectionLease.parse({ Item: item }, { ignoreOwnership: true }).data?.seq) ?? 0;

/**
 * Takes the lease of every scope in `scopes` for `holder` and reads `items` (batch reads, one round
 * trip for both), as of when no other holder was writing. Waits while another holds one. Answers the
 * items by prefetch key (`read` is given the leases' keys to read with them).
 */
export async function readUnderLease(
  scopes: readonly string[],
  holder: string,
  read: (leases: readonly ItemKey[]) => Promise<Map<string, Record<string, unknown>>>,
): Promise<{ held: Held[]; items: Map<string, Record<string, unknown>> }> {
  const keys = scopes.map(leaseKey);
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const [taken, items] = await Promise.all([Promise.all(scopes.map((s) => take(s, holder, Date.now()))), read(keys)]);
    const got = scopes.filter((_, i) => taken[i] !== undefined);
    if (got.length === scopes.length) {
      const held = scopes.map((scope, i) => ({ scope, holder, seq: (taken[i] as { seq: number }).seq }));
      if (held.every((h, i) => seqIn(items.get(prefetchKeyOf(keys[i] as ItemKey))) === h.seq)) return { held, items };
      // An earlier holder let go between the read and the take: read again, holding the leases now.
      return { held, items: await read(keys) };
    }
    // Another finish holds one: let go of the others (no two waiting holders block each other) and wait.
    await Promise.all(got.map((scope) => release({ scope, holder, seq: 0 })));
    if (Date.now() > deadline) throw new Error(`projection lease ${scopes[taken.indexOf(undefined)]} still held`);
    await sleep(Math.min(1_000, 25 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
}

/** Letting go: the next holder's order, on condition that the lease is still this holder's. */
const letGoOf = (h: Held) =>
  entities()
    .projectionLease.update({ scope: h.scope })
    .add({ seq: 1 })
    .remove(['holder', 'expiresAt'])
    .where((a, op) => op.eq(a.holder, h.holder));

/** Letting go of a lease as one item of a transaction (the projection's last write). */
export function releaseItem(h: Held): { Update: TransactUpdate } {
  return { Update: letGoOf(h).params<TransactUpdate>() };
}

/** Lets go of a lease on its own (a projection that had nothing to write); already let go is no error. */
export async function release(h: Held): Promise<void> {
  try {
    await letGoOf(h).go({ response: 'none' });
  } catch (e) {
    if (!conditionRefused(e)) throw e;
  }
}
