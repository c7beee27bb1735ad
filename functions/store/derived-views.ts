import type { FloorTournament } from '../../domain/floor/aggregate';
import { currentFieldViews, fieldViews, nextFieldViews, type ChangedIds } from '../../domain/floor/field-views';
import type { Patch } from './state-patch';

/*
 * The fold's half of the field's figures: an event's patch names the records it changed, so the figures
 * follow the event in time proportional to the change (the command's path and a reader's fold alike).
 */

const VIEWED_MAPS = new Set(['registrations', 'entries', 'fees', 'chipCounts']);

/** The records of the viewed maps a patch changed, by map ('all' where it replaced a whole map or the state). */
function changedIds(patch: Patch): ChangedIds {
  const out: Record<string, string[] | 'all'> = {};
  for (const [, path] of patch) {
    const map = path[0];
    if (map === undefined) return { entries: 'all' };
    if (!VIEWED_MAPS.has(map)) continue;
    const id = path[1];
    if (id === undefined) out[map] = 'all';
    else if (out[map] !== 'all') ((out[map] as string[] | undefined) ?? (out[map] = [])).push(id);
  }
  return out as ChangedIds;
}

/**
 * The field's figures (domain/floor/field-views.ts) carried from `before` with what `patch` changed, or
 * computed over the field when there is nothing to carry them from (a snapshot, the first event).
 */
export function viewsOf(state: FloorTournament, before: FloorTournament | undefined, patch: Patch | undefined) {
  if (!before || !patch) return fieldViews(state);
  return nextFieldViews(currentFieldViews(before), before, state, changedIds(patch));
}
