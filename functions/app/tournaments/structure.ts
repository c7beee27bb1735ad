import { initialTimer } from '../../../domain/clock';
import type { BlindStructure } from '../../../domain/clock';
import { ruleError } from '../../../domain/core/errors';
import { Conflict } from '../../runtime/errors';
import { structureForTournament, structureItemKey } from '../../store/blind-structures';
import type { ItemKey } from '../../runtime/prefetch';
import type { StoredTournament } from '../../store/tournament-store';
import type { Prefetched } from '../../runtime/prefetch';

/*
 * R-LIFE-2: the blind structure is part of the frozen settings. The grid the settings name is copied
 * into the tournament when it is announced (and again when an edit names a structure while it is
 * still announced); the clock starts on that copy, so later edits of the club's grid never reach it.
 */

/** The club's grid a command names, for the route to read with the authorization (its prefetch). */
export const structureRead = (clubId: string, structureId: string): ItemKey => structureItemKey(clubId, structureId);

/** The grid to freeze; a structure the club does not have is a 422 on the settings field. */
export async function structureToFreeze(
  clubId: string,
  blindStructureId: string | undefined,
  prefetched?: Prefetched,
): Promise<BlindStructure> {
  try {
    return await structureForTournament(clubId, blindStructureId, prefetched);
  } catch (e) {
    if (e instanceof Conflict && e.code === 'BLIND_STRUCTURE_NOT_FOUND') {
      throw ruleError('BLIND_STRUCTURE_NOT_FOUND', `The club has no blind structure ${blindStructureId}`, [
        { field: 'blindStructureId', message: 'no such blind structure in this club or among the defaults' },
      ]);
    }
    throw e;
  }
}

/** The tournament with its structure frozen: a clock not yet started on the copy. */
export const withFrozenStructure = <T extends StoredTournament>(state: T, structure: BlindStructure): T => ({
  ...state,
  clock: { timer: initialTimer(), structure },
});

/** Tournaments announced before the copy was made at announcement get it when registration opens. */
export async function freezeIfMissing<T extends StoredTournament>(state: T): Promise<T> {
  if (state.clock) return state;
  return withFrozenStructure(state, await structureForTournament(state.clubId, state.settings.blindStructureId));
}
