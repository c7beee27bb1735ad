import type { FloorTournament } from '../../../domain/floor/aggregate';
import { countingLeagues, finishOf } from './league-standings';
import { ratingOptIn } from './rating';

/**
 * R-LEAGUE-4, R-RATE-1: a finishing state with what the season makes of it recorded: the club's leagues
 * that count it (with their rules) and the club's rating choice, read by the finish command itself (one
 * step, both reads together). The stream's projection of the finish then starts with the standings' and
 * ratings' own reads (docs/decisions.md). Any other state is answered as it is.
 */
export async function withSeasonAtFinish<T extends FloorTournament>(t: T): Promise<T> {
  if (!finishOf(t)) return t;
  const [leagues, optIn] = await Promise.all([countingLeagues(t), ratingOptIn(t.clubId)]);
  return { ...t, countingLeagues: leagues, ratingOptIn: optIn };
}
