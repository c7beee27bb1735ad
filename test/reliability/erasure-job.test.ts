import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { BatchWriteItemCommand, ScanCommand, UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner } from '../support/tournament-fixtures';
import { localClient } from '../../scripts/local/dynamodb-local';
import { entities } from '../../functions/store/entities';

/*
 * R-PD-1 for an account with many devices: erasure is a job recorded on the account. DELETE /v1/me erases
 * the profile, does what it can in its time and answers 202 with the steps left; the scheduled job
 * finishes; a second DELETE continues an unfinished erasure instead of answering 410; at the end nothing
 * personal is left at rest (devices and their tokens, the name on club memberships, in Duplicate events).
 */

let api: TestApi;
let c: ReturnType<typeof localClient>;

beforeAll(async () => {
  api = await startTestApi();
  c = localClient(inject('dynamoEndpoint'));
});
afterAll(async () => {
  c?.destroy();
  await api?.close();
});
afterEach(() => {
  delete process.env.ERASURE_REQUEST_BUDGET_MS;
});

const tokenOf = (user: string, i: number) => `tok_${user.replace(/-/g, '_')}_${String(i).padStart(5, '0')}_0123456789abcdef`;

/** Device records as the table held them before the limit: `n` of them, written in batches of 25. */
async function seedDevices(user: string, n: number): Promise<void> {
  const items = Array.from({ length: n }, (_, i) => ({
    pk: `push#${user}`,
    sk: `d#dev_seed_${String(i).padStart(5, '0')}`,
    kind: 'pushDevice',
    deviceId: `dev_seed_${String(i).padStart(5, '0')}`,
    platform: 'fcm',
    endpoint: `local:fcm:${user}:${i}`,
    registeredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    token: tokenOf(user, i),
  }));
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (let i = 0; i < batches.length; i += 8) {
    await Promise.all(
      batches.slice(i, i + 8).map(async (batch) => {
        let pending: Record<string, AttributeValue>[] = batch.map((item) => marshall(item));
        while (pending.length > 0) {
          const out = await c.send(
            new BatchWriteItemCommand({ RequestItems: { [api.tableName]: pending.map((Item) => ({ PutRequest: { Item } })) } }),
          );
          pending = (out.UnprocessedItems?.[api.tableName] ?? []).map((r) => r.PutRequest!.Item!);
        }
      }),
    );
  }
}

async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await c.send(
      new ScanCommand({ TableName: api.tableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    for (const i of page.Items ?? []) items.push(unmarshall(i));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A player with a profile, a named membership in a club and a name typed into a Duplicate event. */
async function namedPlayer(user: string, name: string) {
  const me = await api.token(user);
  const signUp = await api.call('POST', '/v1/players', {
    token: me,
    body: { displayName: name, dateOfBirth: '1990-02-03', consent: true },
  });
  expect(signUp.status).toBe(201);
  const { owner, base } = await clubWithOwner(api, `${user}-owner`);
  expect(
    (await api.call('POST', `${base}/members`, { token: owner, body: { userId: user, role: 'dealer', displayName: name } })).status,
  ).toBe(200);
  const players = [{ playerId: user, name }, ...Array.from({ length: 5 }, (_, i) => ({ playerId: `${user}-x${i}`, name: `Other ${i}` }))];
  const ev = await api.call('POST', `${base}/duplicate-events`, {
    token: owner,
    body: { name: 'Duplicate Sunday', players, settings: { rounds: [{ hands: 5 }], startingStack: 10_000, seatsPerTable: 3 } },
  });
  expect(ev.status, JSON.stringify(ev.body)).toBe(201);
  return me;
}

/** What of the person is still at rest: devices, tokens, and items holding the name. */
async function leftOf(user: string, name: string) {
  const items = await scanTable();
  return {
    devices: items.filter((i) => i.pk === `push#${user}` || (i.kind === 'pushTokenOwner' && i.playerId === user)).length,
    tokens: items.filter((i) => JSON.stringify(i).includes(tokenOf(user, 0).slice(0, 12))).length,
    named: items.filter((i) => JSON.stringify(i).includes(name)).map((i) => `${String(i.pk)} ${String(i.sk)}`),
  };
}

const finished = async (user: string) => (await entities().erasure.get({ userId: user }).go({ consistent: true })).data?.finishedAt;

describe('erasure of an account with many devices', () => {
  it('R-PD-1: 2,500 devices; DELETE answers 202 with the steps left, the job finishes, nothing personal stays', async () => {
    const user = 'erj-many';
    const name = 'Quorra Erasejob';
    const me = await namedPlayer(user, name);
    await seedDevices(user, 2_500);
    expect((await leftOf(user, name)).devices).toBe(2_500);

    // The request leaves (nearly) everything to the job.
    process.env.ERASURE_REQUEST_BUDGET_MS = '1';
    const del = await api.call('DELETE', '/v1/me', { token: me });
    expect(del.status, JSON.stringify(del.body)).toBe(202);
    expect(del.body).toMatchObject({ userId: user, state: 'in_progress' });
    expect(del.body.left).toContain('devices');
    // The account is closed at once.
    expect((await api.call('GET', '/v1/me', { token: me })).status).toBe(410);

    await expect.poll(() => finished(user), { timeout: 600_000, interval: 1_000 }).toBeDefined();
    const left = await leftOf(user, name);
    expect(left).toEqual({ devices: 0, tokens: 0, named: [] });
    expect(api.push.gone.has(`local:fcm:${user}:0`)).toBe(true);
    expect(api.push.gone.has(`local:fcm:${user}:2499`)).toBe(true);
    // Finished: the account is gone.
    expect((await api.call('DELETE', '/v1/me', { token: me })).body.code).toBe('ACCOUNT_DELETED');
  }, 900_000);

  it('R-PD-1: a retried DELETE finishes an erasure left half-done (profile erased, 300 devices and the names still there)', async () => {
    const user = 'erj-half';
    const name = 'Yorick Halfdone';
    const me = await namedPlayer(user, name);
    await seedDevices(user, 300);
    // As a request that stopped after its first write left it: the profile erased, nothing recorded, the rest there.
    await c.send(
      new UpdateItemCommand({
        TableName: api.tableName,
        Key: marshall({ pk: `player#${user}`, sk: 'profile' }),
        UpdateExpression: 'SET displayName = :n, deletedAt = :at, consentWithdrawnAt = :at, adult = :t REMOVE dateOfBirth',
        ExpressionAttributeValues: marshall({ ':n': 'Deleted player', ':at': new Date().toISOString(), ':t': true }),
      }),
    );
    expect((await api.call('GET', '/v1/me', { token: me })).status).toBe(410);

    const retry = await api.call('DELETE', '/v1/me', { token: me });
    expect([200, 202], JSON.stringify(retry.body)).toContain(retry.status);
    await expect.poll(() => finished(user), { timeout: 600_000, interval: 1_000 }).toBeDefined();
    expect(await leftOf(user, name)).toEqual({ devices: 0, tokens: 0, named: [] });
    expect((await api.call('DELETE', '/v1/me', { token: me })).status).toBe(410);
  }, 900_000);
});
