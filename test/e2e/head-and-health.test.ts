import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';

/*
 * What a monitor or a TV's browser sends besides GET: HEAD on the clock screen answers as GET does,
 * without the body; liveness answers whatever body a probe sends, and the contract promises no body
 * problems for it.
 */

/** fetch sends no body with GET; a probe or a proxy may. */
function getWithBody(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let api: TestApi;
let screen: string;
let tournament: string;

beforeAll(async () => {
  api = await startTestApi();
  const { owner, base } = await clubWithOwner(api, 'head-owner');
  const created = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({}, -60_000) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tournament = `${base}/tournaments/${created.body.tournamentId}`;
  screen = `${tournament}/screen?lang=ru`;
  expect((await api.call('POST', `${tournament}/open-registration`, { token: owner })).status).toBe(200);
  expect((await api.call('POST', `${tournament}/start`, { token: owner })).status).toBe(200);
});
afterAll(async () => api?.close());

describe('HEAD and liveness', () => {
  it('HEAD on the clock screen and its script: the status and headers of GET, no body', async () => {
    for (const path of [screen, '/screens/clock.js']) {
      const get = await fetch(`${api.url}${path}`);
      expect(get.status, path).toBe(200);
      expect((await get.text()).length, path).toBeGreaterThan(0);
      const head = await fetch(`${api.url}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(await head.text(), path).toBe('');
    }
  });

  it('HEAD where only GET answers is still 405, naming the methods', async () => {
    const r = await fetch(`${api.url}${tournament}/clock`, { method: 'HEAD' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    const onScreen = await fetch(`${api.url}${screen}`, { method: 'DELETE' });
    expect(onScreen.status).toBe(405);
    expect(onScreen.headers.get('allow')).toBe('GET, HEAD');
  });

  it('GET /health answers 200 whatever body it is sent, and its contract lists no body problems', async () => {
    for (const body of ['not json', '{"a":']) {
      const r = await getWithBody(`${api.url}/health`, body);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({ status: 'ok' });
    }
    const spec = (await api.call('GET', '/openapi.json')).body as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    const statuses = Object.keys(spec.paths['/health']?.get.responses ?? {});
    expect(statuses).toContain('200');
    expect(statuses.filter((s) => ['400', '413', '415'].includes(s))).toEqual([]);
    // Its one client error is the gateway's throttling.
    expect(statuses.filter((s) => s.startsWith('4'))).toEqual(['429']);
  });
});
