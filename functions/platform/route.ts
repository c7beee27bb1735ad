import type { z } from 'zod';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Access } from './authorization';
import type { ClubAccess, Principal } from './principal';
import type { ItemKey, PrefetchInput, Prefetched } from '../runtime/prefetch';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Media type of the answer when it is not JSON (HTML, a script). */
  contentType?: string;
  /** Other media types the same status may answer with, as text (a CSV export). */
  alsoAs?: string[];
}

export interface RouteRequest<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  headers: Record<string, string | undefined>;
  principal: Principal;
  /** Set on club-scoped routes once the caller is authorised for the club in the path. */
  club: ClubAccess | undefined;
  requestId: string;
  /** Milliseconds since the epoch, read once per request. */
  now: number;
  logger: Logger;
  /** The request's own URL base (scheme://host), for links such as the JWKS URL in local mode. */
  baseUrl: string;
  /** Items named by the route's `prefetch`, read with the authorization (see prefetch.ts). */
  prefetched: Prefetched;
  /** For `accountReadByRoute` routes: false until the route has checked the caller's account. */
  accountChecked: boolean;
  /** Milliseconds left before the function times out (Lambda's context); a route doing long work sizes it by this. */
  remainingMs?: () => number;
  /** For `binaryBody` routes: the body's bytes and its media type (within the route's types and size). */
  bytes?: BinaryBody;
}

/** A request body taken as bytes (an image), not parsed. */
export interface BinaryBody {
  bytes: Uint8Array;
  /** The request's Content-Type, lower case, without parameters: one of the route's `mediaTypes`. */
  contentType: string;
}

/** How a route takes a body of bytes: the media types it accepts, its size limit and its problem codes. */
export interface BinaryBodySpec {
  mediaTypes: readonly string[];
  maxBytes: number;
  /** 415 code for a Content-Type outside `mediaTypes`, 413 code for a body over `maxBytes`. */
  codes: { type: string; tooLarge: string };
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Non-JSON bodies (HTML, CSV) are sent as they are; bytes (a PDF) as a Uint8Array. */
  raw?: boolean;
}

export interface Route {
  operationId: string;
  method: HttpMethod;
  /** API Gateway style: `/v1/clubs/{clubId}`. */
  path: string;
  summary: string;
  tags: string[];
  /** Who may call it (authorization.ts): the middleware authorises by it, the contract documents it. */
  access: Access;
  /** Takes If-Match with the version last seen (a stale one answers 409). */
  ifMatch?: boolean;
  /** Success answers carry the resource's version as ETag (always so with `ifMatch`, and for every answer about one tournament). */
  etag?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body is bytes of these media types (an upload), handed to the route as `bytes`, not parsed as JSON. */
  binaryBody?: BinaryBodySpec;
  /** The answer depends on nothing the request sends: a body is not read, so none is refused (liveness, the contract). */
  ignoresBody?: true;
  /** A GET that answers HEAD too, with the same status and headers and no body (a screen a TV or a monitor checks). */
  head?: true;
  /** Success answers; problem answers are added to the contract from the access rule and the body. */
  responses: Record<number, ResponseSpec>;
  /** Problem codes this route may answer with beyond the common ones, for the contract. */
  problems?: number[];
  /** False where a replayed answer must not be stored (it carries a secret shown once). */
  idempotent?: boolean;
  /** Items the handler will read, fetched in the authorization's round trip (see prefetch.ts). */
  prefetch?: (input: PrefetchInput) => ItemKey[];
  handle: (req: RouteRequest<any, any, any>) => Promise<RouteResult>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type Definition<P, Q, B> = Omit<Route, 'params' | 'query' | 'body' | 'handle' | 'access'> & {
  access?: Access;
  params?: P;
  query?: Q;
  body?: B;
  handle: (req: RouteRequest<Out<P>, Out<Q>, Out<B>>) => Promise<RouteResult>;
};

/** Typed route definition: the handler sees the parsed types of its schemas; every route names who may call it. */
export function defineRoute<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(route: Definition<P, Q, B> & { access: Access }): Route {
  return route as Route;
}

export const routeKeyOf = (r: Pick<Route, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** Every gateway route key a route is served under: its own, and HEAD beside a GET that answers it. */
export const routeKeysOf = (r: Pick<Route, 'method' | 'path' | 'head'>): string[] => [
  routeKeyOf(r),
  ...(r.head && r.method === 'GET' ? [`HEAD ${r.path}`] : []),
];
