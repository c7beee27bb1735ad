import { defineRoute, type Route } from '../platform/route';
import { Health } from '../../schemas/common';
import { buildOpenApi } from './openapi';
import { renderDocs } from './docs-page';

let doc: ReturnType<typeof buildOpenApi> | undefined;
let routesForDoc: () => readonly Route[] = () => [];

/** The contract is built from the whole route table, which the API module hands in. */
export function describeRoutes(all: () => readonly Route[]): void {
  routesForDoc = all;
  doc = undefined;
}

const openApi = () => (doc ??= buildOpenApi(routesForDoc()));

export const healthRoute = defineRoute({
  operationId: 'getHealth',
  method: 'GET',
  path: '/health',
  summary: 'Liveness',
  tags: ['System'],
  responses: { 200: { description: 'Alive', schema: Health } },
  handle: async () => ({ status: 200, body: { status: 'ok' } }),
});

export const openApiRoute = defineRoute({
  operationId: 'getOpenApi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'The OpenAPI 3.1 contract of this API',
  tags: ['System'],
  responses: { 200: { description: 'OpenAPI document' } },
  handle: async () => ({ status: 200, body: openApi(), headers: { 'cache-control': 'public, max-age=300' } }),
});

export const docsRoute = defineRoute({
  operationId: 'getDocs',
  method: 'GET',
  path: '/docs',
  summary: 'A rendered reference of the API (works offline)',
  tags: ['System'],
  responses: { 200: { description: 'HTML' } },
  handle: async () => ({
    status: 200,
    raw: true,
    body: renderDocs(openApi() as Parameters<typeof renderDocs>[0]),
    headers: { 'content-type': 'text/html; charset=utf-8' },
  }),
});

export const systemRoutes = [healthRoute, openApiRoute, docsRoute];
