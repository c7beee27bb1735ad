import type { StandingRow } from '../../../domain/season';
import { entities } from '../../store/entities';
import { batchGet } from '../../store/entities/items';
import { clubBadgeOf } from '../club-badge';
import { getLeagueAs } from './leagues';
import { leagueStandingsPage } from './league-standings';

/*
 * The league table as the screen in the room shows it: the top rows in ranking order with the players'
 * display names. A name the operator hid is not shown to the public (R-MOD-1); an erased player's
 * profile already carries the erased name (R-PD-1).
 */

export interface LeagueBoardRow {
  place: number | null;
  /** Null where the viewer may not see the name (or the profile is missing). */
  name: string | null;
  points: number;
  played: number;
  wins: number;
  qualified: boolean;
}

export interface LeagueBoardView {
  leagueId: string;
  name: string;
  clubName: string | null;
  clubLogo: string | null;
  rows: LeagueBoardRow[];
  /** More rows follow these. */
  more: boolean;
}

async function displayNames(rows: readonly StandingRow[], publicView: boolean): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.playerId))];
  const profiles =
    ids.length > 0
      ? await batchGet(
          ids.map((userId) => ({ userId })),
          (keys) =>
            entities()
              .player.get(keys)
              .go({ attributes: ['userId', 'displayName', 'displayNameHiddenReason'], unprocessed: 'item' }),
        )
      : [];
  const names = new Map<string, string>();
  for (const p of profiles) if (!(publicView && p.displayNameHiddenReason !== undefined)) names.set(p.userId, p.displayName);
  return names;
}

/**
 * The first `limit` rows of the league's table, named; an unknown league is 404 LEAGUE_NOT_FOUND, and so
 * is, for the public, one whose name is held for review (R-MONEY-2).
 */
export async function leagueBoard(
  clubId: string,
  leagueId: string,
  opts: { limit: number; publicView: boolean; now: number },
): Promise<LeagueBoardView> {
  const [league, page, club] = await Promise.all([
    getLeagueAs(clubId, leagueId, opts.publicView),
    // One row past the limit says whether the table goes on (a cursor may come back with nothing after it).
    leagueStandingsPage({ clubId, leagueId }, opts.limit + 1, null),
    clubBadgeOf(clubId, opts.now),
  ]);
  const top = page.rows.slice(0, opts.limit);
  const names = await displayNames(top, opts.publicView);
  return {
    leagueId,
    name: league.name,
    clubName: club.name,
    clubLogo: club.logo,
    rows: top.map((r) => ({
      place: r.place,
      name: names.get(r.playerId) ?? null,
      points: r.points,
      played: r.played,
      wins: r.wins,
      qualified: r.qualified,
    })),
    more: page.rows.length > opts.limit,
  };
}
