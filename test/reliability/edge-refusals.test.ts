import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { rawRequest, type RawAnswer } from '../support/raw-http';

/*
 * What the local edge refuses before a handler runs answers as the REST API does: problem+json with a stable
 * code. A WebSocket handshake the live server refuses, and a body larger than the gateway takes, which is
 * refused from its Content-Length at once (the bytes never come) and the connection closed.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

const upgrade = (path: string, extra: string[]) => [
  `GET ${path} HTTP/1.1`,
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version: 13',
  ...extra,
];

function expectProblem(a: RawAnswer, status: number, code: string) {
  expect(a.status, a.body).toBe(status);
  expect(a.headers['content-type']).toBe('application/problem+json');
  const body = JSON.parse(a.body) as Record<string, unknown>;
  expect(body).toMatchObject({
    status,
    code,
    title: expect.any(String),
    type: expect.stringContaining(code.toLowerCase().replaceAll('_', '-')),
  });
  expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(a.body));
}

describe('refused WebSocket handshakes are problem+json', () => {
  it('a path other than the live endpoint: 404 ROUTE_NOT_FOUND', async () => {
    expectProblem(await rawRequest(api.url, upgrade('/v1/elsewhere', ['Sec-WebSocket-Protocol: sport-poker.v1'])), 404, 'ROUTE_NOT_FOUND');
  });

  it('no live subprotocol: 400 PROTOCOL_REQUIRED', async () => {
    expectProblem(await rawRequest(api.url, upgrade('/v1/live', ['Sec-WebSocket-Protocol: chat'])), 400, 'PROTOCOL_REQUIRED');
  });

  it("a token that is not a JWT: 401 with the REST API's code", async () => {
    const a = await rawRequest(api.url, upgrade('/v1/live', ['Sec-WebSocket-Protocol: sport-poker.v1, bearer.not-a-jwt']));
    expect(a.status).toBe(401);
    const rest = await api.call('GET', '/v1/me', { token: 'not-a-jwt' });
    expectProblem(a, 401, rest.body.code);
  });

  it('a handshake WebSocket itself refuses (version 12): 400 HANDSHAKE_INVALID', async () => {
    const head = upgrade('/v1/live', ['Sec-WebSocket-Protocol: sport-poker.v1']).map((l) => l.replace('Version: 13', 'Version: 12'));
    expectProblem(await rawRequest(api.url, head), 400, 'HANDSHAKE_INVALID');
  });
});

describe('a body larger than the gateway takes', () => {
  it('Content-Length of 100 GB: 413 BODY_TOO_LARGE at once, and the connection closed', async () => {
    const head = ['POST /v1/clubs HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${100 * 1024 ** 3}`];
    // Only a few bytes of the announced 100 GB are sent: the answer cannot wait for the rest.
    expectProblem(await rawRequest(api.url, head, '{"name":'), 413, 'BODY_TOO_LARGE');
  });

  it('Content-Length of 100 GB on a path with no route: still 413', async () => {
    expectProblem(await rawRequest(api.url, ['PUT /nowhere HTTP/1.1', `Content-Length: ${100 * 1024 ** 3}`]), 413, 'BODY_TOO_LARGE');
  });

  it('a chunked body that grows past 10 MB: 413 BODY_TOO_LARGE, and the connection closed', async () => {
    const chunk = 'x'.repeat(1024 * 1024);
    const chunks = Array.from({ length: 11 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const head = ['POST /v1/clubs HTTP/1.1', 'Content-Type: application/json', 'Transfer-Encoding: chunked'];
    expectProblem(await rawRequest(api.url, head, chunks), 413, 'BODY_TOO_LARGE');
  });

  it('the API answers as before afterwards', async () => {
    expect((await fetch(`${api.url}/openapi.json`)).status).toBe(200);
  });
});
