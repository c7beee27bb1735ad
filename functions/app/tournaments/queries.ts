import type { FloorTournament } from '../../../domain/floor/aggregate';
import type { TournamentStatus } from '../../../domain/tournaments';
import { entities } from '../../store/entities';
import { loadTournament, requireTournament } from '../../store/tournament-store';

/**
 * The reads of a club's tournaments for the views that show them. A tournament that is not there is the
 * typed NotFound `TOURNAMENT_NOT_FOUND`; the routes decide what an outsider may learn of one.
 */

/** Eventually consistent reads cost half and may lag a write by a second: for public, polled views. */
export interface ReadOptions {
  consistent?: boolean;
}

export async function tournamentState(clubId: string, tournamentId: string, opts: ReadOptions = {}): Promise<FloorTournament> {
  return (await requireTournament(clubId, tournamentId, opts)).state;
}

export async function findTournamentState(
  clubId: string,
  tournamentId: string,
  opts: ReadOptions = {},
): Promise<FloorTournament | undefined> {
  return (await loadTournament(clubId, tournamentId, opts))?.state;
}

export interface TournamentListing {
  tournamentId: string;
  clubId: string;
  name: string;
  status: TournamentStatus;
  startAt: string;
  city?: string;
}

/** A page of the club's tournaments by start time, from `from` on; the cursor is the index's, for the route to seal. */
export async function clubTournaments(
  clubId: string,
  page: { from?: string | undefined; limit: number; cursor: string | null },
): Promise<{ items: TournamentListing[]; cursor: string | null }> {
  const index = entities().tournament.query.byClub({ clubId });
  const { data, cursor } = await (page.from ? index.gte({ startsAt: page.from }) : index).go({ limit: page.limit, cursor: page.cursor });
  const items = data.map((t) => ({
    tournamentId: t.tournamentId,
    clubId: t.clubId,
    name: t.name,
    status: t.status as TournamentStatus,
    startAt: t.startsAt,
    ...(t.city ? { city: t.city } : {}),
  }));
  return { items, cursor };
}
