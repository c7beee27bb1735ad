import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('the reference page /docs', () => {
  it('embeds the contract and loads its renderer from this API only', async () => {
    const page = await api.call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.body as string;
    // No script, style, font or link from another host: every absolute URL would be one.
    expect(html.match(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/gi) ?? []).toEqual([]);
    expect(html).toContain('<script src="/docs/redoc.standalone.js"></script>');
    // The renderer's own credit logo would come from its vendor's CDN: the policy allows this API only.
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*img-src 'self' data:/);
    expect(html).toContain('http-equiv="Content-Security-Policy"');

    const embedded = /<script id="openapi" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    const served = (await api.call('GET', '/openapi.json')).body;
    expect(JSON.parse(embedded ?? 'null')).toEqual(served);
    // The page shows the contract, not its source: no raw $ref text or markdown backticks outside the data.
    expect(html.replace(embedded ?? '', '')).not.toMatch(/\$ref|`/);
  });

  it('serves the renderer script it points to', async () => {
    const js = await api.call('GET', '/docs/redoc.standalone.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toContain('max-age');
    expect(String(js.body)).toContain('Redoc');
    expect(String(js.body).length).toBeGreaterThan(500_000);
  });

  it('publishes examples of the main request bodies', async () => {
    const doc = (await api.call('GET', '/openapi.json')).body;
    for (const name of ['CreateTournament', 'RegisterPlayer', 'RecordKnockout', 'CreateEntry', 'Settle']) {
      expect(doc.components.schemas[name]?.example, name).toBeDefined();
    }
  });
});
