/**
 * The typed client of the Sport Poker API: openapi-fetch over the types generated from the contract
 * (./schema.ts, `npm run client:generate`). Paths, parameters, bodies and answers are all typed;
 * errors come back as the API's application/problem+json with its stable `code`.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
/** A schema of the contract by name, e.g. `Schema<'Player'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
/** The RFC 9457 answer of every refusal; `code` is stable and is what an app branches on. */
export type Problem = Schema<'Problem'>;

/** A bearer token, or a function that returns the current one (e.g. refreshed by the app's sign-in SDK). */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

export interface SportPokerClientOptions {
  /** The API's root, e.g. `https://api.example.com` (no trailing `/v1`: the paths carry it). */
  baseUrl: string;
  /** The signed-in user's JWT, sent as `Authorization: Bearer …` unless a request sets its own. */
  token?: TokenSource;
  /** A club's integration key, sent as `X-Api-Key` (server-side integrations, never a mobile app). */
  apiKey?: string;
  /** A fetch to use instead of the global one (tests, instrumentation, React Native polyfills). */
  fetch?: (input: Request) => Promise<Response>;
  /** More middleware, run after the authentication ones. */
  middleware?: Middleware[];
}

export type SportPokerClient = Client<paths>;

/** Sets `Authorization: Bearer <token>` on each request that has no Authorization of its own. */
export function bearerAuth(token: TokenSource): Middleware {
  return {
    async onRequest({ request }) {
      if (request.headers.has('authorization')) return undefined;
      const value = typeof token === 'function' ? await token() : token;
      if (value) request.headers.set('authorization', `Bearer ${value}`);
      return request;
    },
  };
}

/** Sets `X-Api-Key` on each request that has none of its own. */
export function apiKeyAuth(apiKey: string): Middleware {
  return {
    onRequest({ request }) {
      if (!request.headers.has('x-api-key')) request.headers.set('x-api-key', apiKey);
      return request;
    },
  };
}

export function createSportPokerClient(options: SportPokerClientOptions): SportPokerClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (options.token !== undefined) client.use(bearerAuth(options.token));
  if (options.apiKey !== undefined) client.use(apiKeyAuth(options.apiKey));
  if (options.middleware?.length) client.use(...options.middleware);
  return client;
}

/**
 * A fresh Idempotency-Key. Make one per user intent (one tap on "Register") and send the same key on
 * every retry of that intent: the API then replays the first answer instead of acting twice.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The header parameters of an idempotent POST, to spread into `params.header`:
 * `client.POST('/v1/players', { params: { header: idempotent(key) }, body })`. Only the operations
 * whose contract declares the header accept it, so it is opt-in per call rather than a middleware.
 */
export function idempotent(key: string = newIdempotencyKey()): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': key };
}

/** Whether a value is an application/problem+json answer of the API. */
export function isProblem(value: unknown): value is Problem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.status === 'number' && typeof v.title === 'string';
}

/** A refusal of the API, thrown by {@link unwrap}: the Problem answer with its HTTP status. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly code: string;
  readonly retryAfterSec: number | undefined;

  constructor(
    readonly problem: Problem,
    readonly response: Response,
  ) {
    super(`${problem.status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.status = response.status;
    this.code = problem.code;
    const retryAfter = response.headers.get('retry-after');
    this.retryAfterSec = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  }
}

/**
 * The body of a successful answer, or a thrown {@link ProblemError} for a refusal (a body that is not a
 * Problem, e.g. from a proxy in between, is thrown as a plain Error with the status).
 */
export async function unwrap<Data, Err>(
  pending: Promise<{ data?: Data; error?: Err; response: Response }>,
): Promise<Exclude<Data, undefined>> {
  const { data, error, response } = await pending;
  if (response.ok) return data as Exclude<Data, undefined>;
  if (isProblem(error)) throw new ProblemError(error, response);
  throw new Error(`HTTP ${response.status} without a Problem body from ${response.url || 'the API'}`);
}
