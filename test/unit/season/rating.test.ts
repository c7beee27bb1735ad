import { describe, expect, it } from 'vitest';
import {
  initialRating,
  FULL_PAIRING_MAX_FIELD,
  rateFinish,
  ratingLeaderboard,
  ratingModelFor,
  ratingOrdinal,
  RATING_PARAMETERS,
  recomputeRatings,
  type FinishedTournament,
  type PlayerRating,
} from '../../../domain/season';
import { finishOf, T0 } from './fixtures';

describe('rating', () => {
  it('R-RATE-1: a better finish raises the rating, a worse one lowers it; every rating carries its uncertainty', () => {
    const updates = rateFinish({}, finishOf('t1', ['a', 'b', 'c', 'd']));
    const by = Object.fromEntries(updates.map((u) => [u.playerId, u.after]));
    expect(updates.every((u) => u.before.mu === RATING_PARAMETERS.mu && u.before.tournaments === 0)).toBe(true);
    expect((by.a as PlayerRating).mu).toBeGreaterThan((by.b as PlayerRating).mu);
    expect((by.b as PlayerRating).mu).toBeGreaterThan((by.c as PlayerRating).mu);
    expect((by.d as PlayerRating).mu).toBeLessThan(RATING_PARAMETERS.mu);
    for (const r of Object.values(by)) {
      expect(r.sigma).toBeGreaterThan(0);
      expect(r.tournaments).toBe(1);
    }
    expect(ratingOrdinal(by.a as PlayerRating)).toBeCloseTo((by.a as PlayerRating).mu - 3 * (by.a as PlayerRating).sigma, 10);
  });

  it('R-RATE-1, R-SAT-2: players sharing a place (satellite winners) are ties and move alike', () => {
    const f: FinishedTournament = {
      ...finishOf('sat', ['a', 'b', 'c', 'd', 'e']),
      rows: [
        { playerId: 'a', place: 1, entries: 1, knockouts: 0 },
        { playerId: 'b', place: 1, entries: 1, knockouts: 0 },
        { playerId: 'c', place: 1, entries: 1, knockouts: 0 },
        { playerId: 'd', place: 4, entries: 1, knockouts: 0 },
        { playerId: 'e', place: 5, entries: 1, knockouts: 0 },
      ],
    };
    const by = Object.fromEntries(rateFinish({}, f).map((u) => [u.playerId, u.after]));
    expect(by.a).toEqual(by.b);
    expect(by.b).toEqual(by.c);
    expect((by.c as PlayerRating).mu).toBeGreaterThan((by.d as PlayerRating).mu);
  });

  it('R-RATE-1: reproducible from the published results, replayed in finish order', () => {
    const finishes = [
      finishOf('t2', ['b', 'c', 'a', 'd'], T0 + 2),
      finishOf('t1', ['a', 'b', 'c'], T0 + 1),
      finishOf('t3', ['d', 'a', 'e'], T0 + 3),
    ];
    const live: Record<string, PlayerRating> = {};
    for (const f of [finishes[1], finishes[0], finishes[2]] as FinishedTournament[]) {
      for (const u of rateFinish(live, f)) live[u.playerId] = u.after;
    }
    expect(recomputeRatings(finishes)).toEqual(live);
    expect(live.a?.tournaments).toBe(3);
    // A different order is a different history.
    const reordered = recomputeRatings(finishes.map((f, i) => ({ ...f, finishedAt: T0 + 10 - i })));
    expect(reordered.a?.mu).not.toBe(live.a?.mu);
  });

  it('R-RATE-1: a field of one changes nothing; the leaderboard ranks by ordinal', () => {
    expect(rateFinish({}, finishOf('solo', ['a']))).toEqual([]);
    const ratings = recomputeRatings([finishOf('t1', ['a', 'b', 'c']), finishOf('t2', ['a', 'c', 'b'], T0 + 1)]);
    const board = ratingLeaderboard(ratings, { limit: 10 });
    expect(board.total).toBe(3);
    expect(board.rows.map((r) => r.playerId)[0]).toBe('a');
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(ratingLeaderboard(ratings, { offset: 1, limit: 1 }).rows.map((r) => r.rank)).toEqual([2]);
    expect(initialRating()).toEqual({ mu: 25, sigma: 25 / 3, tournaments: 0 });
  });

  it('R-RATE-1: a large field is rated with the linear partial-pairing model', () => {
    expect(ratingModelFor(300)).toBe('bradley_terry_full');
    expect(ratingModelFor(FULL_PAIRING_MAX_FIELD + 1)).toBe('bradley_terry_part');
    const ids = Array.from({ length: FULL_PAIRING_MAX_FIELD + 1 }, (_, i) => `p${String(i).padStart(4, '0')}`);
    const by = Object.fromEntries(rateFinish({}, finishOf('big', ids)).map((u) => [u.playerId, u.after]));
    expect((by.p0000 as PlayerRating).mu).toBeGreaterThan((by.p1000 as PlayerRating).mu);
  });
});
