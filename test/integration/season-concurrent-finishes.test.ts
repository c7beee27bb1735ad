/**
 * Two tournaments with players in common finishing at the same moment, projected on two stream shards at
 * once: both update the same players' league records and ratings. Under the leagues' and the rating's
 * leases (functions/store/projection-lease.ts) one waits for the other, so neither update is lost.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { buildStandings, compilePointsRule, contributionOf, replayRatings, type FinishedTournament } from '../../domain/season';
import type * as LeagueStandings from '../../functions/app/season/league-standings';
import type * as Rating from '../../functions/app/season/rating';
import type * as Store from '../../functions/store/league-standings';
import type * as Entities from '../../functions/store/entities';

let league: typeof LeagueStandings;
let rating: typeof Rating;
let store: typeof Store;
let entities: typeof Entities.entities;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    POWERTOOLS_LOG_LEVEL: 'CRITICAL',
    // The shared DynamoDB Local of a busy machine: a slow answer is no failure here.
    DYNAMODB_REQUEST_TIMEOUT_MS: '30000',
    DYNAMODB_CONNECT_TIMEOUT_MS: '10000',
  });
  league = await import('../../functions/app/season/league-standings');
  rating = await import('../../functions/app/season/rating');
  store = await import('../../functions/store/league-standings');
  entities = (await import('../../functions/store/entities')).entities;
}, 60_000);

const T0 = Date.UTC(2026, 4, 1, 20);

/** A finish of `players` in that order of places, each credited with one knockout but the winner. */
function finish(clubId: string, tournamentId: string, players: readonly string[], finishedAt: number): FinishedTournament {
  return {
    tournamentId,
    clubId,
    finishedAt,
    entries: players.length,
    paidPlaces: 2,
    rows: players.map((playerId, i) => ({ playerId, place: i + 1, entries: 1, knockouts: i === 0 ? 0 : 1 })),
  };
}

describe('concurrent season finishes', () => {
  it('R-LEAGUE-4, R-RATE-1: two finishes with common players projected at once both reach every league record and rating', async () => {
    const clubId = `club-${randomUUID()}`;
    const leagues = [{ leagueId: 'lg', points: { kind: 'linear', knockoutPoints: 1 } as const }];
    const key = { clubId, leagueId: 'lg' };
    const ids = Array.from({ length: 60 }, (_, i) => `p${String(i).padStart(2, '0')}-${clubId}`);
    // 40 players each, 20 in common; A's field ordered one way, B's another.
    const a = finish(clubId, 'ta', ids.slice(0, 40), T0);
    const b = finish(clubId, 'tb', ids.slice(20).reverse(), T0 + 1_000);
    const both = async () => {
      await Promise.all([
        league.projectFinishTo(a, leagues, 7),
        league.projectFinishTo(b, leagues, 9),
        rating.rateFinished(a),
        rating.rateFinished(b),
      ]);
    };
    await both();

    // The league: every player's record holds each finish they played, as a rebuild from the results gives.
    const rule = compilePointsRule(leagues[0]?.points ?? { kind: 'linear' });
    const expected = buildStandings([contributionOf(a, rule), contributionOf(b, rule)]);
    const kept = await store.allStandings(key);
    expect(kept).toHaveLength(ids.length);
    for (const s of kept) {
      const want = expected.players[s.playerId];
      expect(
        s.results.map((r) => r.tournamentId),
        s.playerId,
      ).toEqual(want?.results.map((r) => r.tournamentId));
      expect(s.totalCentipoints, s.playerId).toBe(want?.totalCentipoints);
    }
    const common = kept.filter((s) => s.results.length === 2);
    expect(common).toHaveLength(20);
    // One ranking row per player: no row left behind by the finish that went second.
    expect(await store.allRankKeys(key)).toHaveLength(ids.length);

    // The rating: both finishes applied, one after the other, as a replay in that order gives.
    const rated = (await entities().ratedFinish.query.primary({}).go({ pages: 'all' })).data;
    expect(rated.map((r) => r.tournamentId).sort()).toEqual(['ta', 'tb']);
    const order = rated.slice().sort((x, y) => (x.applied ?? 0) - (y.applied ?? 0));
    expect(order[0]?.applied).not.toBe(order[1]?.applied);
    const replayed = replayRatings(order.map((r) => (r.tournamentId === 'ta' ? a : b)));
    const ratings = async () =>
      (
        await entities()
          .playerRating.get(ids.map((playerId) => ({ playerId })))
          .go({ consistent: true })
      ).data.sort((x, y) => x.playerId.localeCompare(y.playerId));
    const current = await ratings();
    expect(current).toHaveLength(ids.length);
    for (const data of current) {
      const want = replayed[data.playerId];
      expect({ mu: data.mu, sigma: data.sigma, tournaments: data.tournaments }, data.playerId).toEqual(want);
    }
    expect(current.filter((data) => data.tournaments === 2)).toHaveLength(20);

    // Sent again at once (a redelivery on both shards): nothing moves.
    const before = await store.allStandings(key);
    await both();
    expect(await store.allStandings(key)).toEqual(before);
    expect(await ratings()).toEqual(current);
  }, 180_000);
});
