import { DEFAULT_STRUCTURES, copyStructure, validateStructure } from '../../domain/clock';
import type { AnteType, BlindStructure, ColorUp, Level } from '../../domain/clock';
import { ruleError } from '../../domain/core/errors';
import { iso } from '../platform/domain-context';
import { newId } from '../runtime/ids';
import { entities } from '../store/entities';
import { conditionRefused, readCount } from '../store/entities/items';
import { findPreset, presetKey, requireStructure, type StoredStructure } from '../store/blind-structures';
import { ConcurrentUpdate, NotFound, VersionMismatch } from '../runtime/errors';
import type { Page, PageRequest } from './page';

/** A club's blind structures (R-CLK-1, R-CLK-2); tournaments whose clock has started keep their own copy. */

/** A club's structure as staff read it. */
export interface ClubStructure {
  structureId: string;
  clubId: string;
  name: string;
  anteType: AnteType;
  levels: Level[];
  /** R-CHIP-2: empty when the structure has no colour-up. */
  colorUps: ColorUp[];
  copiedFrom?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A structure's grid as a request gives it. */
export interface StructureInput {
  name: string;
  anteType: AnteType;
  levels: BlindStructure['levels'];
  colorUps?: ColorUp[] | undefined;
}

/** The domain's grid from a request body: only the fields a structure has, labels only when given. */
function grid(id: string, clubId: string, body: StructureInput): BlindStructure {
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
    ...(body.colorUps && body.colorUps.length > 0
      ? { colorUps: body.colorUps.map((c) => ({ levelIndex: c.levelIndex, denominations: [...c.denominations] })) }
      : {}),
  };
}

const view = (s: StoredStructure): ClubStructure => ({
  structureId: s.structureId,
  clubId: s.clubId,
  name: s.name,
  anteType: s.anteType,
  levels: s.levels,
  colorUps: s.colorUps ?? [],
  ...(s.copiedFrom ? { copiedFrom: s.copiedFrom } : {}),
  version: s.version,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

/** The defaults a club can copy, each with the short key `copyOf` takes. */
export const defaultStructures = () =>
  DEFAULT_STRUCTURES.map((p) => ({
    structureId: p.structure.id,
    key: presetKey(p),
    name: p.structure.name,
    anteType: p.structure.anteType,
    levels: p.structure.levels,
    suggestedStartingStack: p.suggestedStartingStack,
  }));

export async function listStructures(clubId: string, page: PageRequest): Promise<Page<ClubStructure>> {
  const query = entities().blindStructure.query.primary({ clubId });
  const { data, cursor } = await readCount(page.limit, page.cursor, (n, at) => query.go({ limit: n, cursor: at }));
  return { items: (data as StoredStructure[]).map(view), cursor };
}

/** A new structure: the grid given, or a copy of a default (`copyOf`, optionally renamed). */
export async function createStructure(
  clubId: string,
  body: Partial<StructureInput> & { copyOf?: string | undefined },
  actorId: string,
  now: number,
): Promise<ClubStructure> {
  const structureId = newId('bs', now);
  let structure: BlindStructure;
  let copiedFrom: string | undefined;
  if (body.copyOf !== undefined) {
    const preset = findPreset(body.copyOf);
    if (!preset) {
      const keys = DEFAULT_STRUCTURES.map(presetKey).join(', ');
      throw ruleError('DEFAULT_STRUCTURE_UNKNOWN', `No default structure ${body.copyOf}`, [{ field: 'copyOf', message: `one of ${keys}` }]);
    }
    structure = copyStructure(preset.structure, { id: structureId, clubId, ...(body.name !== undefined ? { name: body.name } : {}) });
    copiedFrom = preset.structure.id;
  } else {
    // The schema makes name, anteType and levels required without copyOf.
    structure = grid(structureId, clubId, {
      name: body.name ?? '',
      anteType: body.anteType ?? 'classic',
      levels: body.levels ?? [],
      colorUps: body.colorUps,
    });
  }
  validateStructure(structure);
  const at = iso(now);
  const item: StoredStructure = {
    clubId,
    structureId,
    name: structure.name,
    anteType: structure.anteType,
    levels: structure.levels,
    ...(structure.colorUps ? { colorUps: structure.colorUps } : {}),
    ...(copiedFrom ? { copiedFrom } : {}),
    version: 1,
    createdBy: actorId,
    createdAt: at,
    updatedAt: at,
  };
  await entities().blindStructure.create(item).go();
  return view(item);
}

export async function getStructure(clubId: string, structureId: string): Promise<ClubStructure> {
  return view(await requireStructure(clubId, structureId));
}

/**
 * Replaces the grid, one version on; `expectedVersion` (If-Match) must be the current one.
 * Tournaments whose clock has started keep the copy they started with.
 */
export async function replaceStructure(
  clubId: string,
  structureId: string,
  body: StructureInput,
  expectedVersion: number | undefined,
  now: number,
): Promise<ClubStructure> {
  const current = await requireStructure(clubId, structureId);
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    throw new VersionMismatch(current.version, expectedVersion, 'structure');
  }
  const structure = validateStructure(grid(structureId, clubId, body));
  const next: StoredStructure = {
    ...current,
    name: structure.name,
    anteType: structure.anteType,
    levels: structure.levels,
    version: current.version + 1,
    updatedAt: iso(now),
  };
  if (structure.colorUps) next.colorUps = structure.colorUps;
  else delete next.colorUps;
  try {
    const patch = entities()
      .blindStructure.patch({ clubId, structureId })
      .set({
        name: next.name,
        anteType: next.anteType,
        levels: next.levels,
        version: next.version,
        updatedAt: next.updatedAt,
        ...(next.colorUps ? { colorUps: next.colorUps } : {}),
      });
    await (next.colorUps ? patch : patch.remove(['colorUps'])).where((s, { eq }) => eq(s.version, current.version)).go();
  } catch (e) {
    if (conditionRefused(e)) throw new ConcurrentUpdate('The structure changed meanwhile; read it and retry');
    throw e;
  }
  return view(next);
}

export async function deleteStructure(clubId: string, structureId: string): Promise<void> {
  try {
    // `remove`: a delete that requires the item to exist.
    await entities().blindStructure.remove({ clubId, structureId }).go();
  } catch (e) {
    if (conditionRefused(e)) throw new NotFound('BLIND_STRUCTURE_NOT_FOUND', 'No such blind structure');
    throw e;
  }
}
