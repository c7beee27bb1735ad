import { describe, expect, it } from 'vitest';
import {
  assertJoinsSeries,
  changePointsRule,
  checkLeagueSettings,
  checkSeries,
  countsForLeague,
  type LeagueSettings,
} from '../../../domain/season';
import { makeCtx } from './fixtures';

const league: LeagueSettings = {
  clubId: 'club-1',
  name: 'Лига осени',
  source: { kind: 'series', seriesId: 's1' },
  points: { kind: 'linear' },
  bestOf: 8,
};

describe('series and leagues', () => {
  it('R-SER-1: a series has a name and dates; a tournament of the club joins at most one series', () => {
    expect(() => checkSeries({ name: 'Осенний фестиваль', startsOn: '2025-09-01', endsOn: '2025-09-30' })).not.toThrow();
    expect(() => checkSeries({ name: 'Осень', startsOn: '2025-09-30', endsOn: '2025-09-01' })).toThrow(
      expect.objectContaining({ code: 'SERIES_INVALID' }),
    );
    expect(() => checkSeries({ name: 'Осень', startsOn: '2025-02-30', endsOn: '2025-03-01' })).toThrow(
      expect.objectContaining({ code: 'SERIES_INVALID' }),
    );
    const s = { id: 's1', clubId: 'club-1' };
    expect(assertJoinsSeries(s, { id: 't1', clubId: 'club-1' })).toBe(true);
    expect(assertJoinsSeries(s, { id: 't1', clubId: 'club-1', seriesId: 's1' })).toBe(false);
    expect(() => assertJoinsSeries(s, { id: 't1', clubId: 'club-1', seriesId: 's2' })).toThrow(
      expect.objectContaining({ code: 'TOURNAMENT_IN_ANOTHER_SERIES', kind: 'conflict' }),
    );
    expect(() => assertJoinsSeries(s, { id: 't1', clubId: 'club-2' })).toThrow(expect.objectContaining({ code: 'SERIES_OTHER_CLUB' }));
  });

  it('R-LEAGUE-1: a league counts its series, or the tournaments the club added', () => {
    expect(checkLeagueSettings(league).formula.text).toBe('entries - place + 1');
    expect(countsForLeague(league, { id: 't1', clubId: 'club-1', seriesId: 's1' })).toBe(true);
    expect(countsForLeague(league, { id: 't1', clubId: 'club-2', seriesId: 's1' })).toBe(false);
    expect(countsForLeague({ ...league, source: { kind: 'tournaments', tournamentIds: ['t2'] } }, { id: 't2', clubId: 'club-1' })).toBe(
      true,
    );
    expect(() => checkLeagueSettings({ ...league, points: { kind: 'formula', formula: 'place * buyIn' } })).toThrow(
      expect.objectContaining({ code: 'FORMULA_FEE_FIGURE' }),
    );
  });

  it('R-LEAGUE-2: the points are frozen after a counted finish, unless the change recomputes the table with an audit record', () => {
    const next = { kind: 'sqrt_decay' } as const;
    expect(changePointsRule(league, next, { countedFinished: false }, makeCtx())).toMatchObject({
      recomputeAll: false,
      settings: { points: next },
    });
    expect(() => changePointsRule(league, next, { countedFinished: true }, makeCtx())).toThrow(
      expect.objectContaining({ code: 'LEAGUE_POINTS_FROZEN', kind: 'conflict' }),
    );
    const changed = changePointsRule(league, next, { countedFinished: true, recompute: true }, makeCtx());
    expect(changed).toMatchObject({
      recomputeAll: true,
      audit: { by: 'user-manager', from: 'entries - place + 1', to: '10 * sqrt(entries / place)' },
    });
  });
});
