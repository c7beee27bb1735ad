import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKeysOf, type Route } from '../../functions/platform/route';
import { problem, problemResponse } from '../../functions/platform/problem';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
  handler: LambdaHandler;
}

/** API Gateway's hard limit on a payload; the handlers enforce their own smaller one. */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;

function compile(route: Route, handler: LambdaHandler): CompiledRoute {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a: string, b: string) => {
    names.push(a ?? b);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}$`), names, handler };
}

export function lambdaContext(functionName: string, requestId: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The body, or 'too_large' as soon as it passes the gateway's limit (the rest is left unread). */
function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_MAX_BODY) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).pause();
      ok('too_large');
    };
    const onEnd = () => ok(Buffer.concat(chunks));
    req.on('data', onData).once('end', onEnd).once('error', fail);
  });
}

/**
 * Whether API Gateway hands the body over as text: without a Content-Type, or a textual one (text/*, JSON,
 * XML, JavaScript, a form). Any other body (an image) comes base64-encoded with isBase64Encoded set.
 */
export function isTextBody(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === '' ||
    type.startsWith('text/') ||
    /^application\/([\w.-]+\+)?(json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  );
}

/** A path segment decoded as API Gateway does; null when its percent-encoding is malformed. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function send(res: ServerResponse, r: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  const body = r.isBase64Encoded ? Buffer.from(r.body ?? '', 'base64') : (r.body ?? '');
  const status = r.statusCode ?? 200;
  // Framed by its length, as API Gateway's answers are (204 and 304 carry none).
  if (status !== 204 && status !== 304) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * A body the gateway does not take: 413, and the connection closed, since the rest of the body is never
 * read (a client announcing 100 GB would otherwise hold the socket, waiting for an answer).
 */
function refuseBody(req: IncomingMessage, res: ServerResponse, path: string): void {
  const answer = problemResponse(
    problem(413, 'BODY_TOO_LARGE', `The body is too large; the gateway takes at most ${GATEWAY_MAX_BODY} bytes`),
    path,
  );
  send(res, { ...answer, headers: { ...answer.headers, connection: 'close' } });
  res.once('finish', () => req.socket.destroySoon());
}

/**
 * A local HTTP API Gateway (payload 2.0): matches the route, builds the event the real gateway
 * would send and invokes the same Lambda handler the stack deploys.
 */
export function createGatewayServer(
  routes: readonly { route: Route; handler: LambdaHandler; group: string }[],
  extra?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Server {
  const compiled = routes.map((r) => ({ ...compile(r.route, r.handler), group: r.group }));
  return createServer((req, res) => {
    void (async () => {
      try {
        if (extra?.(req, res)) return;
        const url = new URL(req.url ?? '/', 'http://localhost');
        // As API Gateway, refused from the announced length before any route is looked at.
        if (Number(req.headers['content-length'] ?? 0) > GATEWAY_MAX_BODY) return refuseBody(req, res, url.pathname);
        const method = (req.method ?? 'GET').toUpperCase();
        if (method === 'OPTIONS') {
          res.writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
            'access-control-allow-headers': 'authorization,content-type,idempotency-key,if-match,x-api-key',
            'access-control-max-age': '600',
          });
          return res.end();
        }
        const onPath = compiled.filter((c) => c.regex.test(url.pathname));
        const match = onPath.find(
          (c) => c.route.method === method || (method === 'HEAD' && routeKeysOf(c.route).includes(`HEAD ${c.route.path}`)),
        );
        if (!match) {
          if (onPath.length === 0)
            return send(res, problemResponse(problem(404, 'ROUTE_NOT_FOUND', `No route ${method} ${url.pathname}`), url.pathname));
          // RFC 9110: a 405 names the methods the resource has.
          const allow = [...new Set(onPath.flatMap((c) => routeKeysOf(c.route).map((k) => k.split(' ')[0])))].sort().join(', ');
          const answer = problemResponse(problem(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname}`), url.pathname);
          return send(res, { ...answer, headers: { ...answer.headers, allow } });
        }
        const body = await readBody(req);
        if (body === 'too_large') return refuseBody(req, res, url.pathname);
        const values = match.regex.exec(url.pathname)?.slice(1) ?? [];
        const decoded = values.map(decodeSegment);
        if (decoded.includes(null)) {
          const p = problem(400, 'VALIDATION_FAILED', 'The request path is not valid', [
            { field: 'path', message: 'malformed percent-encoding' },
          ]);
          return send(res, problemResponse(p, url.pathname));
        }
        const pathParameters = Object.fromEntries(match.names.map((n, i) => [n, decoded[i] ?? '']));
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v;
        const query: Record<string, string> = {};
        for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
        const text = isTextBody(headers['content-type']);
        const requestId = randomUUID();
        const routeKey = `${method} ${match.route.path}`;
        const now = Date.now();
        const event: APIGatewayProxyEventV2 = {
          version: '2.0',
          routeKey,
          rawPath: url.pathname,
          rawQueryString: url.search.slice(1),
          ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
          headers,
          ...(url.searchParams.size ? { queryStringParameters: query } : {}),
          ...(match.names.length ? { pathParameters } : {}),
          ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
          isBase64Encoded: body.length > 0 && !text,
          requestContext: {
            accountId: '000000000000',
            apiId: 'local',
            domainName: headers.host ?? 'localhost',
            domainPrefix: 'local',
            http: {
              method,
              path: url.pathname,
              protocol: `HTTP/${req.httpVersion}`,
              sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
              userAgent: headers['user-agent'] ?? '',
            },
            requestId,
            routeKey,
            stage: '$default',
            time: new Date(now).toUTCString(),
            timeEpoch: now,
          },
        };
        send(res, await match.handler(event, lambdaContext(`sport-poker-${match.group}`, requestId)));
      } catch (e) {
        // The handlers answer every error themselves; this is the gateway's own 500.
        console.error(e);
        if (!res.headersSent) send(res, problemResponse(problem(500, 'INTERNAL', 'Local gateway error')));
      }
    })();
  });
}
