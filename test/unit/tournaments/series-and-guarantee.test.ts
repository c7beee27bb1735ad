import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '../../../domain/core/errors';
import { joinSeries, leaveSeries, prizeRowsForField, validateSettings } from '../../../domain/tournaments';
import { baseSettings, Desk } from './harness';

const series = { id: 'ser_1', clubId: 'club_1' };

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('R-SER-1: a tournament in a series', () => {
  it('joins and leaves while announced, once', () => {
    const d = new Desk({}, 'announced');
    const joined = joinSeries(d.state, series, d.ctx());
    expect(joined.state.seriesId).toBe('ser_1');
    expect(joined.events).toEqual([{ type: 'tournament.series_changed', tournamentId: d.state.id, seriesId: 'ser_1' }]);
    expect(joinSeries(joined.state, series, d.ctx()).events).toEqual([]);
    expect(refusal(() => joinSeries(joined.state, { id: 'ser_2', clubId: 'club_1' }, d.ctx())).code).toBe('TOURNAMENT_IN_ANOTHER_SERIES');
    expect(refusal(() => joinSeries(d.state, { id: 'ser_3', clubId: 'club_2' }, d.ctx())).code).toBe('SERIES_OTHER_CLUB');
    const left = leaveSeries(joined.state, d.ctx());
    expect(left.state).not.toHaveProperty('seriesId');
    expect(left.events[0]).toMatchObject({ seriesId: null });
    expect(leaveSeries(left.state, d.ctx()).events).toEqual([]);
  });

  it('is frozen once registration opens (409)', () => {
    const d = new Desk({}, 'registration_open');
    const e = refusal(() => joinSeries(d.state, series, d.ctx()));
    expect([e.code, e.kind]).toEqual(['SERIES_FROZEN', 'conflict']);
    expect(refusal(() => leaveSeries(d.state, d.ctx())).code).toBe('SERIES_FROZEN');
  });
});

describe('R-GTD-1: guaranteed prizes', () => {
  const club = { currency: 'RUB' };

  it('a preset is cut to the field unless guaranteed', () => {
    const cut = validateSettings(baseSettings({ prizePreset: 'cup_and_free_entries' }), club);
    const whole = validateSettings(baseSettings({ prizePreset: 'cup_and_free_entries', prizesGuaranteed: true }), club);
    expect(prizeRowsForField(cut, 2)).toHaveLength(2);
    expect(prizeRowsForField(whole, 2)).toHaveLength(3);
    expect(prizeRowsForField(whole, 0)).toHaveLength(3);
  });

  it('refuses a guarantee of rows that follow the field, or of nothing', () => {
    const itm = refusal(() => validateSettings(baseSettings({ prizePreset: 'freerolls_for_itm', prizesGuaranteed: true }), club));
    expect(itm.code).toBe('GUARANTEE_NEEDS_FIXED_ROWS');
    expect(itm.errors?.map((i) => i.field)).toEqual(['prizePreset']);
    expect(refusal(() => validateSettings(baseSettings({ prizesGuaranteed: true }), club)).code).toBe('AWARD_STRUCTURE_INVALID');
  });
});
