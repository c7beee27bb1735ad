import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { startLocalApi, type LocalApi } from '../../scripts/local/local-api';
import { apiPort } from './ports';
import { ContractChecker } from './contract';
import { createSportPokerClient, type SportPokerClient, type TokenSource } from '../../client/src/index';

export interface TestApi extends LocalApi {
  tableName: string;
  token: (sub: string, opts?: { operator?: boolean; expiresInSec?: number }) => Promise<string>;
  call: (
    method: string,
    path: string,
    opts?: { token?: string; apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A fetch that holds every answer to the contract, as `call` does (throws on a drift). */
  checkedFetch: (request: Request) => Promise<Response>;
  /** The typed client (client/), over `checkedFetch`. */
  client: (auth?: { token?: TokenSource; apiKey?: string }) => SportPokerClient;
}

/**
 * The real local API (gateway adapter + handlers) on a free port (or see ./ports), over its own fresh table.
 * With TEST_HANDLERS=bundles (the `e2e-bundles` project) the functions run from the bundles its global setup
 * built (./bundles-setup.ts), as deployed.
 */
export async function startTestApi(opts: { consumer?: 'in-process' | 'thread' } = {}): Promise<TestApi> {
  const dynamoEndpoint = inject('dynamoEndpoint');
  const tableName = `t-${randomUUID()}`;
  await ensureTable(dynamoEndpoint, tableName);
  const handlers = process.env.TEST_HANDLERS === 'bundles' ? { bundles: inject('bundleDir') } : 'sources';
  const api = await startLocalApi({
    port: await apiPort(),
    dynamoEndpoint,
    tableName,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'CRITICAL',
    handlers,
    ...(opts.consumer ? { consumer: opts.consumer } : {}),
  });
  // Every answer a test receives is held to the contract the same API serves.
  let contract: Promise<ContractChecker> | undefined;
  const contractOf = () =>
    (contract ??= fetch(`${api.url}/openapi.json`).then(
      async (r) => new ContractChecker((await r.json()) as ConstructorParameters<typeof ContractChecker>[0]),
    ));
  const checkedFetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/v1/me')) await api.streams?.drain();
    const requestHeaders = Object.fromEntries(request.headers);
    const res = await fetch(request);
    const text = await res.clone().text();
    const drifts = (await contractOf()).check({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      requestHeaders,
      status: res.status,
      headers: res.headers,
      text,
    });
    if (drifts.length) throw new Error(`The answer departs from the contract:\n${drifts.join('\n')}\nbody: ${text.slice(0, 500)}`);
    return res;
  };
  return {
    ...api,
    tableName,
    token: (sub, opts) => api.issuer.mint({ sub, ...opts }),
    call: async (method, path, opts = {}) => {
      // What a player's app reads (my registrations, notifications) is derived from the event stream: read
      // it once the stream consumer has caught up, as the app would a moment later.
      if (path.startsWith('/v1/me')) await api.streams?.drain();
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${api.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      const drifts = (await contractOf()).check({
        method,
        path,
        requestHeaders: lower(headers),
        status: res.status,
        headers: res.headers,
        text,
      });
      if (drifts.length) throw new Error(`The answer departs from the contract:\n${drifts.join('\n')}\nbody: ${text.slice(0, 500)}`);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    checkedFetch,
    client: (auth = {}) => createSportPokerClient({ baseUrl: api.url, fetch: checkedFetch, ...auth }),
  };
}

/**
 * A setup call as a client makes it: a 503 (the shared store overloaded on a busy machine) is asked again after
 * its Retry-After, a few times.
 */
export async function callPatiently(api: TestApi, method: string, path: string, opts: Parameters<TestApi['call']>[2] = {}) {
  let res = await api.call(method, path, opts);
  for (let i = 0; i < 5 && res.status === 503; i++) {
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? '1') * 1000));
    res = await api.call(method, path, opts);
  }
  return res;
}

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

export const validClub = (over: Record<string, unknown> = {}) => ({
  name: 'Royal Flush Club',
  city: 'Kazan',
  address: 'Baumana st., 10',
  legalForm: 'ul',
  inn: '7736207543',
  ogrn: '1027700229193',
  kpp: '770401001',
  attestation: { accepted: true },
  ...over,
});
