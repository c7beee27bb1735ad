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
  base: { state: object | undefined; parts: Parts; manifest: Manifest | undefined; legacy: boolean };
  /** Stored bytes of the events after the snapshot. */
  tailBytes: number;
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

/** Keeps the newer of what is cached and `entry` (concurrent requests in one process may finish out of order). */
export function remember<S>(clubId: string, tournamentId: string, entry: CachedTournament<S>): void {
  const key = keyOf(clubId, tournamentId);
  const current = entries.get(key);
  if (current && current.version > entry.version) return;
  entries.delete(key);
  entries.set(key, entry as CachedTournament<unknown>);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

export function forgetTournaments(): void {
  entries.clear();
}
