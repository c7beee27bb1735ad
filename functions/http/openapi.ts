import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Problem } from '../../schemas/common';
import { accessOf } from '../platform/authorization';
import { PROBLEM_CONTENT_TYPE } from '../platform/problem';
import type { Route } from '../platform/route';

const problemAnswer = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } } });

/** Problem answers every route may give, from what it takes and who may call it. */
function problemsOf(route: Route): Record<number, ReturnType<typeof problemAnswer>> {
  const access = accessOf(route.operationId);
  const out: Record<number, ReturnType<typeof problemAnswer>> = {};
  if (route.body || route.params || route.query) out[400] = problemAnswer('Malformed JSON or invalid input (per-field errors)');
  if (access.kind !== 'public') {
    out[401] = problemAnswer('Missing, invalid or expired credentials');
    out[403] = problemAnswer('The role may not call this route, or the account or club is suspended');
  }
  if (access.kind === 'club' || route.params) out[404] = problemAnswer('Unknown resource, or one of another club');
  if (route.body) {
    out[413] = problemAnswer('Body too large');
    out[415] = problemAnswer('Body is not JSON');
  }
  for (const s of route.problems ?? []) {
    out[s] = problemAnswer(s === 409 ? 'Conflicts with the current state' : s === 410 ? 'The account was deleted at its owner\'s request' : 'A rule refuses it');
  }
  if (route.method === 'POST') out[422] ??= problemAnswer('Idempotency-Key reused with another body, or a rule refuses it');
  if (route.body) out[422] ??= problemAnswer('Text with control, bidirectional or unpaired-surrogate characters (INVALID_CHARACTERS)');
  return out;
}

const security = (route: Route): Record<string, string[]>[] => {
  const a = accessOf(route.operationId);
  if (a.kind === 'public') return [];
  // A public view (the running clock) may be read without credentials too.
  if (a.kind === 'club' && a.apiKeys) return [...(a.publicView ? [{}] : []), { bearer: [] }, { apiKey: [] }];
  return [{ bearer: [] }];
};

/** The OpenAPI 3.1 contract, generated from the routes and their zod schemas. */
export function buildOpenApi(routes: readonly Route[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  for (const route of routes) {
    const access = accessOf(route.operationId);
    const roles = access.kind === 'club' ? ` Roles: ${access.roles.join(', ')}${access.apiKeys ? '' : ' (users only)'}.` : ` Access: ${access.kind}.`;
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: `${route.summary}.${roles}`,
      tags: route.tags,
      security: security(route),
      request: {
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(route.body ? { body: { content: { 'application/json': { schema: route.body } }, required: true } } : {}),
      },
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, r]) => [
            status,
            r.schema ? { description: r.description, content: { 'application/json': { schema: r.schema } } } : { description: r.description },
          ]),
        ),
        ...problemsOf(route),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Sport Poker API',
      version: '1.0.0',
      description:
        'Tournaments of sport poker for clubs: chips are points, prizes are never money, fees are organisational fees collected at the desk. ' +
        'Errors are application/problem+json (RFC 9457) with a stable `code`. POSTs accept an `Idempotency-Key` header.',
    },
    servers: [{ url: '/' }],
  });
}
