import { defineRoute } from '../platform/route';
import { iso } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { newId } from '../platform/ids';
import { formatApiKey, hashSecret, newApiKeySecret } from '../platform/api-keys';
import { openCursor, sealCursor } from '../platform/cursor';
import { entities } from '../store/entities';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { ApiKey, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from '../../schemas/clubs';
import { club } from '../platform/authorization';

const TAGS = ['API keys'];

const publicView = <T extends { secretHash?: string }>(k: T) => {
  const { secretHash: _h, ...rest } = k;
  return rest;
};

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
    const { data, cursor } = await entities()
      .apiKey.query.primary({ clubId: req.params.clubId })
      .go({ limit: req.query.limit ?? 50, cursor: openCursor(req.query.cursor, scope) ?? null });
    return { status: 200, body: { items: data.map(publicView), nextCursor: sealCursor(cursor, scope) } };
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
  handle: async (req) => {
    const { clubId } = req.params;
    const keyId = newId('key', req.now);
    const secret = newApiKeySecret();
    const record = {
      clubId,
      keyId,
      name: req.body.name,
      role: req.body.role,
      secretHash: hashSecret(secret),
      createdBy: req.club!.actorId,
      createdAt: iso(req.now),
    };
    await entities().apiKey.create(record).go();
    return { status: 201, body: { ...publicView(record), key: formatApiKey(clubId, keyId, secret) } };
  },
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
    const { clubId, keyId } = req.params;
    const { data } = await entities().apiKey.get({ clubId, keyId }).go();
    if (!data) throw problem(404, 'API_KEY_NOT_FOUND', 'No such key');
    if (!data.revokedAt) {
      await entities()
        .apiKey.patch({ clubId, keyId })
        .set({ revokedAt: iso(req.now), revokedBy: req.club!.actorId })
        .go();
    }
    return { status: 204 };
  },
});

export const apiKeyRoutes = [listApiKeysRoute, createApiKeyRoute, revokeApiKeyRoute];
