import type { Context } from '../../../domain/core/context';
import { seededRandom } from '../../../domain/core/random';
import type { FinishedTournament } from '../../../domain/season';

export const T0 = Date.UTC(2025, 5, 1, 18);
export const DAY = 86_400_000;

export function makeCtx(now = T0, seed = 7): Context {
  let n = 0;
  return { now, actor: { id: 'user-manager', role: 'manager' }, rng: seededRandom(seed), newId: (p) => `${p}-${++n}` };
}

/** A finish with players ranked in the given order (first = winner), one entry each, no knockouts. */
export function finishOf(
  tournamentId: string,
  playerIds: readonly string[],
  finishedAt = T0,
  extra: Partial<FinishedTournament> = {},
): FinishedTournament {
  return {
    tournamentId,
    clubId: 'club-1',
    finishedAt,
    entries: playerIds.length,
    paidPlaces: Math.max(1, Math.round(playerIds.length / 10)),
    rows: playerIds.map((playerId, i) => ({ playerId, place: i + 1, entries: 1, knockouts: 0 })),
    ...extra,
  };
}
