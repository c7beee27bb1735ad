import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet } from 'jose';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { localIssuer, type LocalIssuer } from '../../scripts/local/issuer';
import { lambdaContext } from '../../scripts/local/http-adapter';

/**
 * The Lambda entry modules themselves, invoked with the API Gateway v2 events AWS sends,
 * against DynamoDB Local: no HTTP server in between.
 */
let issuer: LocalIssuer;
type Handler = (
  e: APIGatewayProxyEventV2,
  c: ReturnType<typeof lambdaContext>,
) => Promise<{ statusCode?: number; body?: string; headers?: Record<string, unknown> }>;
let clubs: Handler;
let players: Handler;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  issuer = await localIssuer({ issuer: 'https://issuer.test', audience: 'client-1' });
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    JWT_ISSUER: 'https://issuer.test',
    JWT_AUDIENCE: 'client-1,client-2',
    POWERTOOLS_LOG_LEVEL: 'CRITICAL',
  });
  const { useKeySet } = await import('../../functions/platform/jwt');
  useKeySet(createLocalJWKSet(issuer.jwks));
  clubs = (await import('../../functions/http/handlers/clubs')).handler as unknown as Handler;
  players = (await import('../../functions/http/handlers/players')).handler as unknown as Handler;
});
afterAll(async () => {
  (await import('../../functions/platform/jwt')).useKeySet(undefined);
});

function event(
  routeKey: string,
  path: string,
  opts: { token?: string; body?: unknown; pathParameters?: Record<string, string>; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const [method] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {
      ...opts.headers,
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(opts.pathParameters ? { pathParameters: opts.pathParameters } : {}),
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'api.test',
      domainPrefix: 'api',
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: Date.now(),
      http: { method: method!, path, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'test' },
    },
  };
}

describe('Lambda entries on DynamoDB Local', () => {
  it('create and read a club through the clubs function, with an audience from the second app client', async () => {
    const token = await (await localIssuer({ issuer: 'https://issuer.test', audience: 'client-2' })).mint({ sub: 'u1' });
    // A token of a different key pair is refused even with the right issuer and audience.
    const denied = await clubs(
      event('GET /v1/clubs/{clubId}', '/v1/clubs/x', { token, pathParameters: { clubId: 'x' } }),
      lambdaContext('clubs', '1'),
    );
    expect(denied.statusCode).toBe(401);

    const good = await issuer.mint({ sub: 'u1' });
    const created = await clubs(
      event('POST /v1/clubs', '/v1/clubs', {
        token: good,
        body: {
          name: 'Lambda Club',
          city: 'Perm',
          address: 'Lenina 1',
          legalForm: 'ip',
          inn: '500100732259',
          ogrn: '304770000131449',
          attestation: { accepted: true },
        },
      }),
      lambdaContext('clubs', '2'),
    );
    expect(created.statusCode).toBe(201);
    const club = JSON.parse(created.body!);
    const read = await clubs(
      event('GET /v1/clubs/{clubId}', `/v1/clubs/${club.clubId}`, { token: good, pathParameters: { clubId: club.clubId } }),
      lambdaContext('clubs', '3'),
    );
    expect(read.statusCode).toBe(200);
    expect(JSON.parse(read.body!).legalForm).toBe('ip');
  });

  it('a route of another function is not served by this one', async () => {
    const res = await players(
      event('GET /v1/clubs/{clubId}', '/v1/clubs/x', { pathParameters: { clubId: 'x' } }),
      lambdaContext('players', '4'),
    );
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!).code).toBe('ROUTE_NOT_FOUND');
  });

  it('CORS headers are on success and on problem answers', async () => {
    const origin = 'https://app.sportpoker.example';
    const res = await players(event('GET /v1/me', '/v1/me', { headers: { Origin: origin } }), lambdaContext('players', '5'));
    expect(res.statusCode).toBe(401);
    expect(res.headers?.['Access-Control-Allow-Origin']).toBe('*');
    const ok = await players(
      event('GET /v1/me', '/v1/me', { headers: { Origin: origin }, token: await issuer.mint({ sub: 'u2' }) }),
      lambdaContext('players', '6'),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers?.['Access-Control-Allow-Origin']).toBe('*');
  });
});
