import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { tournamentBody } from '../support/tournament-fixtures';
import { paramNames, pathWith, routeFixture } from '../support/route-fixture';
import { ALL_ROUTES } from '../../functions/http/api';
import { MAX_ARRAY_ITEMS, MAX_BODY_DEPTH } from '../../functions/platform/body';

/**
 * Deep, long and malformed input on every route of the table: a 4xx problem with a stable code, never a
 * 500, and never a database call made with an oversized key.
 */
let api: TestApi;
let token: string;
let operator: string;
let known: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  ({ token, operator, known } = await routeFixture(api, 'hostile'));
});
afterAll(async () => api?.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const DEEP_BODIES = [nested(5_000), `{"name":${nested(5_000)}}`, '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000)];
const LONG_BODIES = [JSON.stringify(Array(MAX_ARRAY_ITEMS + 1).fill(0)), JSON.stringify({ levels: Array(20_000).fill({}) })];
const LONG_ID = 'c'.repeat(3_000);
const MALFORMED = '%E0%A4%A';

const json = { 'content-type': 'application/json' };
const validClubBody = validClub();
// The own-account deletion would end the caller's account; it gets a throwaway caller.
const callerOf = async (path: string, operationId: string) =>
  operationId === 'deleteMe'
    ? api.token(`hostile-del-${Math.random().toString(36).slice(2)}`)
    : path.startsWith('/v1/operator')
      ? operator
      : token;

type Answer = { status: number; headers: { get: (name: string) => string | null }; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** node:http, since fetch sends no body with GET (API Gateway passes one on). */
function send(method: string, path: string, token: string, body: string): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = request(
      `${api.url}${path}`,
      { method, headers: { ...json, authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* keep the text */
          }
          ok({
            status: res.statusCode ?? 0,
            headers: { get: (n) => (res.headers[n.toLowerCase()] as string | undefined) ?? null },
            body: parsed,
          });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

function expectProblem(res: Answer, what: string) {
  expect(res.status, `${what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.headers.get('content-type'), what).toContain('application/problem+json');
  expect(typeof res.body?.code, what).toBe('string');
}

describe('every route refuses hostile input with a 4xx problem', () => {
  for (const route of ALL_ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const path = pathWith(route, known);
      const caller = await callerOf(path, route.operationId);

      // Routes that never read a body (liveness, the contract's pages, the logo's reads): whatever comes, they
      // answer as without one.
      const plain = route.ignoresBody ? await send(route.method, path, caller, '') : undefined;
      for (const rawBody of plain ? [...DEEP_BODIES, ...LONG_BODIES] : []) {
        const res = await send(route.method, path, caller, rawBody);
        expect(res.status, `body sent to ${route.operationId}`).toBe(plain?.status);
        expect(res.status, `body sent to ${route.operationId}`).toBeLessThan(500);
      }
      // A route that takes bytes of its own media types refuses a JSON body by its type, before reading it.
      for (const rawBody of route.binaryBody ? [...DEEP_BODIES, ...LONG_BODIES] : []) {
        const res = await send(route.method, path, caller, rawBody);
        expectProblem(res, `JSON body on ${route.operationId}`);
        expect([res.status, res.body.code]).toEqual([415, route.binaryBody?.codes.type]);
      }
      for (const rawBody of route.ignoresBody || route.binaryBody ? [] : DEEP_BODIES) {
        const res = await send(route.method, path, caller, rawBody);
        expectProblem(res, `deep body on ${route.operationId}`);
        // The fixture's callers may call every route, so the body is read, with or without a schema.
        expect([res.status, res.body.code]).toEqual([400, 'BODY_TOO_DEEP']);
      }
      for (const rawBody of route.ignoresBody || route.binaryBody ? [] : LONG_BODIES) {
        const res = await send(route.method, path, caller, rawBody);
        expectProblem(res, `long array on ${route.operationId}`);
        expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      }

      for (const name of paramNames(route)) {
        for (const raw of [LONG_ID, MALFORMED, encodeURIComponent('a\u0000b'), encodeURIComponent('💥'.repeat(100))]) {
          const res = await api.call(route.method, pathWith(route, known, name, raw), { token: caller });
          expectProblem(res, `{${name}} = ${raw.slice(0, 20)}… on ${route.operationId}`);
          // Path ids are checked before who calls, so every caller gets the same 400.
          expect(res.status, `{${name}} on ${route.operationId}`).toBe(400);
          expect(res.body.code).toBe('VALIDATION_FAILED');
        }
      }

      if (route.access.kind !== 'public') {
        for (const key of [
          `spk.${LONG_ID}.key_1.${'s'.repeat(43)}`,
          `spk.${known.clubId}.${'k'.repeat(3_000)}.${'s'.repeat(43)}`,
          `spk.${known.clubId}.key_1.${'s'.repeat(3_000)}`,
        ]) {
          const res = await api.call(route.method, path, { apiKey: key });
          expectProblem(res, `long API key part on ${route.operationId}`);
          if (res.status === 401) expect(res.body.code).toBe('API_KEY_INVALID');
        }
      }
    });
  }
});

describe('limits that hold for legitimate requests', () => {
  it(`a body nested ${MAX_BODY_DEPTH} deep and an array of ${MAX_ARRAY_ITEMS} items are read (and judged by the schema)`, async () => {
    const deepOk = nested(MAX_BODY_DEPTH);
    const res = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, { token, rawBody: deepOk, headers: json });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const tooDeep = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, {
      token,
      rawBody: nested(MAX_BODY_DEPTH + 1),
      headers: json,
    });
    expect(tooDeep.body.code).toBe('BODY_TOO_DEEP');
    // Brackets inside strings are text, not nesting.
    const inString = await api.call('POST', '/v1/clubs', { token, body: { name: '['.repeat(100) } });
    expect(inString.body.code).not.toBe('BODY_TOO_DEEP');
    const longList = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, {
      token,
      rawBody: JSON.stringify(Array(MAX_ARRAY_ITEMS + 1).fill(0)),
      headers: json,
    });
    expect(longList.status).toBe(400);
    expect(longList.body.errors).toEqual([{ field: 'body', message: `at most ${MAX_ARRAY_ITEMS} items` }]);
  });

  it('an overlong Idempotency-Key is a 400', async () => {
    const res = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, {
      token,
      body: {},
      headers: { 'idempotency-key': 'k'.repeat(3_000) },
    });
    expect(res.status).toBe(400);
  });
});

describe('the local gateway', () => {
  it('answers 400 for a malformed percent-encoding in the path', async () => {
    const res = await api.call('GET', `/v1/clubs/${MALFORMED}`, { token });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('names the allowed methods on a 405', async () => {
    const res = await api.call('PUT', '/v1/me', { token });
    expect(res.status).toBe(405);
    expect(res.body.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });
});

describe('human text over HTTP', () => {
  it('a NUL in a club name, an override in a tournament name, a lone surrogate in a display name: 422 naming the field, nothing stored', async () => {
    const club = await api.call('POST', '/v1/clubs', { token, body: { ...validClubBody, name: 'Royal\u0000Flush' } });
    expect(club.status).toBe(422);
    expect(club.body.code).toBe('INVALID_CHARACTERS');
    expect(club.body.errors).toEqual([{ field: 'body.name', message: expect.any(String) }]);

    const before = (await api.call('GET', `/v1/clubs/${known.clubId}/tournaments`, { token })).body.items.length;
    const t = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, {
      token,
      body: tournamentBody({ name: 'Friday \u202Eyadirf' }),
    });
    expect(t.status).toBe(422);
    expect(t.body.errors.map((e: { field: string }) => e.field)).toEqual(['body.name']);
    const prize = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, {
      token,
      body: tournamentBody({ prizes: [{ place: 1, description: 'Cup\u2066' }] }),
    });
    expect(prize.status).toBe(422);
    expect(prize.body.errors.map((e: { field: string }) => e.field)).toEqual(['body.prizes.0.description']);
    expect((await api.call('GET', `/v1/clubs/${known.clubId}/tournaments`, { token })).body.items.length).toBe(before);

    const me = await api.token('hostile-text');
    const lone = await api.call('POST', '/v1/players', {
      token: me,
      rawBody: '{"displayName":"Ann\\ud800","dateOfBirth":"1990-01-01","consent":true}',
      headers: json,
    });
    expect(lone.status).toBe(422);
    expect(lone.body.errors.map((e: { field: string }) => e.field)).toEqual(['body.displayName']);
    expect((await api.call('GET', '/v1/me', { token: me })).body.player).toBeNull();
  });

  it('stores names in NFC and keeps newlines in a description', async () => {
    const created = await api.call('POST', '/v1/clubs', { token, body: { ...validClubBody, name: 'Cafe\u0301 Poker' } });
    expect(created.status).toBe(201);
    expect((await api.call('GET', `/v1/clubs/${created.body.clubId}`, { token })).body.name).toBe('Caf\u00e9 Poker');
    const t = await api.call('POST', `/v1/clubs/${known.clubId}/tournaments`, {
      token,
      body: tournamentBody({ description: 'Line one\nline two' }),
    });
    expect(t.status).toBe(201);
    expect(t.body.settings.description).toBe('Line one\nline two');
  });
});
