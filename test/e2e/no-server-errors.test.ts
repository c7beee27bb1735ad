import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { routeFixture } from '../support/route-fixture';
import { ALL_ROUTES } from '../../functions/http/api';

/**
 * Bad input never yields a 500: every route of the table, with malformed, mistyped and hostile
 * bodies and path parameters, from a caller who may call it, answers 2xx or a 4xx problem.
 */
let api: TestApi;
let token: string;
let operator: string;
let known: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  ({ token, operator, known } = await routeFixture(api, 'fuzz'));
});
afterAll(async () => api?.close());

const BODIES: unknown[] = [
  undefined,
  {},
  [],
  'text',
  42,
  null,
  { unexpected: true },
  { name: { deep: [1, 2, { x: null }] } },
  { busted: ['x'], killers: [] },
  { playerId: 12, seat: 'one', limit: -1 },
];
const PARAMS = (name: string) => [known[name] ?? 'missing', 'x'.repeat(129), '%F0%9F%98%80', '__proto__', '..', 'a b'];

// Routes that end the caller's own account would change what the following calls mean.
const SKIP = new Set(['deleteMe']);

describe('no input yields a 500', () => {
  for (const route of ALL_ROUTES.filter((r) => !SKIP.has(r.operationId))) {
    it(`${route.method} ${route.path}`, async () => {
      const caller = route.path.startsWith('/v1/operator') ? operator : token;
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const paths =
        names.length === 0
          ? [route.path]
          : PARAMS(names[names.length - 1] as string).map((v) =>
              route.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
                n === names[names.length - 1] ? encodeURIComponent(v).replace(/%25/g, '%') : (known[n] ?? 'missing'),
              ),
            );
      for (const path of paths) {
        for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES) {
          const res = await api.call(route.method, path, {
            token: caller,
            ...(body === undefined ? {} : { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          expect(
            res.status,
            `${route.method} ${path} ${JSON.stringify(body)} -> ${String(JSON.stringify(res.body ?? null)).slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) expect(res.headers.get('content-type')).toContain('application/problem+json');
        }
      }
      const query = await api.call(
        route.method === 'GET' ? 'GET' : route.method,
        `${paths[0]}?limit=abc&cursor=%00&status=nope&format=xml`,
        { token: caller },
      );
      expect(query.status).toBeLessThan(500);
    });
  }
});
