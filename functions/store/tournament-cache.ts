import type { Parts } from './aggregate-codec';
import type { Manifest } from './tournament-snapshot';

/**
 * What a container keeps of a tournament it served: the decoded state at a version, and the snapshot it
 * was folded from (the next snapshot rewrites only what differs from it). A command then reads only the
 * events after the cached version: one Query of a few hundred bytes instead of the partition.
 */
export interface CachedTournament<S> {
  state: S;
  version: number;
  /** The snapshot the state was folded from (or the newest one taken since), and the log's size at it. */
  base: { state: object | undefined; parts: Parts; manifest: Manifest | undefined; logBytes: number };
  /** Stored bytes of the events folded in this process's lineage of the entry; the tail is this minus base.logBytes. */
  logBytes: number;
}

/** Tournaments kept per container; a Lambda container serves a few, the local server a few more. */
const MAX_ENTRIES = 32;

const entries = new Map<string, CachedTournament<unknown>>();
const keyOf = (clubId: string, tournamentId: string) => `${clubId}/${tournamentId}`;

export function cached<S>(clubId: string, tournamentId: string): CachedTournament<S> | undefined {
  const key = keyOf(clubId, tournamentId);
  const hit = entries.get(key);
  if (!hit) return undefined;
  // Most recently used last.
  entries.delete(key);
  entries.set(key, hit);
  return hit as CachedTournament<S>;
}

/**
 * Keeps the newer state and, separately, the newer snapshot base: a command and a snapshot of the same
 * tournament may finish in either order in one process, and neither may bring back what the other replaced.
 */
export function remember<S>(clubId: string, tournamentId: string, entry: CachedTournament<S>): void {
  const key = keyOf(clubId, tournamentId);
  const current = entries.get(key) as CachedTournament<S> | undefined;
  const newer = current && current.version > entry.version ? current : entry;
  const baseVersion = (e: CachedTournament<S>) => e.base.manifest?.v ?? -1;
  const base = current && baseVersion(current) > baseVersion(entry) ? current.base : entry.base;
  entries.delete(key);
  entries.set(key, { ...newer, base } as CachedTournament<unknown>);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

export function forgetTournaments(): void {
  entries.clear();
}
