import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Problem } from '../../schemas/common';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../../schemas/limits';
import type { Access } from '../platform/authorization';
import { PROBLEM_CONTENT_TYPE } from '../platform/problem';
import type { Route } from '../platform/route';

type Header = { description: string; schema: { type: 'string' } | { type: 'integer'; minimum: number } };
type Answer = { description: string; headers?: Record<string, Header>; content?: Record<string, { schema: unknown }> };

const RETRY_AFTER: Header = { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } };
const ETAG: Header = {
  description: 'The version of the resource after this answer, quoted: send it back as If-Match',
  schema: { type: 'string' },
};
const LOCATION: Header = { description: 'Where the created resource is read', schema: { type: 'string' } };

/**
 * Request and response headers beyond what the schemas say come from the route's own declarations
 * (`ifMatch`, `etag`). The contract test fails on an ETag or Location the document does not declare and
 * on an If-Match sent to a route that does not declare it, so a declaration cannot fall behind its handler.
 */
/** Every answer about one tournament carries its version. */
const carriesEtag = (route: Route): boolean => route.etag === true || route.ifMatch === true || route.path.includes('{tournamentId}');
const WITH_LOCATION = new Set(['createClub', 'createBlindStructure', 'createTournament', 'requestVerification', 'createLeague']);
/** Routes that answer from code alone: no store, so no 503. */
const STATIC = new Set([
  'getHealth',
  'getOpenApi',
  'getDocs',
  'getDocsBundle',
  'getClockScreenScript',
  'getDefaultBlindStructures',
  'listPrizePresets',
]);

const problemAnswer = (description: string, headers?: Record<string, Header>): Answer => ({
  description,
  ...(headers ? { headers } : {}),
  content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } },
});

/** POSTs replay their first answer for a repeated Idempotency-Key (see http-handler.ts). */
export const honoursIdempotencyKey = (route: Pick<Route, 'method' | 'idempotent'>): boolean =>
  route.method === 'POST' && route.idempotent !== false;

const DESCRIPTIONS: Record<number, (route: Route, access: Access) => string> = {
  400: () => 'MALFORMED_JSON, BODY_TOO_DEEP or VALIDATION_FAILED (invalid path ids, query or body; per-field `errors`)',
  401: () => 'UNAUTHENTICATED, TOKEN_INVALID, API_KEY_INVALID or API_KEY_REVOKED',
  403: (_r, a) =>
    a.kind === 'operator'
      ? 'FORBIDDEN: operators only'
      : a.kind === 'user'
        ? `USER_TOKEN_REQUIRED${a.whileSuspended ? '' : ' or ACCOUNT_SUSPENDED'}`
        : 'FORBIDDEN (the role may not do this), CLUB_SUSPENDED or USER_TOKEN_REQUIRED (API keys may not call it)',
  404: (_r, a) =>
    a.kind === 'club' ? 'CLUB_NOT_FOUND (also a club of which the caller is not staff) or an unknown resource' : 'Unknown resource',
  409: (r) =>
    [
      r.problems?.includes(409) ? 'Conflicts with the current state (or a stale If-Match)' : '',
      honoursIdempotencyKey(r) ? 'IDEMPOTENCY_IN_PROGRESS (with Retry-After)' : '',
    ]
      .filter(Boolean)
      .join('; '),
  410: () => "ACCOUNT_DELETED: the account was deleted at its owner's request",
  413: (r) => (r.binaryBody ? `${r.binaryBody.codes.tooLarge}: over ${r.binaryBody.maxBytes} bytes` : 'BODY_TOO_LARGE'),
  415: (r) =>
    r.binaryBody
      ? `${r.binaryBody.codes.type}: the Content-Type is not one of ${r.binaryBody.mediaTypes.join(', ')}, or the bytes are another of them`
      : 'UNSUPPORTED_MEDIA_TYPE: send the body as application/json',
  422: (r) =>
    [
      r.problems?.includes(422) ? 'A rule refuses it (stable `code`, per-field `errors`)' : '',
      r.body || r.query ? 'INVALID_CHARACTERS: text with control, bidirectional or unpaired-surrogate characters' : '',
      honoursIdempotencyKey(r) ? 'IDEMPOTENCY_KEY_REUSED with another body' : '',
    ]
      .filter(Boolean)
      .join('; '),
  503: () => 'SERVICE_UNAVAILABLE: a dependency is down or overloaded; retry after Retry-After',
};

/**
 * Every problem status a route can answer, from the tables the middleware uses: the access rule
 * (authorize.ts), the body parser (any request may carry a body, unless the route ignores it), validation, idempotency, the store,
 * and the route's own `problems`.
 */
export function problemStatusesOf(route: Route): number[] {
  const access = route.access;
  // A route that ignores the body still checks its path ids (400).
  const out = new Set<number>(route.ignoresBody ? (route.params ? [400] : []) : [400, 413, 415]);
  if (access.kind !== 'public') out.add(401).add(403);
  if (access.kind === 'club' || route.params) out.add(404);
  if (access.kind === 'user') out.add(410);
  if (route.body || route.query || honoursIdempotencyKey(route)) out.add(422);
  if (honoursIdempotencyKey(route)) out.add(409);
  for (const s of route.problems ?? []) out.add(s);
  if (!STATIC.has(route.operationId) || honoursIdempotencyKey(route)) out.add(503);
  return [...out].sort((a, b) => a - b);
}

/**
 * API Gateway's own answer when a route's throttling limit is reached: not a problem, but what any route may
 * get. Declared where a route reads nothing of the request and so has no client error of its own.
 */
const GATEWAY_THROTTLED: Answer = {
  description: 'Throttled by the API gateway (its own body, not a problem); retry with backoff',
  content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
};

function problemsOf(route: Route): Record<number, Answer> {
  const access = route.access;
  const out: Record<number, Answer> = route.ignoresBody ? { 429: GATEWAY_THROTTLED } : {};
  for (const s of problemStatusesOf(route)) {
    const description = DESCRIPTIONS[s]?.(route, access) || 'A rule refuses it';
    out[s] = problemAnswer(
      description,
      s === 503 || (s === 409 && honoursIdempotencyKey(route)) ? { 'Retry-After': RETRY_AFTER } : undefined,
    );
  }
  return out;
}

const security = (route: Route): Record<string, string[]>[] => {
  const a = route.access;
  if (a.kind === 'public') return [];
  // A public view (the running clock) may be read without credentials too.
  if (a.kind === 'club' && a.apiKeys) return [...(a.publicView ? [{}] : []), { bearer: [] }, { apiKey: [] }];
  return [{ bearer: [] }];
};

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown): boolean => schema.safeParse(v).success;

/**
 * zod-to-openapi renders `.nullable()` of a registered schema as `allOf: [{$ref}, {type: [object, null]}]`,
 * which no null satisfies; JSON Schema 2020-12 says it as `anyOf: [{$ref}, {type: null}]`.
 */
function fixNullableRefs(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(fixNullableRefs);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const all = o.allOf;
  if (Array.isArray(all) && all.length === 2) {
    const [ref, extra] = all as [Record<string, unknown>, Record<string, unknown>];
    const t = extra?.type;
    if (ref?.$ref && Array.isArray(t) && t.includes('null')) {
      const rest = { ...extra, type: t.filter((x) => x !== 'null') };
      const onlyType = Object.keys(extra).length === 1;
      delete o.allOf;
      // A bare nullable reference, or a nullable extension of one (extra properties on the referenced object).
      o.anyOf = [onlyType ? ref : { allOf: [ref, rest] }, { type: 'null' }];
    }
  }
  for (const v of Object.values(o)) fixNullableRefs(v);
}

/** The OpenAPI 3.1 contract, generated from the routes and their zod schemas. */
export function buildOpenApi(routes: readonly Route[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  for (const route of routes) {
    const access = route.access;
    const roles =
      access.kind === 'club' ? ` Roles: ${access.roles.join(', ')}${access.apiKeys ? '' : ' (users only)'}.` : ` Access: ${access.kind}.`;
    const headers: { name: string; description: string; required: boolean; schema: { type: 'string'; maxLength?: number } }[] = [];
    if (honoursIdempotencyKey(route)) {
      headers.push({
        name: 'Idempotency-Key',
        description: 'Retries with the same key replay the first answer for a day',
        required: false,
        schema: { type: 'string', maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
      });
    }
    if (route.ifMatch) {
      headers.push({
        name: 'If-Match',
        description: 'The version last seen (the ETag); a stale one answers 409',
        required: false,
        schema: { type: 'string' },
      });
    }
    const successHeaders = (): Record<string, Header> | undefined => {
      const h: Record<string, Header> = {};
      if (carriesEtag(route)) h.ETag = ETAG;
      if (WITH_LOCATION.has(route.operationId)) h.Location = LOCATION;
      return Object.keys(h).length ? h : undefined;
    };
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: `${route.summary}.${roles}`,
      tags: route.tags,
      security: security(route),
      ...(headers.length ? { parameters: headers.map((h) => ({ ...h, in: 'header' as const })) } : {}),
      request: {
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { query: route.query } : {}),
        // Optional where the handler accepts a request without one (the schema takes undefined).
        // Bytes (an upload) of the route's media types, sent as they are.
        ...(route.binaryBody
          ? {
              body: {
                content: Object.fromEntries(
                  route.binaryBody.mediaTypes.map((t) => [t, { schema: { type: 'string', contentMediaType: t } as const }]),
                ),
                required: true,
              },
            }
          : {}),
        ...(route.body
          ? { body: { content: { 'application/json': { schema: route.body } }, required: !accepts(route.body, undefined) } }
          : {}),
      },
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, r]) => {
            const h = Number(status) < 300 || status === '304' ? successHeaders() : undefined;
            const base = { description: r.description, ...(h ? { headers: h } : {}) };
            const type = r.contentType ?? 'application/json';
            // A body without a zod schema (the contract itself, HTML, a script) is still declared by its media type.
            const schema =
              r.schema ?? (r.contentType === 'application/json' ? { type: 'object' } : r.contentType ? { type: 'string' } : undefined);
            const text = Object.fromEntries((r.alsoAs ?? []).map((t) => [t, { schema: { type: 'string' } }]));
            return [status, schema ? { ...base, content: { [type]: { schema }, ...text } } : base];
          }),
        ),
        ...problemsOf(route),
      },
    });
  }
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Sport Poker API',
      version: '1.0.0',
      description:
        'Tournaments of sport poker for clubs: chips are points, prizes are never money, fees are organisational fees collected at the desk. ' +
        'Errors are application/problem+json (RFC 9457) with a stable `code`. POSTs accept an `Idempotency-Key` header.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.flatMap((r) => r.tags))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
  });
  fixNullableRefs(doc);
  return doc;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  System: 'Liveness, the contract and its rendered reference',
};
