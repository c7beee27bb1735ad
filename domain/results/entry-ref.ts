/**
 * The little this module needs to know about an entry. Entries belong to the tournament
 * aggregate; results read them and tell the caller which ones to bust or revive.
 */
export type EntryStatus = 'active' | 'busted' | 'void';

export interface EntryRef {
  id: string;
  playerId: string;
  /** 1 = the first entry, 2.. = re-entries of the same player. */
  number: number;
  status: EntryStatus;
  createdAt: number;
}

export function indexEntries(entries: readonly EntryRef[]): Map<string, EntryRef> {
  return new Map(entries.map((e) => [e.id, e]));
}
