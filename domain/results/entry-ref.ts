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

/** Entries by id. */
export interface EntryLookup {
  get(id: string): EntryRef | undefined;
}

/** A list is indexed; a lookup (the floor's, over its own entries map) is used as it is. */
export function indexEntries(entries: readonly EntryRef[] | EntryLookup): EntryLookup {
  return Array.isArray(entries) ? new Map((entries as readonly EntryRef[]).map((e) => [e.id, e])) : (entries as EntryLookup);
}
