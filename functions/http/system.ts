import { readFile } from 'node:fs/promises';
import { defineRoute } from '../platform/route';
import { Health } from '../../schemas/common';
import { DOCS_BUNDLE_PATH, DOCS_CSP, docsBundle, renderDocs } from './docs-page';

export type OpenApiDocument = Parameters<typeof renderDocs>[0];

/**
 * Where the contract comes from. A Lambda bundle carries it as `openapi.json` beside its code (written
 * at bundling time by scripts/export-openapi.ts, see infra/bundling.ts), so neither the route table
 * nor the OpenAPI generator is in any function; a process holding the whole API (the local server,
 * the tests) builds it itself through `describeContract`.
 */
let source: () => OpenApiDocument | Promise<OpenApiDocument> = async () =>
  JSON.parse(await readFile(new URL('./openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
let doc: Promise<OpenApiDocument> | undefined;

/** Builds the contract in this process instead of reading the bundled file (functions/http/api.ts). */
export function describeContract(build: () => OpenApiDocument | Promise<OpenApiDocument>): void {
  source = build;
  doc = undefined;
}

const openApi = (): Promise<OpenApiDocument> =>
  (doc ??= Promise.resolve()
    .then(source)
    .catch((e: unknown) => {
      doc = undefined;
      throw e;
    }));

export const healthRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getHealth',
  access: { kind: 'public' },
  ignoresBody: true,
  method: 'GET',
  path: '/health',
  summary: 'Liveness',
  tags: ['System'],
  responses: { 200: { description: 'Alive', schema: Health } },
  handle: async () => ({ status: 200, body: { status: 'ok' } }),
});

export const openApiRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getOpenApi',
  access: { kind: 'public' },
  ignoresBody: true,
  method: 'GET',
  path: '/openapi.json',
  summary: 'The OpenAPI 3.1 contract of this API',
  tags: ['System'],
  responses: { 200: { description: 'OpenAPI document', contentType: 'application/json' } },
  handle: async () => ({ status: 200, body: await openApi(), headers: { 'cache-control': 'public, max-age=300' } }),
});

export const docsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDocs',
  access: { kind: 'public' },
  ignoresBody: true,
  method: 'GET',
  path: '/docs',
  summary: 'A rendered reference of the API (works offline)',
  tags: ['System'],
  responses: { 200: { description: 'HTML page that renders the embedded contract', contentType: 'text/html' } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: renderDocs(await openApi()),
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DOCS_CSP },
  }),
});

export const docsBundleRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDocsBundle',
  access: { kind: 'public' },
  ignoresBody: true,
  method: 'GET',
  path: DOCS_BUNDLE_PATH,
  summary: 'The renderer script of the reference page (Redoc)',
  tags: ['System'],
  responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: docsBundle(),
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  }),
});

export const systemRoutes = [healthRoute, openApiRoute, docsRoute, docsBundleRoute];
