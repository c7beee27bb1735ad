import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import { openCursor, sealCursor } from '../platform/cursor';
import {
  createStructure,
  defaultStructures,
  deleteStructure,
  getStructure,
  listStructures,
  replaceStructure,
} from '../app/blind-structures';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { BlindStructure, CreateStructureBody, DefaultStructures, StructureBody, StructureParams } from '../../schemas/clock';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Blind structures'];

/** `If-Match: 3` or `If-Match: "3"`: the structure version the client last saw (none: no check). */
function ifMatch(req: RouteRequest<unknown, unknown, unknown>): number | undefined {
  const h = req.headers['if-match'];
  if (h === undefined) return undefined;
  const expected = Number(h.replace(/^W\//, '').replaceAll('"', ''));
  if (!Number.isInteger(expected)) throw problem(400, 'VALIDATION_FAILED', 'If-Match must be a structure version');
  return expected;
}

export const getDefaultStructuresRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDefaultBlindStructures',
  access: { kind: 'public' },
  method: 'GET',
  path: '/v1/blind-structures/defaults',
  summary: 'The default blind structures a club can copy (R-CLK-1)',
  tags: TAGS,
  responses: { 200: { description: 'The defaults', schema: DefaultStructures } },
  handle: async () => ({
    status: 200,
    body: { items: defaultStructures() },
    headers: { 'cache-control': 'public, max-age=3600' },
  }),
});

export const listStructuresRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listBlindStructures',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/blind-structures',
  summary: "The club's blind structures",
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery,
  responses: { 200: { description: 'A page of structures', schema: page(BlindStructure) } },
  handle: async (req) => {
    const scope = `blind-structures:${req.params.clubId}`;
    const { items, cursor } = await listStructures(req.params.clubId, {
      limit: req.query.limit ?? 50,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const createStructureRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createBlindStructure',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'POST',
  path: '/v1/clubs/{clubId}/blind-structures',
  summary: 'Create a blind structure, or copy a default one with `copyOf` (R-CLK-1, R-CLK-2)',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateStructureBody,
  responses: { 201: { description: 'The structure', schema: BlindStructure } },
  problems: [422],
  handle: async (req) => {
    const { clubId } = req.params;
    const structure = await createStructure(clubId, req.body, req.club!.actorId, req.now);
    return { status: 201, body: structure, headers: { location: `/v1/clubs/${clubId}/blind-structures/${structure.structureId}` } };
  },
});

export const getStructureRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getBlindStructure',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/blind-structures/{structureId}',
  summary: 'Read a blind structure',
  tags: TAGS,
  params: StructureParams,
  responses: { 200: { description: 'The structure', schema: BlindStructure } },
  handle: async (req) => ({ status: 200, body: await getStructure(req.params.clubId, req.params.structureId) }),
});

export const updateStructureRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updateBlindStructure',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PUT',
  path: '/v1/clubs/{clubId}/blind-structures/{structureId}',
  summary: 'Replace a blind structure (tournaments whose clock has started keep the copy they started with)',
  tags: TAGS,
  params: StructureParams,
  body: StructureBody,
  responses: { 200: { description: 'The structure', schema: BlindStructure } },
  problems: [409, 422],
  handle: async (req) => {
    const { clubId, structureId } = req.params;
    const next = await replaceStructure(clubId, structureId, req.body, ifMatch(req), req.now);
    return { status: 200, body: next, headers: { etag: `"${next.version}"` } };
  },
});

export const deleteStructureRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteBlindStructure',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/blind-structures/{structureId}',
  summary: 'Delete a blind structure (running clocks keep their copy)',
  tags: TAGS,
  params: StructureParams,
  responses: { 204: { description: 'Deleted' } },
  handle: async (req) => {
    await deleteStructure(req.params.clubId, req.params.structureId);
    return { status: 204 };
  },
});

export const blindStructureRoutes = [
  getDefaultStructuresRoute,
  listStructuresRoute,
  createStructureRoute,
  getStructureRoute,
  updateStructureRoute,
  deleteStructureRoute,
];
