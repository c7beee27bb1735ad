import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../../../domain/core/errors';
import type { DomainError } from '../../../domain/core/errors';
import { adultFrom, ageOn, assertAdult } from '../../../domain/players/age';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

/** Milliseconds for a UTC instant. */
const at = (iso: string): number => Date.parse(iso);

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('ageOn', () => {
  it('R-AGE-1: counts full years, turning on the birthday itself', () => {
    expect(ageOn('2000-06-15', at('2018-06-14T23:59:59.999Z'))).toBe(17);
    expect(ageOn('2000-06-15', at('2018-06-15T00:00:00.000Z'))).toBe(18);
    expect(ageOn('2000-06-15', at('2030-01-01T12:00:00Z'))).toBe(29);
    expect(ageOn('2000-06-15', at('2000-06-15T08:00:00Z'))).toBe(0);
  });

  it('R-AGE-1: a 29 February birthday is passed on 1 March in a non-leap year, on 29 February in a leap year', () => {
    expect(ageOn('2004-02-29', at('2022-02-28T23:59:59Z'))).toBe(17);
    expect(ageOn('2004-02-29', at('2022-03-01T00:00:00Z'))).toBe(18);
    expect(ageOn('2000-02-29', at('2020-02-28T12:00:00Z'))).toBe(19);
    expect(ageOn('2000-02-29', at('2020-02-29T00:00:00Z'))).toBe(20);
  });

  it('R-AGE-1: agrees with counting anniversaries one by one (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 100 * 366 * 86_400_000 }),
        (birth, span) => {
          const dob = birth.toISOString().slice(0, 10);
          const now = Date.parse(`${dob}T00:00:00Z`) + span;
          // Count how many anniversaries (29 Feb -> 1 Mar in common years) lie on or before now.
          let years = 0;
          for (;;) {
            const y = birth.getUTCFullYear() + years + 1;
            const anniversary = Date.UTC(y, birth.getUTCMonth(), birth.getUTCDate());
            // Date.UTC rolls 29 Feb of a common year over to 1 Mar, which is the rule we want.
            if (anniversary > now) break;
            years += 1;
          }
          expect(ageOn(dob, now)).toBe(years);
        },
      ),
      { numRuns: DEFAULT_RUNS },
    );
  });
});

describe('assertAdult', () => {
  it('R-AGE-1: refuses the day before the 18th birthday and accepts the birthday itself (UTC)', () => {
    const e = refusal(() => assertAdult('2008-03-10', at('2026-03-09T23:59:59.999Z')));
    expect(e.code).toBe('UNDER_AGE');
    expect(e.kind).toBe('rule');
    expect(e.errors).toEqual([{ field: 'dateOfBirth', message: expect.stringContaining('2026-03-10') }]);
    expect(() => assertAdult('2008-03-10', at('2026-03-10T00:00:00.000Z'))).not.toThrow();
  });

  it('R-AGE-1: a 29 February birth is adult on 1 March of a non-leap 18th year', () => {
    expect(adultFrom('2008-02-29')).toBe('2026-03-01');
    expect(refusal(() => assertAdult('2008-02-29', at('2026-02-28T23:59:59Z'))).code).toBe('UNDER_AGE');
    expect(() => assertAdult('2008-02-29', at('2026-03-01T00:00:00Z'))).not.toThrow();
  });

  it('R-AGE-1: a 29 February birth always comes of age on 1 March (the 18th year is never a leap year)', () => {
    expect(adultFrom('2012-02-29')).toBe('2030-03-01');
    expect(refusal(() => assertAdult('2012-02-29', at('2030-02-28T23:59:59Z'))).code).toBe('UNDER_AGE');
    expect(() => assertAdult('2012-02-29', at('2030-03-01T00:00:00Z'))).not.toThrow();
  });

  it('R-AGE-1: the local evening before the birthday in a zone ahead of UTC is still the day before', () => {
    // 2026-03-10 01:00 in Moscow (UTC+3) is 2026-03-09 22:00 UTC: not yet 18.
    expect(refusal(() => assertAdult('2008-03-10', at('2026-03-09T22:00:00Z'))).code).toBe('UNDER_AGE');
  });

  it.each([
    '2023-02-30',
    '2023-02-29',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-01-00',
    '23-01-01',
    '2023-1-1',
    '2023/01/01',
    '',
    '2000-01-01T00:00:00Z',
    '1899-12-31',
  ])('R-AGE-1: refuses the impossible or malformed date %j with DATE_INVALID', (dob) => {
    const e = refusal(() => assertAdult(dob, at('2026-01-01T00:00:00Z')));
    expect(e.code).toBe('DATE_INVALID');
    expect(e.errors?.[0]?.field).toBe('dateOfBirth');
  });

  it('R-AGE-1: accepts 29 February in a leap year as a date', () => {
    expect(() => assertAdult('2000-02-29', at('2026-01-01T00:00:00Z'))).not.toThrow();
    expect(() => assertAdult('1900-01-01', at('2026-01-01T00:00:00Z'))).not.toThrow();
  });

  it('R-AGE-1: does not let a missing clock value through', () => {
    expect(() => assertAdult('2015-01-01', Number.NaN)).toThrow(RangeError);
  });

  it('R-AGE-1: refuses a date of birth in the future with DATE_INVALID', () => {
    const e = refusal(() => assertAdult('2026-01-02', at('2026-01-01T23:59:59Z')));
    expect(e.code).toBe('DATE_INVALID');
    expect(e.errors?.[0]?.message).toMatch(/future/);
    expect(ageOn('2026-01-01', at('2026-01-01T00:00:00Z'))).toBe(0);
  });
});
