import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { flushMetrics } from '../runtime/metrics';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodError, z } from 'zod';
import { logger } from '../runtime/logger';
import { problemErrors, zodIssues } from './errors';
import { parseBody, readBinaryBody } from './body';
import { problem } from './problem';
import { config, corsOrigins, cursorSecret } from '../runtime/config';
import { authenticate } from './authenticate';
import { authorize } from './authorize';
import { IDEMPOTENCY_FIELD, idempotency, userScope } from './idempotency';
import { routeKeysOf, type Route, type RouteRequest, type RouteResult } from './route';
import { TEXT_ISSUE_CODE, onlyTextIssues } from '../../schemas/text';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../../schemas/limits';

type Event = APIGatewayProxyEventV2 & { [IDEMPOTENCY_FIELD]?: unknown };
type Resolved = { route: Route; req: RouteRequest<unknown, unknown, unknown> };
/** What resolution found, for the handler of the same invocation. */
const resolved = new WeakMap<object, Resolved>();

function validate(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!r.success) {
    // Well-formed text with characters a reader cannot see is refused as a rule (422), not as bad syntax.
    if (onlyTextIssues(r.error)) {
      throw problem(
        422,
        TEXT_ISSUE_CODE,
        `The request ${where} has text with control, bidirectional or invalid characters`,
        zodIssues(r.error as ZodError, where),
      );
    }
    throw problem(400, 'VALIDATION_FAILED', `The request ${where} is not valid`, zodIssues(r.error as ZodError, where));
  }
  return r.data;
}

/** The body as JSON for a route's prefetch, or undefined: the real parse (and its 4xx answers) comes later. */
function quietJson(body: string | undefined, base64: boolean | undefined, maxBytes: number): unknown {
  if (body === undefined || body.length > maxBytes * 2) return undefined;
  try {
    return JSON.parse(base64 ? Buffer.from(body, 'base64').toString('utf8') : body);
  } catch {
    return undefined;
  }
}

/** Finds the route, authenticates and authorises the caller, parses and validates the input. */
function resolve(routes: Map<string, Route>): middy.MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    before: async (request) => {
      const event = request.event;
      const route = routes.get(event.routeKey);
      if (!route) throw problem(404, 'ROUTE_NOT_FOUND', `No route ${event.routeKey}`);
      const headers = (event.headers ?? {}) as Record<string, string | undefined>;
      const requestId = event.requestContext?.requestId ?? request.context.awsRequestId;
      logger.appendKeys({ requestId, route: route.operationId });

      // Path ids are checked before anything reads the table with them (authorization does).
      const params = validate(route.params, event.pathParameters, 'path');
      const access = route.access;
      const c = config();
      const prefetchFor = (userId: string | undefined) =>
        route.prefetch?.({
          params: event.pathParameters ?? {},
          body: route.binaryBody ? undefined : quietJson(event.body, event.isBase64Encoded, c.maxBodyBytes),
          userId,
        }) ?? [];
      const principal =
        access.kind === 'public' ? ({ kind: 'anonymous' } as const) : await authenticate(headers, () => prefetchFor(undefined));
      const { club: clubAccess, prefetched } = await authorize(
        access,
        principal,
        event.pathParameters?.clubId,
        prefetchFor(principal.kind === 'user' ? principal.userId : undefined),
      );
      if (clubAccess) logger.appendKeys({ clubId: clubAccess.clubId });

      const bytes = route.binaryBody
        ? readBinaryBody(event.body, event.isBase64Encoded, headers['content-type'], route.binaryBody)
        : undefined;
      const rawBody =
        route.ignoresBody || route.binaryBody
          ? undefined
          : parseBody(event.body, event.isBase64Encoded, headers['content-type'], c.maxBodyBytes);
      const query = validate(route.query, event.queryStringParameters, 'query');
      const body = route.body ? validate(route.body, rawBody, 'body') : undefined;

      const host = headers['x-forwarded-host'] ?? headers['host'] ?? event.requestContext?.domainName ?? 'localhost';
      const proto = headers['x-forwarded-proto'] ?? 'https';
      const req: RouteRequest<unknown, unknown, unknown> = {
        params,
        query,
        body,
        headers,
        principal,
        club: clubAccess,
        requestId,
        now: Date.now(),
        logger,
        baseUrl: `${proto}://${host}`,
        prefetched,
        accountChecked: !(access.kind === 'user' && access.accountReadByRoute === true),
        remainingMs: () => request.context.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY,
        ...(bytes ? { bytes } : {}),
      };
      resolved.set(event, { route, req });

      // Retried POSTs replay the first answer; the key is scoped to the caller's club (or own account).
      const key = headers['idempotency-key'];
      if (route.method === 'POST' && key && route.idempotent !== false) {
        if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw problem(400, 'VALIDATION_FAILED', 'Idempotency-Key is too long');
        const scope = clubAccess?.clubId ?? (principal.kind === 'user' ? userScope(principal.userId) : 'anonymous');
        event[IDEMPOTENCY_FIELD] = { scope, route: event.rawPath, key };
      } else {
        event[IDEMPOTENCY_FIELD] = null;
      }
      // What the payload check compares: the parsed body, so formatting differences do not matter.
      event.body = JSON.stringify(rawBody ?? null);
    },
  };
}

function toResponse(r: RouteResult): APIGatewayProxyStructuredResultV2 {
  if (r.raw && r.body instanceof Uint8Array) {
    // Bytes (a PDF): API Gateway decodes a base64 body flagged so.
    return { statusCode: r.status, headers: r.headers ?? {}, body: Buffer.from(r.body).toString('base64'), isBase64Encoded: true };
  }
  if (r.raw) return { statusCode: r.status, headers: r.headers ?? {}, body: String(r.body ?? '') };
  return {
    statusCode: r.status,
    headers: { ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}), ...r.headers },
    ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : { body: '' }),
  };
}

/**
 * The middy stack every HTTP Lambda shares, in this order: logging context, CORS, problem answers,
 * header normalisation, route resolution (auth, body, validation), idempotency, then the route.
 */
export function httpHandler(routes: readonly Route[]) {
  // Every API function seals list cursors: without their key it stops at its cold start, not at the first list.
  cursorSecret();
  const map = new Map(routes.flatMap((r) => routeKeysOf(r).map((key) => [key, r] as const)));
  return middy<Event, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(flushMetrics())
    .use(
      httpCors({
        origins: corsOrigins(),
        headers: 'authorization,content-type,idempotency-key,if-match,x-api-key',
        methods: 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
      }),
    )
    .use(problemErrors())
    .use(httpHeaderNormalizer())
    .use(resolve(map))
    .use(idempotency() as middy.MiddlewareObj<Event, APIGatewayProxyStructuredResultV2>)
    .handler(async (event: Event, _context: Context) => {
      const r = resolved.get(event);
      if (!r) throw new Error('route not resolved');
      const result = await r.route.handle(r.req);
      // Fails closed: a route that reads the account itself must have checked it before answering.
      if (!r.req.accountChecked) throw new Error(`${r.route.operationId} answered without checking the account`);
      const response = toResponse(result);
      // HEAD: the GET's status and headers, without its body (RFC 9110, 9.3.2).
      return event.requestContext?.http?.method === 'HEAD' ? { ...response, body: '' } : response;
    });
}
