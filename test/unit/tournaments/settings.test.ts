import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import type { DomainError } from '../../../domain/core/errors';
import { editSettings, FORMAT_LABELS, validateSettings } from '../../../domain/tournaments';
import type { SettingsInput, SettingsPatch } from '../../../domain/tournaments';
import { baseSettings, Desk, HOUR, START } from './harness';

const club = { currency: 'RUB' };

function refusal(input: SettingsInput | SettingsPatch): DomainError {
  try {
    validateSettings(input, club);
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const fields = (e: DomainError) => (e.errors ?? []).map((i) => i.field);

describe('tournament settings', () => {
  it('applies defaults and leaves unset optional fields out', () => {
    const s = validateSettings(baseSettings(), club);
    expect(s).toMatchObject({
      formatLabel: 'freezeout',
      currency: 'RUB',
      seatsPerTable: 9,
      bountyType: 'none',
      mysteryBounty: false,
      noShowPolicy: 'drop',
      addonOncePerPlayer: true,
      itmMinimum: 1,
      prizes: [],
      balancing: { moveRule: 'big_blind_next', allowedSkew: 1, mode: 'auto' },
      knockoutCancelWindowMinutes: 5,
    });
    expect('rebuy' in s).toBe(false);
    expect(Object.values(s).includes(undefined)).toBe(false);
  });

  it('R-FMT-1: the format is a label only and gives no mechanics by itself', () => {
    for (const formatLabel of FORMAT_LABELS) {
      const s = validateSettings(baseSettings({ formatLabel }), club);
      expect(s.formatLabel).toBe(formatLabel);
      expect(s.rebuy).toBeUndefined();
      expect(s.reentry).toBeUndefined();
      expect(s.addon).toBeUndefined();
    }
    expect(fields(refusal(baseSettings({ formatLabel: 'turbo' as never })))).toEqual(['formatLabel']);
  });

  it('R-LIFE-3: late registration must end after the start', () => {
    const e = refusal(baseSettings({ lateRegEndsAt: START }));
    expect(e.code).toBe('DEADLINES_OUT_OF_ORDER');
    expect(fields(e)).toEqual(['lateRegEndsAt']);
  });

  it('R-LIFE-3: the re-entry deadline may equal but not precede the late-registration deadline', () => {
    const late = START + 2 * HOUR;
    expect(validateSettings(baseSettings({ rebuy: 100, reentryEndsAt: late }), club).reentryEndsAt).toBe(late);
    const e = refusal(baseSettings({ rebuy: 100, reentryEndsAt: late - 1 }));
    expect(e.code).toBe('DEADLINES_OUT_OF_ORDER');
    expect(fields(e)).toEqual(['reentryEndsAt']);
  });

  it('R-SEAT-1: seats per table outside 2..10 is refused, never clamped', () => {
    expect(validateSettings(baseSettings({ seatsPerTable: 2 }), club).seatsPerTable).toBe(2);
    expect(validateSettings(baseSettings({ seatsPerTable: 10 }), club).seatsPerTable).toBe(10);
    for (const seatsPerTable of [1, 11, 6.5]) {
      expect(refusal(baseSettings({ seatsPerTable })).code).toBe('SEATS_PER_TABLE_OUT_OF_RANGE');
    }
  });

  it('lists every offending field in one refusal', () => {
    const e = refusal({
      ...baseSettings({ lateRegEndsAt: START - 1, seatsPerTable: 12, buyIn: -5 }),
      name: '',
      startingStack: 0,
      itmMinimum: 0,
      prizes: [
        { place: 1, description: 'Кубок' },
        { place: 0, description: '' },
      ],
    } as SettingsInput);
    expect(e.code).toBe('SETTINGS_INVALID');
    expect(new Set(fields(e))).toEqual(
      new Set([
        'name',
        'buyIn',
        'startingStack',
        'itmMinimum',
        'seatsPerTable',
        'lateRegEndsAt',
        'prizes[1].description',
        'prizes[1].place',
      ]),
    );
  });

  it('prices are non-negative integer minor units; zero means offered free', () => {
    expect(validateSettings(baseSettings({ buyIn: 0, rebuy: 0 }), club).rebuy).toBe(0);
    expect(fields(refusal(baseSettings({ rebuy: 10.5, addon: -1 })))).toEqual(['rebuy', 'addon']);
  });

  it("takes the club's currency and refuses another", () => {
    expect(validateSettings(baseSettings(), { currency: 'AMD' }).currency).toBe('AMD');
    expect(fields(refusal(baseSettings({ currency: 'USD' })))).toEqual(['currency']);
  });

  it('refuses windows and chip amounts whose price is not set', () => {
    const e = refusal(baseSettings({ addonEndsAt: START + HOUR, addonChips: 5000, rebuyMaxPerPlayer: 2 }));
    expect(new Set(fields(e))).toEqual(new Set(['addonEndsAt', 'addonChips', 'rebuyMaxPerPlayer']));
  });

  it('keeps mystery bounty consistent with the bounty type', () => {
    expect(validateSettings(baseSettings({ bountyType: 'mystery' }), club).mysteryBounty).toBe(true);
    expect(validateSettings(baseSettings({ bountyType: 'classic', mysteryBounty: true }), club).mysteryBounty).toBe(true);
    expect(fields(refusal(baseSettings({ mysteryBounty: true })))).toEqual(['mysteryBounty']);
  });

  it('validates balancing and its defaults', () => {
    const s = validateSettings(baseSettings({ balancing: { mode: 'manual' } }), club);
    expect(s.balancing).toEqual({ moveRule: 'big_blind_next', allowedSkew: 1, mode: 'manual' });
    expect(fields(refusal(baseSettings({ balancing: { moveRule: 'oldest' as never, allowedSkew: 0 } })))).toEqual([
      'balancing.moveRule',
      'balancing.allowedSkew',
    ]);
  });

  describe('prizes', () => {
    it('R-PRZ-1: an empty list is a tournament without prizes', () => {
      expect(validateSettings(baseSettings({ prizes: [] }), club).prizes).toEqual([]);
    });

    it('R-PRZ-1: accepts single places and blocks of places', () => {
      const prizes = [
        { place: 1, description: 'Кубок чемпиона' },
        { placeFrom: 2, placeTo: 5, description: 'Фрибай на следующий турнир' },
      ];
      expect(validateSettings(baseSettings({ prizes }), club).prizes).toEqual(prizes);
    });

    it('R-PRZ-1: at most 200 rows', () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ place: i + 1, description: 'Медаль' }));
      expect(validateSettings(baseSettings({ prizes: rows(200) }), club).prizes).toHaveLength(200);
      expect(fields(refusal(baseSettings({ prizes: rows(201) })))).toEqual(['prizes']);
    });

    it('R-PRZ-1: at most 500 characters in a description', () => {
      expect(validateSettings(baseSettings({ prizes: [{ place: 1, description: 'к'.repeat(500) }] }), club).prizes).toHaveLength(1);
      expect(fields(refusal(baseSettings({ prizes: [{ place: 1, description: 'к'.repeat(501) }] })))).toEqual(['prizes[0].description']);
    });

    it('R-PRZ-1: every description goes through the money-wording check, each offending row named', () => {
      const e = refusal(
        baseSettings({
          prizes: [
            { place: 1, description: '10 000 ₽' },
            { place: 2, description: 'Кубок' },
            { place: 3, description: 'cash prize' },
          ],
        }),
      );
      expect(e.code).toBe('MONEY_WORDING');
      expect(fields(e)).toEqual(['prizes[0].description', 'prizes[2].description']);
    });

    it('refuses rows that describe the same place twice', () => {
      const e = refusal(
        baseSettings({
          prizes: [
            { placeFrom: 1, placeTo: 3, description: 'Медаль' },
            { place: 3, description: 'Кубок' },
          ],
        }),
      );
      expect(fields(e)).toEqual(['prizes[1]']);
    });
  });

  it('R-MONEY-2: the name and description are prize-facing announcement text too', () => {
    expect(fields(refusal(baseSettings({ name: 'Турнир на 100 000 руб' })))).toEqual(['name']);
  });

  it('create and edit use the same validator', () => {
    const desk = new Desk({}, 'announced');
    expect(() => desk.run(editSettings, { patch: { seatsPerTable: 11 } })).toThrow(/Invalid tournament settings/);
  });
});
