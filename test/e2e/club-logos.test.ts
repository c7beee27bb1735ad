import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';

/**
 * The club's logo on the real local API (the directory store in place of the bucket): uploads checked by
 * Content-Type, size and magic bytes, served without a token with ETag revalidation, removed by the floor.
 */
let api: TestApi;
let owner: string;
let manager: string;
let dealer: string;
let outsider: string;
let clubId: string;
let otherClubId: string;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 12, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20, 0, 0, 0, 0]);

const logoPath = (id = clubId) => `/v1/clubs/${id}/logo`;

async function send(
  method: string,
  path: string,
  opts: { token?: string; body?: Uint8Array; type?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; bytes: Uint8Array; json: () => { code?: string; bytes?: number } }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.type) headers['content-type'] = opts.type;
  const request = new Request(`${api.url}${path}`, { method, headers, ...(opts.body ? { body: opts.body as unknown as Blob } : {}) });
  // The contract declares GETs only; HEAD answers are the GET's without a body (checked below).
  const res = method === 'HEAD' ? await fetch(request) : await api.checkedFetch(request);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    json: () => JSON.parse(Buffer.from(bytes).toString('utf8')) as { code?: string; bytes?: number },
  };
}

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.token('logo-owner');
  manager = await api.token('logo-manager');
  dealer = await api.token('logo-dealer');
  outsider = await api.token('logo-outsider');
  clubId = (await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Logo Club' }) })).body.clubId;
  otherClubId = (await api.call('POST', '/v1/clubs', { token: outsider, body: validClub({ name: 'Other Club' }) })).body.clubId;
  for (const [userId, role] of [
    ['logo-manager', 'manager'],
    ['logo-dealer', 'dealer'],
  ]) {
    expect((await api.call('POST', `/v1/clubs/${clubId}/members`, { token: owner, body: { userId, role } })).status).toBe(200);
  }
});
afterAll(async () => api?.close());

describe('uploading the logo', () => {
  for (const [type, bytes] of [
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/webp', WEBP],
  ] as const) {
    it(`stores a ${type} and serves the same bytes without a token`, async () => {
      const put = await send('PUT', logoPath(), { token: manager, body: bytes, type });
      expect(put.status).toBe(200);
      expect(put.json()).toEqual({ contentType: type, bytes: bytes.length });
      const etag = put.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]+"$/);

      const got = await send('GET', logoPath());
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(type);
      expect(got.headers.get('etag')).toBe(etag);
      expect(got.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
    });
  }

  it('refuses bytes that are no image with 422 LOGO_NOT_IMAGE', async () => {
    const r = await send('PUT', logoPath(), { token: owner, body: new TextEncoder().encode('GIF89a not a png'), type: 'image/png' });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.json().code).toBe('LOGO_NOT_IMAGE');
  });

  it('refuses an image labelled as another type with 415 LOGO_TYPE', async () => {
    const r = await send('PUT', logoPath(), { token: owner, body: JPEG, type: 'image/png' });
    expect(r.status).toBe(415);
    expect(r.json().code).toBe('LOGO_TYPE');
  });

  it('refuses a type it does not take with 415 LOGO_TYPE', async () => {
    for (const type of ['image/gif', 'application/json', 'image/svg+xml']) {
      const r = await send('PUT', logoPath(), { token: owner, body: PNG, type });
      expect(r.status, type).toBe(415);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(r.json().code, type).toBe('LOGO_TYPE');
    }
  });

  it('refuses more than 200 KB with 413 LOGO_TOO_LARGE and takes exactly 200 KB', async () => {
    const big = new Uint8Array(200 * 1024 + 1);
    big.set(PNG);
    const r = await send('PUT', logoPath(), { token: owner, body: big, type: 'image/png' });
    expect(r.status).toBe(413);
    expect(r.json().code).toBe('LOGO_TOO_LARGE');
    const most = await send('PUT', logoPath(), { token: owner, body: big.subarray(0, 200 * 1024), type: 'image/png' });
    expect(most.status).toBe(200);
    expect(most.json().bytes).toBe(200 * 1024);
  });

  it('keeps it to the owner and managers of the club', async () => {
    const asDealer = await send('PUT', logoPath(), { token: dealer, body: PNG, type: 'image/png' });
    expect(asDealer.status).toBe(403);
    const asOutsider = await send('PUT', logoPath(), { token: outsider, body: PNG, type: 'image/png' });
    expect(asOutsider.status).toBe(404);
    expect(asOutsider.json().code).toBe('CLUB_NOT_FOUND');
    expect((await send('DELETE', logoPath(), { token: outsider })).status).toBe(404);
    expect((await send('DELETE', logoPath(), { token: dealer })).status).toBe(403);
    const anonymous = await send('PUT', logoPath(), { body: PNG, type: 'image/png' });
    expect(anonymous.status).toBe(401);
  });
});

describe('reading the logo', () => {
  it('answers HEAD with the headers and no body, and 304 to If-None-Match of the current version', async () => {
    const put = await send('PUT', logoPath(), { token: owner, body: PNG, type: 'image/png' });
    const etag = put.headers.get('etag') as string;

    const head = await send('HEAD', logoPath());
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.bytes.length).toBe(0);

    const fresh = await send('GET', logoPath(), { headers: { 'if-none-match': etag } });
    expect(fresh.status).toBe(304);
    expect(fresh.bytes.length).toBe(0);
    expect(fresh.headers.get('etag')).toBe(etag);

    const stale = await send('GET', logoPath(), { headers: { 'if-none-match': '"0000"' } });
    expect(stale.status).toBe(200);
    expect(stale.bytes.length).toBe(PNG.length);
  });

  it("keeps one club's logo apart from another's", async () => {
    const other = await send('GET', logoPath(otherClubId));
    expect(other.status).toBe(404);
    expect(other.json().code).toBe('LOGO_NOT_FOUND');
  });

  it('answers 404 LOGO_NOT_FOUND after DELETE', async () => {
    await send('PUT', logoPath(), { token: owner, body: WEBP, type: 'image/webp' });
    const del = await send('DELETE', logoPath(), { token: manager });
    expect(del.status).toBe(204);
    const gone = await send('GET', logoPath());
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(gone.json().code).toBe('LOGO_NOT_FOUND');
    expect((await send('HEAD', logoPath())).status).toBe(404);
    // Again: removing what is not there is not an error.
    expect((await send('DELETE', logoPath(), { token: owner })).status).toBe(204);
  });
});
