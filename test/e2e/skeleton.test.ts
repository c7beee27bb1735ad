import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { expectProblem } from '../support/http-expectations';

let api: TestApi;
let owner: string;
let clubId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.token('alice');
  const res = await api.call('POST', '/v1/clubs', { token: owner, body: validClub() });
  expect(res.status).toBe(201);
  clubId = res.body.clubId;
});
afterAll(async () => api?.close());

describe('system routes over HTTP', () => {
  it('serves /health, the OpenAPI 3.1 contract and the rendered docs', async () => {
    expect((await api.call('GET', '/health')).body).toEqual({ status: 'ok' });
    const doc = (await api.call('GET', '/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/v1/clubs/{clubId}'].get.responses['404'].content['application/problem+json']).toBeDefined();
    expect(doc.components.schemas.CreateClub.required).toContain('attestation');
    const docs = await api.call('GET', '/docs');
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.body).toContain('/v1/clubs/{clubId}/api-keys');
  });

  it('answers unknown routes and wrong methods with problems', async () => {
    expectProblem(await api.call('GET', '/v1/nowhere'), 404, 'ROUTE_NOT_FOUND');
    expectProblem(await api.call('PUT', '/v1/clubs'), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('clubs', () => {
  it('R-CLUB-2: creating a club records the attestation with who and when, and makes the caller owner', async () => {
    const res = await api.call('GET', `/v1/clubs/${clubId}`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.attestation.attestedBy).toBe('alice');
    expect(Date.parse(res.body.attestation.attestedAt)).toBeGreaterThan(Date.now() - 60_000);
    const me = await api.call('GET', '/v1/me', { token: owner });
    expect(me.body.memberships).toEqual([{ clubId, role: 'owner' }]);
  });

  it('refuses a club without the attestation', async () => {
    const { attestation: _a, ...noAttestation } = validClub();
    const res = await api.call('POST', '/v1/clubs', { token: owner, body: noAttestation });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('body.attestation');
  });

  it('a wrong INN checksum is a 422 naming the field, and nothing is written', async () => {
    const before = (await api.call('GET', '/v1/me', { token: owner })).body.memberships.length;
    const res = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ inn: '7736207544' }) });
    expectProblem(res, 422, 'LEGAL_DETAILS_INVALID');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'inn' })]);
    expect((await api.call('GET', '/v1/me', { token: owner })).body.memberships.length).toBe(before);
  });

  it('an INN of an entrepreneur with a legal-entity OGRN is refused (pairing)', async () => {
    const res = await api.call('POST', '/v1/clubs', {
      token: owner,
      body: validClub({ legalForm: 'ip', inn: '500100732259', kpp: undefined }),
    });
    expectProblem(res, 422, 'LEGAL_DETAILS_INVALID');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('ogrn');
  });

  it('the owner edits the profile; a manager may not', async () => {
    const edited = await api.call('PATCH', `/v1/clubs/${clubId}`, { token: owner, body: { city: 'Sochi' } });
    expect(edited.status).toBe(200);
    expect(edited.body.city).toBe('Sochi');
    expect((await api.call('GET', `/v1/clubs/${clubId}`, { token: owner })).body.city).toBe('Sochi');
    await api.call('POST', `/v1/clubs/${clubId}/members`, { token: owner, body: { userId: 'mike', role: 'manager' } });
    const mike = await api.call('PATCH', `/v1/clubs/${clubId}`, { token: await api.token('mike'), body: { city: 'Omsk' } });
    expectProblem(mike, 403, 'FORBIDDEN');
  });

  it('keeps at least one owner', async () => {
    expectProblem(await api.call('DELETE', `/v1/clubs/${clubId}/members/alice`, { token: owner }), 409, 'LAST_OWNER');
  });
});

describe('players', () => {
  it('R-AGE-1: a player under 18 is refused with 422 and no profile is made', async () => {
    const kid = await api.token('kid');
    const dob = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const res = await api.call('POST', '/v1/players', { token: kid, body: { displayName: 'Kid', dateOfBirth: dob, consent: true } });
    expectProblem(res, 422, 'UNDER_AGE');
    expect((await api.call('GET', '/v1/me', { token: kid })).body.player).toBeNull();
  });

  it('R-AGE-1: an adult gets a profile, once', async () => {
    const bob = await api.token('bob');
    const body = { displayName: 'Bob', dateOfBirth: '1990-02-03', consent: true };
    expect((await api.call('POST', '/v1/players', { token: bob, body })).status).toBe(201);
    expect((await api.call('GET', '/v1/me', { token: bob })).body.player.displayName).toBe('Bob');
    expectProblem(await api.call('POST', '/v1/players', { token: bob, body }), 409, 'PLAYER_EXISTS');
  });
});

describe('bad input changes nothing and never yields a 500', () => {
  it('malformed JSON is a 400', async () => {
    expectProblem(
      await api.call('POST', '/v1/clubs', { token: owner, rawBody: '{"name":', headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_JSON',
    );
  });

  it('wrong types and unknown fields are 400 with per-field errors', async () => {
    const res = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 42, isAdmin: true }) });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.isAdmin']));
  });

  it('an oversized body is a 413', async () => {
    const res = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ address: 'x'.repeat(300_000) }) });
    expectProblem(res, 413, 'BODY_TOO_LARGE');
  });

  it('a body that is not JSON is a 415', async () => {
    expectProblem(
      await api.call('POST', '/v1/clubs', {
        token: owner,
        rawBody: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('no credentials, forged, expired and foreign-audience tokens are 401', async () => {
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}`), 401, 'UNAUTHENTICATED');
    const [h, p] = owner.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'mallory' })).toString(
      'base64url',
    );
    expectProblem(
      await api.call('GET', `/v1/clubs/${clubId}`, { token: `${h}.${forgedPayload}.${owner.split('.')[2]}` }),
      401,
      'TOKEN_INVALID',
    );
    expectProblem(
      await api.call('GET', `/v1/clubs/${clubId}`, { token: await api.token('alice', { expiresInSec: -60 }) }),
      401,
      'TOKEN_EXPIRED',
    );
    const alg = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}`, { token: `${alg}.${p}.` }), 401, 'TOKEN_INVALID');
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}`, { headers: { authorization: 'Basic abc' } }), 401, 'TOKEN_INVALID');
  });

  it('a tampered list cursor is a 400', async () => {
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}/members?cursor=abc.def`, { token: owner }), 400, 'CURSOR_INVALID');
  });
});

describe('API keys', () => {
  it('are shown once, stored hashed, scoped to one club and role, and revocable', async () => {
    const created = await api.call('POST', `/v1/clubs/${clubId}/api-keys`, { token: owner, body: { name: 'desk', role: 'manager' } });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    const list = await api.call('GET', `/v1/clubs/${clubId}/api-keys`, { token: owner });
    expect(JSON.stringify(list.body)).not.toContain(key.split('.')[3]);
    expect(list.body.items[0]).not.toHaveProperty('secretHash');

    expect((await api.call('GET', `/v1/clubs/${clubId}`, { apiKey: key })).status).toBe(200);
    // A manager key may not do owner things, and keys never manage keys.
    expectProblem(await api.call('PATCH', `/v1/clubs/${clubId}`, { apiKey: key, body: { city: 'X' } }), 403, 'FORBIDDEN');
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}/api-keys`, { apiKey: key }), 403, 'USER_TOKEN_REQUIRED');
    // A wrong secret for the same key id is refused.
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}`, { apiKey: `${key.slice(0, -4)}AAAA` }), 401, 'API_KEY_INVALID');

    expect((await api.call('DELETE', `/v1/clubs/${clubId}/api-keys/${created.body.keyId}`, { token: owner })).status).toBe(204);
    expectProblem(await api.call('GET', `/v1/clubs/${clubId}`, { apiKey: key }), 401, 'API_KEY_REVOKED');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and refuses another body with 422', async () => {
    const headers = { 'idempotency-key': 'create-club-1' };
    const first = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Once' }), headers });
    const again = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Once' }), headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.clubId).toBe(first.body.clubId);
    const other = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Twice' }), headers });
    expectProblem(other, 422, 'IDEMPOTENCY_KEY_REUSED');
    const mine = (await api.call('GET', '/v1/me', { token: owner })).body.memberships;
    expect(mine.filter((m: { clubId: string }) => m.clubId === first.body.clubId)).toHaveLength(1);
  });

  it('scopes keys to the caller: the same key from another user is a new request', async () => {
    const headers = { 'idempotency-key': 'shared-key' };
    const a = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'A1' }), headers });
    const b = await api.call('POST', '/v1/clubs', { token: await api.token('zoe'), body: validClub({ name: 'A1' }), headers });
    expect(b.status).toBe(201);
    expect(b.body.clubId).not.toBe(a.body.clubId);
  });
});

describe('moderation (R-MOD-1)', () => {
  it('R-MOD-1: an operator suspends a club: its staff get 403, its data is kept; unsuspend restores access', async () => {
    const other = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'To suspend' }) });
    const id = other.body.clubId;
    const op = await api.token('olga', { operator: true });
    expectProblem(
      await api.call('POST', `/v1/operator/clubs/${id}/suspension`, {
        token: owner,
        body: { suspended: true, reason: 'cash games reported' },
      }),
      403,
      'FORBIDDEN',
    );
    expect(
      (
        await api.call('POST', `/v1/operator/clubs/${id}/suspension`, {
          token: op,
          body: { suspended: true, reason: 'cash games reported' },
        })
      ).status,
    ).toBe(200);
    expectProblem(await api.call('GET', `/v1/clubs/${id}`, { token: owner }), 403, 'CLUB_SUSPENDED');
    await api.call('POST', `/v1/operator/clubs/${id}/suspension`, { token: op, body: { suspended: false, reason: 'appeal accepted' } });
    const back = await api.call('GET', `/v1/clubs/${id}`, { token: owner });
    expect(back.status).toBe(200);
    expect(back.body.name).toBe('To suspend');
  });

  it('R-MOD-1: a suspended player is refused on player routes', async () => {
    const pat = await api.token('pat');
    await api.call('POST', '/v1/players', { token: pat, body: { displayName: 'Pat', dateOfBirth: '1985-01-01', consent: true } });
    const op = await api.token('olga', { operator: true });
    expect(
      (await api.call('POST', '/v1/operator/players/pat/suspension', { token: op, body: { suspended: true, reason: 'abuse of staff' } }))
        .status,
    ).toBe(200);
    expectProblem(await api.call('GET', '/v1/me', { token: pat }), 403, 'ACCOUNT_SUSPENDED');
    expectProblem(
      await api.call('POST', '/v1/operator/players/nobody/suspension', { token: op, body: { suspended: true, reason: 'x y z' } }),
      404,
      'PLAYER_NOT_FOUND',
    );
  });
});
