import { DEFAULT_STRUCTURES, copyStructure, validateStructure } from '../../domain/clock';
import type { BlindStructure as DomainStructure } from '../../domain/clock';
import { ruleError } from '../../domain/core/errors';
import { defineRoute } from '../platform/route';
import { iso } from '../platform/domain-context';
import { newId } from '../platform/ids';
import { problem } from '../platform/problem';
import { openCursor, sealCursor } from '../platform/cursor';
import { entities } from '../store/entities';
import { conditionRefused, readCount } from '../store/entities/items';
import { findPreset, presetKey, requireStructure } from '../store/blind-structures';
import type { StoredStructure } from '../store/blind-structures';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { BlindStructure, CreateStructureBody, DefaultStructures, StructureBody, StructureParams } from '../../schemas/clock';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Blind structures'];

/** The domain's grid from a request body: only the fields a structure has, labels only when given. */
function grid(
  id: string,
  clubId: string,
  body: { name: string; anteType: DomainStructure['anteType']; levels: DomainStructure['levels'] },
): DomainStructure {
  return {
    id,
    clubId,
    name: body.name,
    anteType: body.anteType,
    levels: body.levels.map((l) => ({
      smallBlind: l.smallBlind,
      bigBlind: l.bigBlind,
      ante: l.ante,
      durationSec: l.durationSec,
      isBreak: l.isBreak,
      ...(l.label !== undefined ? { label: l.label } : {}),
    })),
  };
}

const view = (s: StoredStructure) => ({
  structureId: s.structureId,
  clubId: s.clubId,
  name: s.name,
  anteType: s.anteType,
  levels: s.levels,
  ...(s.copiedFrom ? { copiedFrom: s.copiedFrom } : {}),
  version: s.version,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

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
    body: {
      items: DEFAULT_STRUCTURES.map((p) => ({
        structureId: p.structure.id,
        key: presetKey(p),
        name: p.structure.name,
        anteType: p.structure.anteType,
        levels: p.structure.levels,
        suggestedStartingStack: p.suggestedStartingStack,
      })),
    },
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
    const query = entities().blindStructure.query.primary({ clubId: req.params.clubId });
    const { data, cursor } = await readCount(req.query.limit ?? 50, openCursor(req.query.cursor, scope) ?? null, (n, at) =>
      query.go({ limit: n, cursor: at }),
    );
    return { status: 200, body: { items: (data as StoredStructure[]).map(view), nextCursor: sealCursor(cursor, scope) } };
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
    const structureId = newId('bs', req.now);
    let structure: DomainStructure;
    let copiedFrom: string | undefined;
    const body = req.body;
    if (body.copyOf !== undefined) {
      const preset = findPreset(body.copyOf);
      if (!preset) {
        const keys = DEFAULT_STRUCTURES.map(presetKey).join(', ');
        throw ruleError('DEFAULT_STRUCTURE_UNKNOWN', `No default structure ${body.copyOf}`, [
          { field: 'copyOf', message: `one of ${keys}` },
        ]);
      }
      structure = copyStructure(preset.structure, { id: structureId, clubId, ...(body.name !== undefined ? { name: body.name } : {}) });
      copiedFrom = preset.structure.id;
    } else {
      // The schema makes name, anteType and levels required without copyOf.
      structure = grid(structureId, clubId, { name: body.name ?? '', anteType: body.anteType ?? 'classic', levels: body.levels ?? [] });
    }
    validateStructure(structure);
    const at = iso(req.now);
    const item: StoredStructure = {
      clubId,
      structureId,
      name: structure.name,
      anteType: structure.anteType,
      levels: structure.levels,
      ...(copiedFrom ? { copiedFrom } : {}),
      version: 1,
      createdBy: req.club!.actorId,
      createdAt: at,
      updatedAt: at,
    };
    await entities().blindStructure.create(item).go();
    return { status: 201, body: view(item), headers: { location: `/v1/clubs/${clubId}/blind-structures/${structureId}` } };
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
  handle: async (req) => ({ status: 200, body: view(await requireStructure(req.params.clubId, req.params.structureId)) }),
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
    const current = await requireStructure(clubId, structureId);
    const h = req.headers['if-match'];
    const expected = h === undefined ? current.version : Number(h.replace(/^W\//, '').replaceAll('"', ''));
    if (!Number.isInteger(expected)) throw problem(400, 'VALIDATION_FAILED', 'If-Match must be a structure version');
    if (expected !== current.version)
      throw problem(409, 'VERSION_MISMATCH', `The structure is at version ${current.version}, not ${expected}`);
    const structure = validateStructure(grid(structureId, clubId, req.body));
    const next: StoredStructure = {
      ...current,
      name: structure.name,
      anteType: structure.anteType,
      levels: structure.levels,
      version: current.version + 1,
      updatedAt: iso(req.now),
    };
    try {
      await entities()
        .blindStructure.patch({ clubId, structureId })
        .set({ name: next.name, anteType: next.anteType, levels: next.levels, version: next.version, updatedAt: next.updatedAt })
        .where((s, { eq }) => eq(s.version, current.version))
        .go();
    } catch (e) {
      if (conditionRefused(e)) throw problem(409, 'CONCURRENT_UPDATE', 'The structure changed meanwhile; read it and retry');
      throw e;
    }
    return { status: 200, body: view(next), headers: { etag: `"${next.version}"` } };
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
    const { clubId, structureId } = req.params;
    try {
      // `remove`: a delete that requires the item to exist.
      await entities().blindStructure.remove({ clubId, structureId }).go();
    } catch (e) {
      if (conditionRefused(e)) throw problem(404, 'BLIND_STRUCTURE_NOT_FOUND', 'No such blind structure');
      throw e;
    }
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
