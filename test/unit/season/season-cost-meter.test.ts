import { describe, expect, it } from 'vitest';
import { figuresOf, itemsOf, partOf, stepsOf } from '../../../scripts/bench/cost/season';
import type { ObservedCall } from '../../../scripts/bench/cost/capacity-meter';
import { leagueCountEntity, leagueRankEntity, leagueStandingEntity } from '../../../functions/store/entities/league';
import { playerRatingEntity, ratedFinishEntity, ratingBoardEntity, ratingHistoryEntity } from '../../../functions/store/entities/rating';
import { projectionLeaseEntity } from '../../../functions/store/entities/projection-lease';

/*
 * How `npm run bench:cost -- --season` splits a finish's consumer calls between the league and the
 * rating, counts their items and units, and groups them into steps. The requests are built from the
 * entities the projections write with, so a change of their partitions shows here.
 */

const c = { table: 'T' };
const lease = projectionLeaseEntity(c);
const standing = leagueStandingEntity(c);
const rank = leagueRankEntity(c);
const count = leagueCountEntity(c);
const rating = playerRatingEntity(c);
const history = ratingHistoryEntity(c);
const board = ratingBoardEntity(c);
const rated = ratedFinishEntity(c);

const league = { clubId: 'c1', leagueId: 'lg' };
const players = ['p1', 'p2', 'p3'];
const key = (p: { params: () => object }) => (p.params() as { Key: object }).Key;
const item = (p: { params: () => object }) => ({ PutRequest: { Item: (p.params() as { Item: object }).Item } });
const figures = { mu: 25, sigma: 8, tournaments: 1, ordinal: 1 };

/** A call sent at `at` (ms) that took `ms`, with the units DynamoDB would report. */
function call(command: string, input: Record<string, unknown>, at: number, ms: number, units: { rru?: number; wru?: number } = {}) {
  return {
    op: 'finish',
    path: 'consumer',
    command,
    input,
    startedAt: at,
    endedAt: at + ms,
    rru: units.rru ?? 0,
    wru: units.wru ?? 0,
  } as ObservedCall;
}

const leagueCalls = (): ObservedCall[] => [
  call('UpdateItem', lease.update({ scope: 'club#c1#league#lg' }).set({ holder: 'x' }).params(), 0, 30, { wru: 1 }),
  call(
    'BatchGetItem',
    {
      RequestItems: {
        T: {
          ConsistentRead: true,
          Keys: [
            key(lease.get({ scope: 'club#c1#league#lg' })),
            key(count.get({ ...league, tournamentId: 't1' })),
            ...players.map((playerId) => key(standing.get({ ...league, playerId }))),
          ],
        },
      },
    },
    1,
    40,
    { rru: 5 },
  ),
  call(
    'BatchWriteItem',
    {
      RequestItems: {
        T: players.flatMap((playerId) => [
          item(
            rank.put({
              ...league,
              playerId,
              rankKey: `r-${playerId}`,
              tieKey: 't',
              totalCentipoints: 1,
              played: 1,
              counted: 1,
              wins: 0,
              bestPlace: 1,
              qualified: true,
            }),
          ),
          item(
            standing.put({
              ...league,
              playerId,
              rankKey: `r-${playerId}`,
              tieKey: 't',
              totalCentipoints: 1,
              played: 1,
              counted: 1,
              wins: 0,
              bestPlace: 1,
              qualified: true,
              results: [],
            }),
          ),
        ]),
      },
    },
    50,
    60,
    { wru: 9 },
  ),
  call(
    'TransactWriteItems',
    {
      TransactItems: [
        { Put: count.put({ ...league, tournamentId: 't1', players, pv: 7 }).params() },
        { Update: lease.update({ scope: 'club#c1#league#lg' }).add({ seq: 1 }).params() },
      ],
    },
    120,
    20,
    { wru: 4 },
  ),
];

const ratingCalls = (): ObservedCall[] => [
  call('UpdateItem', lease.update({ scope: 'rating#lease' }).set({ holder: 'x' }).params(), 0, 30, { wru: 1 }),
  call(
    'BatchGetItem',
    {
      RequestItems: {
        T: {
          ConsistentRead: true,
          Keys: [
            key(lease.get({ scope: 'rating#lease' })),
            key(rated.get({ finishKey: 'f' })),
            ...players.map((playerId) => key(rating.get({ playerId }))),
          ],
        },
      },
    },
    2,
    40,
    { rru: 5 },
  ),
  // Two batches in flight: one pipeline.
  ...[0, 1].map((n) =>
    call(
      'BatchWriteItem',
      {
        RequestItems: {
          T: players.flatMap((playerId) => [
            item(
              history.put({
                playerId,
                finishKey: `f${n}`,
                clubId: 'c1',
                tournamentId: 't1',
                place: 1,
                field: 3,
                finishedAt: 'x',
                before: {},
                after: {},
              }),
            ),
            item(rating.put({ playerId, ...figures, ratedThrough: 'f', updatedAt: 'x' })),
            item(board.put({ boardKey: `b-${playerId}`, playerId, ...figures })),
          ]),
        },
      },
      50 + n,
      60,
      { wru: 9 },
    ),
  ),
  call(
    'TransactWriteItems',
    {
      TransactItems: [
        { Put: rated.put({ finishKey: 'f', clubId: 'c1', tournamentId: 't1', applied: 0 }).params() },
        { Update: lease.update({ scope: 'rating#lease' }).add({ seq: 1 }).params() },
      ],
    },
    120,
    20,
    { wru: 4 },
  ),
];

describe('the season cost bench (npm run bench:cost -- --season)', () => {
  it("tells the league's and the rating's requests apart by the partitions they name", () => {
    expect(leagueCalls().map(partOf)).toEqual(['league', 'league', 'league', 'league']);
    expect(ratingCalls().map(partOf)).toEqual(['rating', 'rating', 'rating', 'rating', 'rating']);
    // A player's registration row of the tournament is neither.
    expect(partOf({ input: { Key: { pk: 'club#c1#trn#t1', sk: 'reg#p1' } } })).toBe('other');
  });

  it('counts the items each request reads and writes', () => {
    expect(leagueCalls().map(itemsOf)).toEqual([
      { read: 0, written: 1 },
      { read: 5, written: 0 },
      { read: 0, written: 6 },
      { read: 0, written: 2 },
    ]);
    expect(itemsOf(ratingCalls()[2] as ObservedCall)).toEqual({ read: 0, written: 9 });
  });

  it("sums each part's own units and items, and groups its calls into steps", () => {
    const l = figuresOf(leagueCalls());
    const r = figuresOf(ratingCalls());
    expect(l).toMatchObject({ requests: 4, itemsRead: 5, itemsWritten: 9, rru: 5, wru: 14 });
    expect(r).toMatchObject({ requests: 5, itemsRead: 5, itemsWritten: 21, rru: 5, wru: 23 });
    // The lease beside the read is one round trip with it; the write pipeline one step; the transaction the last.
    expect(r.steps).toEqual([
      { command: 'UpdateItem+BatchGetItem', requests: 2 },
      { command: 'BatchWriteItem', requests: 2 },
      { command: 'TransactWriteItems', requests: 1 },
    ]);
    // A read sent after the first step answered is a step of its own.
    expect(stepsOf([...leagueCalls().slice(0, 2), call('BatchGetItem', {}, 45, 5)]).length).toBe(2);
  });
});
