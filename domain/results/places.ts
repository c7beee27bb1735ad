import { conflict } from '../core/errors';
import type { EntryRef } from './entry-ref';
import { activeKnockouts, type KnockoutsState } from './state';

export interface PlaceRow {
  place: number;
  playerId: string;
  /** All the player's non-void entries, first to last. */
  entryIds: string[];
  /** The entry the place comes from (R-REENTRY-6). */
  lastEntryId: string;
  /** Null for the champion. */
  eliminationNumber: number | null;
}

/**
 * R-PLC-1..3, R-KO-2, R-KO-4, R-REENTRY-6: final places from the elimination order.
 * Void entries are ignored; each player is placed once, by his last entry; the single entry
 * still in play is the champion; a later elimination ranks higher; players eliminated with the
 * same number share the best place of their block (standard competition ranking: 5, 5, 7).
 */
export function finalPlaces(state: KnockoutsState, entries: readonly EntryRef[]): PlaceRow[] {
  const counted = entries.filter((e) => e.status !== 'void');
  if (counted.length === 0) return [];
  const active = counted.filter((e) => e.status === 'active');
  if (active.length !== 1) {
    throw conflict(
      'PLACES_NOT_READY',
      active.length === 0
        ? 'No entry is in play: there is no champion'
        : `${active.length} entries are still in play: record the eliminations first (R-PLC-1)`,
    );
  }

  const byPlayer = new Map<string, EntryRef[]>();
  for (const e of counted) {
    const own = byPlayer.get(e.playerId);
    if (own) own.push(e);
    else byPlayer.set(e.playerId, [e]);
  }
  // The record holding each entry busted, found once for the table rather than once per player.
  const bustedBy = new Map(activeKnockouts(state).map((k) => [k.bustedEntryId, k]));

  const ranked = [...byPlayer].map(([playerId, own]) => {
    const sorted = own.slice().sort((a, b) => a.number - b.number || a.createdAt - b.createdAt);
    // A re-entry follows a bust (R-REENTRY-1), so an entry in play is always the last one.
    const last = sorted.find((e) => e.status === 'active') ?? (sorted[sorted.length - 1] as EntryRef);
    let eliminationNumber: number | null = null;
    if (last.status !== 'active') {
      const ko = bustedBy.get(last.id);
      if (!ko) throw conflict('ELIMINATION_NOT_RECORDED', `Entry ${last.id} is busted without a knockout record`);
      eliminationNumber = ko.eliminationNumber;
    }
    return { playerId, entryIds: sorted.map((e) => e.id), lastEntryId: last.id, eliminationNumber };
  });

  // The champion outranks everyone; otherwise the higher (later) number ranks higher.
  const key = (n: number | null): number => n ?? Number.POSITIVE_INFINITY;
  ranked.sort((a, b) => key(b.eliminationNumber) - key(a.eliminationNumber) || cmp(a.playerId, b.playerId));

  const rows: PlaceRow[] = [];
  ranked.forEach((r, i) => {
    const prev = rows[i - 1];
    const place = prev && prev.eliminationNumber === r.eliminationNumber ? prev.place : i + 1;
    rows.push({ place, ...r });
  });
  return rows;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
