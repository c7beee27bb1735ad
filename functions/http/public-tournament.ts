import type { FloorTournament } from '../../domain/floor/aggregate';
import { tournamentHidden } from '../../domain/moderation/content';
import { findTournamentState } from '../app/tournaments/queries';
import { problem } from '../platform/problem';
import type { RouteRequest } from '../platform/route';

/**
 * The tournament behind the running clock's public views (the clock, its screen, the seating board):
 * staff read it exactly and always; outsiders see a running tournament only, a moment stale at half
 * the price, and learn nothing of the others (the club routes' 404).
 */
export async function publicRunningTournament(
  req: RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>,
): Promise<FloorTournament> {
  const { clubId, tournamentId } = req.params;
  const state = await findTournamentState(clubId, tournamentId, { consistent: req.club !== undefined });
  if (!req.club && (state?.status !== 'running' || tournamentHidden(state.contentModeration))) {
    throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
  }
  if (!state) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
  return state;
}

/**
 * The ETag of a running tournament's view that screens poll (the clock, the seating board): the version,
 * and in a public answer (a screen's) the club's logo beside it, `"<version>.<logo>"`, so that a logo
 * uploaded or removed in the middle of a level is a change the screen's next poll sees. An answer to staff
 * names the version alone, which If-Match takes.
 */
export function tournamentViewEtag(version: number, logo: string | null, publicView: boolean): string {
  return publicView && logo ? `"${version}.${logo}"` : `"${version}"`;
}
