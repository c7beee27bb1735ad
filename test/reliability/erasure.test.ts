import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';
import { localClient } from '../../scripts/local/dynamodb-local';

/**
 * R-PD-1: after DELETE /v1/me nothing personal of the person remains anywhere in the table: not on the
 * profile, not in the stored answers of requests sent with an Idempotency-Key (the sign-up's answer holds
 * the whole profile), not in any other item.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

// Distinctive values, so that a match anywhere in the table can only be this person's data.
const profile = {
  displayName: 'Zelda Qx-Erasure',
  firstName: 'Zeldarine',
  lastName: 'Квистофф',
  dateOfBirth: '1987-11-23',
  city: 'Vyksa-Erasure',
  phone: '+7 901 555-77-31',
  email: 'zelda.qx.erasure@example.org',
  consent: true,
};
const PERSONAL = [
  profile.displayName,
  profile.firstName,
  profile.lastName,
  profile.dateOfBirth,
  profile.city,
  profile.phone,
  profile.email,
  'Zeldine Edited',
];

async function scanTable(): Promise<Record<string, unknown>[]> {
  const c = localClient(inject('dynamoEndpoint'));
  const items: Record<string, unknown>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await c.send(
      new ScanCommand({ TableName: api.tableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    for (const i of page.Items ?? []) items.push(unmarshall(i));
    start = page.LastEvaluatedKey;
  } while (start);
  c.destroy();
  return items;
}

const holding = (items: Record<string, unknown>[], value: string) => items.filter((i) => JSON.stringify(i).includes(value));

describe('erasure leaves nothing personal in the table', () => {
  it('R-PD-1: sign-up and edits sent with Idempotency-Keys, a registration, then DELETE /v1/me', async () => {
    const { owner, base } = await clubWithOwner(api, 'er-owner');
    const me = await api.token('er-zelda');
    const signUp = await api.call('POST', '/v1/players', { token: me, body: profile, headers: { 'idempotency-key': 'sign-up-1' } });
    expect(signUp.status).toBe(201);
    // The replay is stored: the answer with every personal field is in the table now.
    const replay = await api.call('POST', '/v1/players', { token: me, body: profile, headers: { 'idempotency-key': 'sign-up-1' } });
    expect(replay.status).toBe(201);
    expect(replay.body.email).toBe(profile.email);
    expect((await api.call('PATCH', '/v1/me', { token: me, body: { firstName: 'Zeldine Edited' } })).status).toBe(200);

    const tid = (await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({}, 5 * 3_600_000) })).body
      .tournamentId;
    await api.call('POST', `${base}/tournaments/${tid}/open-registration`, { token: owner });
    const reg = await api.call('POST', '/v1/me/registrations', {
      token: me,
      body: { clubId: base.split('/').pop(), tournamentId: tid },
      headers: { 'idempotency-key': 'my-reg-1' },
    });
    expect(reg.status).toBe(201);

    const before = await scanTable();
    for (const v of [profile.email, profile.dateOfBirth, profile.phone]) expect(holding(before, v).length, v).toBeGreaterThanOrEqual(2);

    expect((await api.call('DELETE', '/v1/me', { token: me })).status).toBe(200);

    const after = await scanTable();
    for (const v of PERSONAL)
      expect(
        holding(after, v).map((i) => `${String(i.pk)} ${String(i.sk)}`),
        v,
      ).toEqual([]);
    // The erased account's profile item is still there (pseudonymised), and the registration too.
    expect(after.some((i) => JSON.stringify(i).includes('Deleted player'))).toBe(true);
    // The same key again meets the deleted account, not a stored profile.
    const again = await api.call('POST', '/v1/players', { token: me, body: profile, headers: { 'idempotency-key': 'sign-up-1' } });
    expect(again.status).toBe(410);
  });

  it("erases only that person: another user's stored answers stay", async () => {
    const other = await api.token('er-other');
    const body = { ...profile, displayName: 'Other Keeper', email: 'other.keeper@example.org', phone: '+7 901 000-11-22' };
    expect((await api.call('POST', '/v1/players', { token: other, body, headers: { 'idempotency-key': 'sign-up-1' } })).status).toBe(201);
    const victim = await api.token('er-victim');
    expect(
      (
        await api.call('POST', '/v1/players', {
          token: victim,
          body: { ...profile, email: 'victim@example.org' },
          headers: { 'idempotency-key': 'sign-up-1' },
        })
      ).status,
    ).toBe(201);
    expect((await api.call('DELETE', '/v1/me', { token: victim })).status).toBe(200);
    const items = await scanTable();
    expect(holding(items, 'victim@example.org')).toEqual([]);
    expect(holding(items, 'other.keeper@example.org').length).toBeGreaterThanOrEqual(2);
    const replay = await api.call('POST', '/v1/players', { token: other, body, headers: { 'idempotency-key': 'sign-up-1' } });
    expect(replay.status).toBe(201);
    expect(replay.body.email).toBe('other.keeper@example.org');
  });
});
