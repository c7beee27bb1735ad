import { plainCopy } from '../../support/freeze';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyContribution,
  buildStandings,
  compilePointsRule,
  contributionOf,
  emptyStandings,
  finishFromResults,
  removeContribution,
  standingOf,
  standingSortKey,
  standingTieKey,
  updatePlayerStandings,
  standingsPage,
  standingsRows,
  standingsToCsv,
  type FinishedTournament,
  type LeagueOptions,
  type TournamentContribution,
} from '../../../domain/season';
import { PROPERTY_TEST } from '../../support/property';
import { deepFreeze } from '../results/fixtures';
import { finishOf } from './fixtures';

const linear = compilePointsRule({ kind: 'linear' });
const table = compilePointsRule({ kind: 'table', table: [10, 6, 4, 2, 1] });
const contrib = (f: FinishedTournament, formula = table): TournamentContribution => contributionOf(f, formula);

describe('standings', () => {
  it('R-LEAGUE-3: sums a player’s points over the counted tournaments, re-entries collapsed to the player', () => {
    const f = finishFromResults({
      tournamentId: 't1',
      clubId: 'c',
      finishedAt: 1,
      entries: 4,
      paidPlaces: 1,
      results: [
        { place: 1, playerId: 'a', entryIds: ['e1', 'e4'], lastEntryId: 'e4', knockouts: 2 },
        { place: 2, playerId: 'b', entryIds: ['e2'], lastEntryId: 'e2', knockouts: 1 },
        { place: 3, playerId: 'c', entryIds: ['e3'], lastEntryId: 'e3', knockouts: 0 },
      ],
    });
    expect(f.rows.find((r) => r.playerId === 'a')).toMatchObject({ entries: 2, knockouts: 2 });
    const s = buildStandings([contributionOf(f, linear), contrib(finishOf('t2', ['b', 'a']), linear)]);
    // t1: 4 entries, linear = entries - place + 1; t2: 2 entries.
    expect(standingsRows(s).map((r) => [r.playerId, r.points, r.played])).toEqual([
      ['a', 4 + 1, 2],
      ['b', 3 + 2, 2],
      ['c', 2, 1],
    ]);
  });

  it('R-LEAGUE-3: ties broken by more wins, then the better best place, then more played, then shared', () => {
    // Table 10, 6, 4, 2, 1. a: 10 with a win; b and c: 6 + 4 (best 2, played 2);
    // e: 4 + 2 + 2 + 2 (best 3, played 4); d: 4 + 4 + 2 (best 3, played 3).
    const s = buildStandings([
      contrib(finishOf('t1', ['a', 'b', 'd'])),
      contrib(finishOf('t2', ['x1', 'c', 'b'])),
      contrib(finishOf('t3', ['x2', 'x3', 'c'])),
      contrib(finishOf('t4', ['x4', 'x5', 'd', 'e'])),
      contrib(finishOf('t5', ['x6', 'x7', 'x8', 'd'])),
      contrib(finishOf('t6', ['x9', 'y1', 'e'])),
      contrib(finishOf('t7', ['y2', 'y3', 'y4', 'e'])),
      contrib(finishOf('t8', ['y5', 'y6', 'y7', 'e'])),
    ]);
    const rows = standingsRows(s).filter((r) => ['a', 'b', 'c', 'd', 'e'].includes(r.playerId));
    expect(rows.map((r) => [r.playerId, r.points, r.wins, r.bestPlace, r.played])).toEqual([
      ['a', 10, 1, 1, 1],
      ['b', 10, 0, 2, 2],
      ['c', 10, 0, 2, 2],
      ['e', 10, 0, 3, 4],
      ['d', 10, 0, 3, 3],
    ]);
    const place = Object.fromEntries(rows.map((r) => [r.playerId, r.place as number]));
    expect(place.b).toBe(place.c);
    expect(place.a).toBeLessThan(place.b as number);
    expect(place.e).toBe((place.b as number) + 2);
    expect(place.d).toBe((place.e as number) + 1);
  });

  it('R-LEAGUE-3: best N results and a minimum of tournaments played', () => {
    const finishes = [finishOf('t1', ['a', 'b']), finishOf('t2', ['b', 'a']), finishOf('t3', ['a', 'c'])];
    const s = buildStandings(
      finishes.map((f) => contrib(f)),
      { bestOf: 2, minPlayed: 2 },
    );
    const a = standingOf(s, 'a');
    expect(a).toMatchObject({ points: 20, played: 3, counted: 2, qualified: true, place: 1 });
    expect(standingOf(s, 'c')).toMatchObject({ qualified: false, place: null });
    expect(standingsRows(s).map((r) => r.playerId)).toEqual(['a', 'b', 'c']);
    expect(() => emptyStandings({ bestOf: 0 })).toThrow(expect.objectContaining({ code: 'LEAGUE_OPTIONS_INVALID' }));
  });

  it('R-LEAGUE-4: a changed or removed tournament replaces its contribution', () => {
    let s = buildStandings([contrib(finishOf('t1', ['a', 'b', 'c']))]);
    s = applyContribution(s, contrib(finishOf('t1', ['c', 'b', 'a'])));
    expect(standingsRows(s).map((r) => [r.playerId, r.points])).toEqual([
      ['c', 10],
      ['b', 6],
      ['a', 4],
    ]);
    s = applyContribution(s, contrib(finishOf('t2', ['a', 'd'])));
    s = removeContribution(s, 't1');
    expect(standingsRows(s).map((r) => [r.playerId, r.points])).toEqual([
      ['a', 10],
      ['d', 6],
    ]);
    expect(standingOf(s, 'c')).toBeUndefined();
  });

  it('R-LEAGUE-5: pages in a total order, and a CSV of the rows', () => {
    const s = buildStandings([contrib(finishOf('t1', ['a', 'b', 'c', 'd', 'e']))]);
    const all = standingsRows(s);
    const paged = [0, 2, 4].flatMap((offset) => standingsPage(s, { offset, limit: 2 }).rows);
    expect(paged).toEqual(all);
    expect(standingsPage(s, { offset: 1, limit: 2 })).toMatchObject({ total: 5, rows: [{ place: 2 }, { place: 3 }] });
    expect(standingsToCsv(all.slice(0, 2))).toBe(
      '\uFEFFplace,playerId,points,played,counted,wins,bestPlace,qualified\r\n1,a,10,1,1,1,1,true\r\n2,b,6,1,1,0,2,true\r\n',
    );
  });
});

describe('standings, incremental against a rebuild', () => {
  const players = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
  /** A finish of a random subset of players in a random order, some sharing a place. */
  const finishArb = (id: string) =>
    fc
      .tuple(
        fc.shuffledSubarray(players, { minLength: 1 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
      )
      .map(([ids, shared, kos]): FinishedTournament => {
        let place = 1;
        const rows = ids.map((playerId, i) => {
          if (i > 0 && !shared[i]) place = i + 1;
          return { playerId, place, entries: 1 + ((kos[i] as number) % 2), knockouts: (kos[i] as number) / 2 };
        });
        return { tournamentId: id, clubId: 'c', finishedAt: 0, entries: ids.length + 2, paidPlaces: 2, rows };
      });
  const step = fc.oneof(
    fc.record({ op: fc.constant('apply' as const), t: fc.integer({ min: 0, max: 5 }), seed: fc.integer() }),
    fc.record({ op: fc.constant('remove' as const), t: fc.integer({ min: 0, max: 5 }), seed: fc.integer() }),
  );
  const options = fc.record({
    bestOf: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    minPlayed: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  });
  const formula = compilePointsRule({ kind: 'formula', formula: 'sqrt(entries / place) * 7 + 1.5 * knockouts + 3 * reentries' });

  it('R-LEAGUE-4: any sequence of finishes, changes and removals gives exactly the rebuilt table', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(options, fc.array(fc.tuple(step, finishArb('x')), { minLength: 1, maxLength: 12 }), (opts, steps) => {
        const o: LeagueOptions = {};
        if (opts.bestOf !== undefined) o.bestOf = opts.bestOf;
        if (opts.minPlayed !== undefined) o.minPlayed = opts.minPlayed;
        let table = emptyStandings(o);
        const current = new Map<string, TournamentContribution>();
        for (const [s, f] of steps) {
          const id = `t${s.t}`;
          if (s.op === 'apply') {
            const c = contributionOf({ ...f, tournamentId: id }, formula);
            current.set(id, c);
            table = applyContribution(table, c);
          } else {
            current.delete(id);
            table = removeContribution(table, id);
          }
        }
        const rebuilt = buildStandings([...current.values()], o);
        expect(table.order).toEqual(rebuilt.order);
        expect(table).toEqual(rebuilt);
        expect(standingsRows(table)).toEqual(standingsRows(rebuilt));
        const byKey = Object.values(table.players)
          .map((p) => [standingSortKey(p), p.playerId] as const)
          .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
          .map(([, id]) => id);
        expect(byKey).toEqual(table.order);
      }),
      { numRuns: 60 },
    );
  });
});

describe('standings kept as one record per player', () => {
  it('R-LEAGUE-4: the per-player update of one finish gives the records the table holds', () => {
    const t1 = contributionOf(finishOf('t1', ['a', 'b', 'c']), table);
    const t2 = contributionOf(finishOf('t2', ['c', 'd']), table);
    const t1changed = contributionOf(finishOf('t1', ['b', 'a']), table);
    const full = applyContribution(buildStandings([t1, t2], { bestOf: 1 }), t1changed);
    const base = buildStandings([t1, t2], { bestOf: 1 });
    const { changed, removed } = updatePlayerStandings(base.players, 't1', ['a', 'b', 'c'], t1changed, { bestOf: 1 });
    expect(removed).toEqual([]);
    for (const c of changed) expect(full.players[c.playerId]).toEqual(c);
    expect(changed.map((c) => c.playerId).sort()).toEqual(['a', 'b', 'c']);
    expect(standingTieKey(full.players.c as never) < standingTieKey(full.players.a as never)).toBe(true);
    const gone = updatePlayerStandings(full.players, 't2', ['c', 'd'], undefined, { bestOf: 1 });
    expect(gone.removed.sort()).toEqual(['c', 'd']);
  });
});

describe('standings inputs', () => {
  it('R-LEAGUE-4: updates leave the previous table untouched (frozen inputs)', () => {
    const base = deepFreeze(buildStandings([contributionOf(finishOf('t1', ['a', 'b', 'c']), table)], { bestOf: 2 }));
    const before = plainCopy(base);
    const next = applyContribution(base, deepFreeze(contributionOf(finishOf('t2', ['c', 'a']), table)));
    expect(removeContribution(next, 't1').order).toEqual(['c', 'a']);
    expect(base).toEqual(before);
  });
});
