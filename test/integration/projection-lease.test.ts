/**
 * The projection lease (functions/store/projection-lease.ts) on DynamoDB Local, through its ElectroDB
 * entity: lease items written before the entity (no ElectroDB identity) keep their order, a lease its
 * holder let die is taken over, a live one is waited for, and letting go inside a transaction moves the
 * order on. The concurrent finishes that need it: season-concurrent-finishes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PutCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import type * as Lease from '../../functions/store/projection-lease';
import type * as Client from '../../functions/store/client';
import type * as ReadItems from '../../functions/store/read-items';

let lease: typeof Lease;
let dynamo: typeof Client.dynamo;
let readManyItems: typeof ReadItems.readManyItems;
let TableName: string;

beforeAll(async () => {
  TableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), TableName);
  Object.assign(process.env, {
    TABLE_NAME: TableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    POWERTOOLS_LOG_LEVEL: 'CRITICAL',
    DYNAMODB_REQUEST_TIMEOUT_MS: '30000',
    DYNAMODB_CONNECT_TIMEOUT_MS: '10000',
  });
  lease = await import('../../functions/store/projection-lease');
  dynamo = (await import('../../functions/store/client')).dynamo;
  readManyItems = (await import('../../functions/store/read-items')).readManyItems;
}, 60_000);

/** A lease item as the raw writes before the entity left it: key, seq, maybe a holder. */
const putRaw = (scope: string, fields: Record<string, unknown>) =>
  dynamo().doc.send(new PutCommand({ TableName, Item: { pk: scope, sk: 'lease', ...fields } }));
const raw = async (scope: string) =>
  (await dynamo().doc.send(new GetCommand({ TableName, Key: { pk: scope, sk: 'lease' }, ConsistentRead: true }))).Item;
const readWith = (scope: string) => (keys: readonly { pk: string; sk: string }[]) => {
  expect(keys).toEqual([{ pk: scope, sk: 'lease' }]);
  return readManyItems(keys, { consistent: true });
};

describe('projection lease', () => {
  it('takes a lease item of the earlier layout with its order, and lets go of it in a transaction', async () => {
    const scope = `club#${randomUUID()}#league#lg`;
    await putRaw(scope, { seq: 3 });
    const { held } = await lease.readUnderLease([scope], 'finish-a', readWith(scope));
    expect(held).toEqual([{ scope, holder: 'finish-a', seq: 3 }]);
    expect(await raw(scope)).toMatchObject({ holder: 'finish-a', seq: 3 });

    await dynamo().doc.send(new TransactWriteCommand({ TransactItems: held.map(lease.releaseItem) }));
    const after = await raw(scope);
    expect(after).toMatchObject({ pk: scope, sk: 'lease', seq: 4 });
    expect(after).not.toHaveProperty('holder');
    expect(after).not.toHaveProperty('expiresAt');
    // Let go twice (a retry): no error, the order stays.
    await lease.release(held[0] as Lease.Held);
    expect((await raw(scope))?.seq).toBe(4);
  }, 60_000);

  it('takes over a lease whose holder let it expire, and waits for a live one until its holder lets go', async () => {
    const dead = `rating#${randomUUID()}`;
    await putRaw(dead, { seq: 1, holder: 'gone', expiresAt: Date.now() - 1 });
    expect((await lease.readUnderLease([dead], 'finish-b', readWith(dead))).held[0]?.seq).toBe(1);

    const live = `rating#${randomUUID()}`;
    const first = await lease.readUnderLease([live], 'finish-c', readWith(live));
    expect(first.held[0]?.seq).toBe(0);
    let settled = false;
    const second = lease.readUnderLease([live], 'finish-d', readWith(live)).finally(() => (settled = true));
    await new Promise((ok) => setTimeout(ok, 500));
    expect(settled).toBe(false);
    await lease.release(first.held[0] as Lease.Held);
    const { held, items } = await second;
    // The second holder comes after the first, and read the lease as the first left it.
    expect(held[0]).toEqual({ scope: live, holder: 'finish-d', seq: 1 });
    expect([...items.values()][0]).toMatchObject({ seq: 1 });
  }, 90_000);
});
