import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { localClient } from '../../scripts/local/dynamodb-local';
import { IN_PROGRESS_EXPIRY_SECONDS } from '../../functions/platform/idempotency';

/**
 * One Idempotency-Key, many copies of the request at once: exactly one effect and one answer. The
 * copies that lose the race are told to come back (409 with Retry-After) and then get the stored answer;
 * a key sent with another body changes nothing.
 */
let api: TestApi;
let owner: string;
let base: string;
let clubId: string;
let path: string;
let entryId: string;
let playerId: string;

type Res = Awaited<ReturnType<TestApi['call']>>;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base, clubId } = await clubWithOwner(api, 'idem-owner'));
  const t = await api.call('POST', `${base}/tournaments`, {
    token: owner,
    body: tournamentBody({ formatLabel: 'rebuy', rebuy: 100_000 }, -60_000),
  });
  path = `${base}/tournaments/${t.body.tournamentId}`;
  await api.call('POST', `${path}/open-registration`, { token: owner });
  await makePlayer(api, 'idem-player');
  const r = await api.call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'idem-player' } });
  await api.call('POST', `${path}/registrations/${r.body.item.registrationId}/check-in`, { token: owner });
  await api.call('POST', `${path}/start`, { token: owner });
  const entry = (await api.call('GET', `${path}/entries`, { token: owner })).body.items[0];
  entryId = entry.entryId;
  playerId = entry.playerId;
});
afterAll(async () => api?.close());

/** Retries a 409 IDEMPOTENCY_IN_PROGRESS as a client would: after Retry-After (asserted small). */
async function settle(send: () => Promise<Res>, first: Res): Promise<{ final: Res; conflicts: number }> {
  let res = first;
  let conflicts = 0;
  for (let i = 0; i < 20 && res.status === 409 && res.body?.code === 'IDEMPOTENCY_IN_PROGRESS'; i++) {
    conflicts++;
    const after = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(after) && after >= 1 && after <= 5, `Retry-After ${res.headers.get('retry-after')}`).toBe(true);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    await new Promise((r) => setTimeout(r, 250));
    res = await send();
  }
  return { final: res, conflicts };
}

async function fees() {
  return (await api.call('GET', `${path}/players/${playerId}/fees`, { token: owner })).body;
}

describe('concurrent copies of one request (Idempotency-Key)', () => {
  it('8 parallel rebuys with one key: one rebuy charged, one answer', async () => {
    const before = (await fees()).operations.filter((o: { kind: string }) => o.kind === 'rebuy').length;
    const send = () =>
      api.call('POST', `${path}/entries/${entryId}/rebuys`, { token: owner, body: {}, headers: { 'idempotency-key': 'rebuy-race-1' } });
    const firsts = await Promise.all(Array.from({ length: 8 }, send));
    for (const r of firsts) expect([200, 409]).toContain(r.status);
    const settled = await Promise.all(firsts.map((r) => settle(send, r)));
    const finals = settled.map((s) => s.final);
    for (const f of finals) expect(f.status, JSON.stringify(f.body)).toBe(200);
    expect(new Set(finals.map((f) => JSON.stringify(f.body))).size).toBe(1);
    const after = (await fees()).operations.filter((o: { kind: string }) => o.kind === 'rebuy').length;
    expect(after - before).toBe(1);
    // A retry long after still gets the same answer and charges nothing.
    const late = await send();
    expect(late.body).toEqual(finals[0]?.body);
    expect((await fees()).operations.filter((o: { kind: string }) => o.kind === 'rebuy').length).toBe(after);
  });

  it('8 parallel settlements with one key: one settlement record, one answer', async () => {
    expect((await fees()).debt).toBeGreaterThan(0);
    const send = () =>
      api.call('POST', `${path}/settlements`, {
        token: owner,
        body: { playerId, method: 'cash' },
        headers: { 'idempotency-key': 'settle-race-1' },
      });
    const firsts = await Promise.all(Array.from({ length: 8 }, send));
    const finals = (await Promise.all(firsts.map((r) => settle(send, r)))).map((s) => s.final);
    for (const f of finals) expect(f.status, JSON.stringify(f.body)).toBe(201);
    expect(new Set(finals.map((f) => f.body.item.settlementId)).size).toBe(1);
    const after = await fees();
    expect(after.settlements).toHaveLength(1);
    expect(after.debt).toBe(0);
  });
});

describe('one key with another body', () => {
  it('X, Y, X: Y is 422 and changes nothing; X is replayed, one tournament made', async () => {
    const count = async () => (await api.call('GET', `${base}/tournaments`, { token: owner })).body.items.length;
    const before = await count();
    const headers = { 'idempotency-key': 'xyx-1' };
    const x = tournamentBody({ name: 'Body X' });
    const y = tournamentBody({ name: 'Body Y' });
    const first = await api.call('POST', `${base}/tournaments`, { token: owner, body: x, headers });
    expect(first.status).toBe(201);
    const other = await api.call('POST', `${base}/tournaments`, { token: owner, body: y, headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const again = await api.call('POST', `${base}/tournaments`, { token: owner, body: x, headers });
    expect(again.status).toBe(201);
    expect(again.body.tournamentId).toBe(first.body.tournamentId);
    const yAgain = await api.call('POST', `${base}/tournaments`, { token: owner, body: y, headers });
    expect(yAgain.status).toBe(422);
    expect(await count()).toBe(before + 1);
  });

  it('a concurrent mix of bodies under one key makes one tournament; the others are 422 or told to retry', async () => {
    const count = async () => (await api.call('GET', `${base}/tournaments`, { token: owner })).body.items.length;
    const before = await count();
    const headers = { 'idempotency-key': 'mix-1' };
    const bodies = Array.from({ length: 6 }, (_, i) => tournamentBody({ name: i % 2 ? 'Mix odd' : 'Mix even' }, 3_600_000));
    const firsts = await Promise.all(bodies.map((body) => api.call('POST', `${base}/tournaments`, { token: owner, body, headers })));
    for (const r of firsts) expect([201, 409, 422]).toContain(r.status);
    expect(await count()).toBe(before + 1);
  });
});

describe('the first request fails', () => {
  it('its own failure releases the key: the same request under the same key runs again', async () => {
    const send = () =>
      api.call('POST', `${path}/entries/entry_missing0000000000000000/rebuys`, {
        token: owner,
        body: {},
        headers: { 'idempotency-key': 'fails-1' },
      });
    const first = await send();
    expect(first.status).toBe(404);
    const again = await send();
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(first.body.code);
  });
});

describe('a record left in progress by a crash', () => {
  const db = () => localClient(inject('dynamoEndpoint'));
  async function recordsOf(scope: string) {
    const c = db();
    const out = await c.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': { S: 'idempotency' }, ':sk': { S: `http#${scope}#` } },
        ConsistentRead: true,
      }),
    );
    c.destroy();
    return out.Items ?? [];
  }

  it(`holds the key for ${IN_PROGRESS_EXPIRY_SECONDS} s at most, whatever the time left to the function`, async () => {
    const headers = { 'idempotency-key': 'crash-1' };
    const body = tournamentBody({ name: 'Crash' });
    const known = new Set((await recordsOf(clubId)).map((i) => i.sk?.S));
    const started = Date.now();
    const first = await api.call('POST', `${base}/tournaments`, { token: owner, body, headers });
    expect(first.status).toBe(201);
    const fresh = (await recordsOf(clubId)).filter((i) => !known.has(i.sk?.S));
    expect(fresh).toHaveLength(1);
    const [item] = fresh;
    expect(item?.status?.S).toBe('COMPLETED');
    const inProgressUntil = Number(item?.in_progress_expiration?.N);
    expect(inProgressUntil - started).toBeLessThanOrEqual(IN_PROGRESS_EXPIRY_SECONDS * 1000 + 5_000);
    expect(inProgressUntil - started).toBeGreaterThanOrEqual(IN_PROGRESS_EXPIRY_SECONDS * 1000 - 5_000);

    // As if the function died mid-request: the record is in progress and never completed.
    const c = db();
    const key = { pk: item!.pk!, sk: item!.sk! };
    const setInProgress = (until: number) =>
      c.send(
        new UpdateItemCommand({
          TableName: api.tableName,
          Key: key,
          UpdateExpression: 'SET #s = :s, in_progress_expiration = :e REMOVE #d',
          ExpressionAttributeNames: { '#s': 'status', '#d': 'data' },
          ExpressionAttributeValues: { ':s': { S: 'INPROGRESS' }, ':e': { N: String(until) } },
        }),
      );
    await setInProgress(Date.now() + 60_000);
    const blocked = await api.call('POST', `${base}/tournaments`, { token: owner, body, headers });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A refused copy does not release the record: it is still there, still in progress.
    expect((await recordsOf(clubId)).some((i) => i.sk?.S === key.sk.S && i.status?.S === 'INPROGRESS')).toBe(true);

    await setInProgress(Date.now() - 1);
    c.destroy();
    const retried = await api.call('POST', `${base}/tournaments`, { token: owner, body, headers });
    expect(retried.status).toBe(201);
    expect(retried.body.tournamentId).not.toBe(first.body.tournamentId);
  });
});
