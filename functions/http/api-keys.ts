import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { createApiKey, listApiKeys, revokeApiKey } from '../app/api-keys';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { ApiKey, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from '../../schemas/clubs';
import { club } from '../platform/authorization';

const TAGS = ['API keys'];

export const listApiKeysRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listApiKeys',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'GET',
  path: '/v1/clubs/{clubId}/api-keys',
  summary: "List the club's API keys (never their secrets)",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery,
  responses: { 200: { description: 'A page of keys', schema: page(ApiKey) } },
  handle: async (req) => {
    const scope = `api-keys:${req.params.clubId}`;
    const { items, cursor } = await listApiKeys(req.params.clubId, {
      limit: req.query.limit ?? 50,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const createApiKeyRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createApiKey',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'POST',
  path: '/v1/clubs/{clubId}/api-keys',
  summary: 'Create an API key scoped to this club and one role; the key is shown once',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateApiKeyBody,
  responses: { 201: { description: 'The key, with its secret', schema: CreatedApiKey } },
  // The secret must not sit in an idempotency record; a retried create makes a new key (revoke the lost one).
  idempotent: false,
  handle: async (req) => ({ status: 201, body: await createApiKey(req.params.clubId, req.body, req.club!.actorId, req.now) }),
});

export const revokeApiKeyRoute = /* @__PURE__ */ defineRoute({
  operationId: 'revokeApiKey',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/api-keys/{keyId}',
  summary: 'Revoke an API key (kept for the audit, refused from now on)',
  tags: TAGS,
  params: ApiKeyParams,
  responses: { 204: { description: 'Revoked' } },
  handle: async (req) => {
    await revokeApiKey(req.params.clubId, req.params.keyId, req.club!.actorId, req.now);
    return { status: 204 };
  },
});

export const apiKeyRoutes = [listApiKeysRoute, createApiKeyRoute, revokeApiKeyRoute];
