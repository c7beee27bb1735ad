import { DEFAULT_STRUCTURES, STANDARD_20, copyStructure, validateStructure } from '../../domain/clock';
import type { AnteType, BlindStructure, ColorUp, Level, StructurePreset } from '../../domain/clock';
import { Conflict, NotFound } from '../runtime/errors';
import { entities } from './entities';
import { keyOf, recordOf } from './entities/items';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../runtime/prefetch';

/** A club's structure as stored: the domain's grid plus bookkeeping. Times are ISO. */
export interface StoredStructure {
  clubId: string;
  structureId: string;
  name: string;
  anteType: AnteType;
  levels: Level[];
  colorUps?: ColorUp[];
  copiedFrom?: string;
  version: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** What a tournament starts with when its settings name no structure. */
export const FALLBACK_PRESET: StructurePreset = STANDARD_20;

const DEFAULT_PREFIX = 'default-';

/** `standard-20` for `default-standard-20`: the short key clubs pass to `copyOf`. */
export const presetKey = (p: StructurePreset): string => p.structure.id.slice(DEFAULT_PREFIX.length);

/** A default by its id (`default-standard-20`) or key (`standard-20`). */
export function findPreset(idOrKey: string): StructurePreset | undefined {
  return DEFAULT_STRUCTURES.find((p) => p.structure.id === idOrKey || presetKey(p) === idOrKey);
}

export const toDomain = (s: StoredStructure): BlindStructure => ({
  id: s.structureId,
  clubId: s.clubId,
  name: s.name,
  anteType: s.anteType,
  levels: s.levels,
  ...(s.colorUps && s.colorUps.length > 0 ? { colorUps: s.colorUps } : {}),
});

/** The item key of a club's structure, for a route's prefetch. */
export const structureItemKey = (clubId: string, structureId: string): ItemKey =>
  keyOf(entities().blindStructure.get({ clubId, structureId }));

/** The club's structure, from the request's prefetch when it read it. */
export async function getStructure(
  clubId: string,
  structureId: string,
  prefetched: Prefetched = NOTHING_PREFETCHED,
): Promise<StoredStructure | undefined> {
  const item = prefetchedItem(prefetched, structureItemKey(clubId, structureId));
  // The levels were validated by the domain before every write, so the stored row is the stored structure.
  const structures = entities().blindStructure;
  const data = item !== undefined ? recordOf(structures, item) : (await structures.get({ clubId, structureId }).go()).data;
  return (data as StoredStructure | null) ?? undefined;
}

export async function requireStructure(clubId: string, structureId: string): Promise<StoredStructure> {
  const s = await getStructure(clubId, structureId);
  if (!s) throw new NotFound('BLIND_STRUCTURE_NOT_FOUND', 'No such blind structure');
  return s;
}

/**
 * The grid a tournament's clock starts with: the club's structure named in its settings, a default
 * named there, or the fallback default. A copy, so later edits of the club's grid never move a clock.
 */
export async function structureForTournament(
  clubId: string,
  blindStructureId: string | undefined,
  prefetched: Prefetched = NOTHING_PREFETCHED,
): Promise<BlindStructure> {
  if (blindStructureId === undefined) return copyStructure(FALLBACK_PRESET.structure, { id: FALLBACK_PRESET.structure.id });
  const preset = findPreset(blindStructureId);
  if (preset) return copyStructure(preset.structure, { id: preset.structure.id });
  const own = await getStructure(clubId, blindStructureId, prefetched);
  if (!own) {
    throw new Conflict(
      'BLIND_STRUCTURE_NOT_FOUND',
      `The tournament's blind structure ${blindStructureId} no longer exists; set another one`,
    );
  }
  return copyStructure(validateStructure(toDomain(own)), { id: own.structureId, clubId });
}
