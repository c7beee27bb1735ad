import { ordinal, rate, rating, type Options, type Rating } from 'openskill';
import { bradleyTerryFull, bradleyTerryPart } from 'openskill/models';
import { assertFinish, type FinishedTournament } from './finish';

/*
 * R-RATE-1: a platform-wide skill rating, Weng-Lin (openskill), updated from each finished tournament's
 * order of finish: every player is a one-player team ranked by place, and players sharing a place
 * (satellite winners, a double knockout) are ties. The model is Bradley-Terry with full pairing: each
 * player is compared with every other, a shared place counts as a draw between the tied players.
 * The library's Plackett-Luce, its default, rates tied players below the next place (openskill.js
 * issue #377), which would punish satellite winners. Full pairing is quadratic in the field (300
 * players take milliseconds), so a field larger than FULL_PAIRING_MAX_FIELD is rated with the library's
 * partial pairing, linear, each player compared with his neighbours in the order.
 * docs/decisions.md ("Season") gives the parameters and the reasons.
 */

export interface PlayerRating {
  /** Mean skill. */
  mu: number;
  /** Uncertainty (standard deviation), shown with the rating. */
  sigma: number;
  /** Rated tournaments so far. */
  tournaments: number;
}

/** The published parameters: openskill's defaults, written out so that a change is a visible decision. */
export const RATING_PARAMETERS = {
  mu: 25,
  sigma: 25 / 3,
  beta: 25 / 6,
  /** Added uncertainty per tournament, so that a rating keeps moving over a long career. */
  tau: 25 / 300,
  /** Ordinal = mu - z x sigma. */
  z: 3,
} as const;

export const FULL_PAIRING_MAX_FIELD = 1000;

/** The model a field of this size is rated with. */
export const ratingModelFor = (fieldSize: number): 'bradley_terry_full' | 'bradley_terry_part' =>
  fieldSize <= FULL_PAIRING_MAX_FIELD ? 'bradley_terry_full' : 'bradley_terry_part';

const OPTIONS: Options = {
  mu: RATING_PARAMETERS.mu,
  sigma: RATING_PARAMETERS.sigma,
  beta: RATING_PARAMETERS.beta,
  tau: RATING_PARAMETERS.tau,
  z: RATING_PARAMETERS.z,
};

export const initialRating = (): PlayerRating => ({ ...rating({}, OPTIONS), tournaments: 0 });

/** The leaderboard figure: a conservative skill estimate, mu - 3 sigma. */
export const ratingOrdinal = (r: Pick<PlayerRating, 'mu' | 'sigma'>): number => ordinal(r, OPTIONS);

export interface RatingUpdate {
  playerId: string;
  before: PlayerRating;
  after: PlayerRating;
}

/**
 * One finished tournament's update. `prior` holds the current ratings of (at least) its players; a
 * player without one starts at `initialRating()`. Returns the new rating of every player of the field;
 * a field of fewer than two players says nothing about skill and changes nothing.
 */
export function rateFinish(prior: Readonly<Record<string, PlayerRating>>, finish: FinishedTournament): RatingUpdate[] {
  assertFinish(finish);
  if (finish.rows.length < 2) return [];
  const rows = finish.rows;
  const before = rows.map((r) => prior[r.playerId] ?? initialRating());
  const teams: Rating[][] = before.map((r) => [{ mu: r.mu, sigma: r.sigma }]);
  const model = ratingModelFor(rows.length) === 'bradley_terry_full' ? bradleyTerryFull : bradleyTerryPart;
  const rated = rate(teams, { ...OPTIONS, model, rank: rows.map((r) => r.place) });
  return rows.map((r, i) => {
    const b = before[i] as PlayerRating;
    const a = (rated[i] as Rating[])[0] as Rating;
    return { playerId: r.playerId, before: b, after: { mu: a.mu, sigma: a.sigma, tournaments: b.tournaments + 1 } };
  });
}

/** The order finishes are rated in: by finish time, then tournament id. */
export const byFinish = (a: FinishedTournament, b: FinishedTournament): number =>
  a.finishedAt - b.finishedAt || (a.tournamentId < b.tournamentId ? -1 : a.tournamentId > b.tournamentId ? 1 : 0);

/** R-RATE-1: every rating from the published results alone, replayed in finish order. */
export function recomputeRatings(finishes: readonly FinishedTournament[]): Record<string, PlayerRating> {
  return replayRatings(finishes.slice().sort(byFinish));
}

/** Every rating from the finishes in the order given (the order they were applied in). */
export function replayRatings(finishes: readonly FinishedTournament[]): Record<string, PlayerRating> {
  const ratings: Record<string, PlayerRating> = {};
  for (const f of finishes) {
    for (const u of rateFinish(ratings, f)) ratings[u.playerId] = u.after;
  }
  return ratings;
}

export interface RatingRow {
  /** 1-based; players with the same ordinal share it. */
  rank: number;
  playerId: string;
  ordinal: number;
  mu: number;
  sigma: number;
  tournaments: number;
}

/** The leaderboard: by ordinal, highest first, then player id. */
export function ratingLeaderboard(
  ratings: Readonly<Record<string, PlayerRating>>,
  page: { offset?: number; limit: number },
): { rows: RatingRow[]; total: number } {
  const all = Object.entries(ratings)
    .map(([playerId, r]) => ({ playerId, ordinal: ratingOrdinal(r), mu: r.mu, sigma: r.sigma, tournaments: r.tournaments }))
    .sort((a, b) => b.ordinal - a.ordinal || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  const offset = Math.max(0, Math.trunc(page.offset ?? 0));
  const rows: RatingRow[] = [];
  let rank = 0;
  for (let i = 0; i < all.length && rows.length < page.limit; i++) {
    const r = all[i] as (typeof all)[number];
    if (i === 0 || (all[i - 1] as (typeof all)[number]).ordinal !== r.ordinal) rank = i + 1;
    if (i >= offset) rows.push({ rank, ...r });
  }
  return { rows, total: all.length };
}
