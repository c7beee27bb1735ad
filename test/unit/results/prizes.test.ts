import { describe, expect, it } from 'vitest';
import { findMoneyWording } from '../../../domain/text/money-wording';
import { PRIZE_PRESETS, presetRows, prizeForPlace, type PrizeRow } from '../../../domain/results';
import { expectRefusal } from './fixtures';

describe('prize presets', () => {
  it('R-PRZ-2: exports the four presets of the rules', () => {
    expect(PRIZE_PRESETS.map((p) => [p.id, p.name, p.nameEn])).toEqual([
      ['cup_and_free_entries', 'Кубок и бесплатные входы', 'Cup and free entries'],
      ['club_merch', 'Мерч клуба', 'Club merch'],
      ['venue_certificates', 'Сертификаты заведения', 'Venue certificates'],
      ['freerolls_for_itm', 'Фрироллы всем ITM', 'Freerolls for all ITM'],
    ]);
  });

  it('R-PRZ-2: "Cup and free entries" and "Club merch" cover the top 3', () => {
    const cup = presetRows('cup_and_free_entries', 50);
    expect(cup.map((r) => ('place' in r ? r.place : -1))).toEqual([1, 2, 3]);
    expect(prizeForPlace(cup, 1)).toMatch(/^Кубок/);
    expect(prizeForPlace(cup, 2)).toMatch(/вход/);
    expect(prizeForPlace(cup, 4)).toBeUndefined();
    expect(presetRows('club_merch', 50).map((r) => r.description)).toEqual(['Худи клуба', 'Футболка клуба', 'Бейсболка клуба']);
  });

  it('R-PRZ-2: fixed presets are cut to the field size', () => {
    expect(presetRows('club_merch', 2).map((r) => r.description)).toEqual(['Худи клуба', 'Футболка клуба']);
    expect(presetRows('venue_certificates', 1)).toHaveLength(1);
    expect(presetRows('cup_and_free_entries', 0)).toEqual([]);
  });

  it('R-PRZ-2: "Freerolls for all ITM" gives one free entry to each paid place, 10% of the field', () => {
    const rows = presetRows('freerolls_for_itm', 45);
    expect(rows).toEqual([{ placeFrom: 1, placeTo: 5, description: expect.stringMatching(/вход/) }]);
    for (let place = 1; place <= 5; place++) expect(prizeForPlace(rows, place)).toBeDefined();
    expect(prizeForPlace(rows, 6)).toBeUndefined();
    expect(presetRows('freerolls_for_itm', 120)[0]).toMatchObject({ placeTo: 12 });
    expect(presetRows('freerolls_for_itm', 4)[0]).toMatchObject({ placeTo: 1 });
    expect(presetRows('freerolls_for_itm', 0)).toEqual([]);
  });

  it('R-PRZ-2: no preset names money (R-MONEY-2)', () => {
    for (const p of PRIZE_PRESETS) {
      const texts = [p.name, p.nameEn, ...presetRows(p.id, 100).map((r) => r.description)];
      for (const t of texts) expect(findMoneyWording(t)).toBeNull();
    }
  });

  it('R-PRZ-2: an unknown preset or a bad field size is refused', () => {
    expectRefusal('PRIZE_PRESET_NOT_FOUND', [], () => presetRows('cash_game' as never, 10), 'not_found');
    expectRefusal('INVALID_FIELD_SIZE', [], () => presetRows('club_merch', -1), 'rule');
  });

  it('R-PRZ-2: a prize row covers one place or a range of places', () => {
    const rows: PrizeRow[] = [
      { place: 1, description: 'Кубок' },
      { placeFrom: 2, placeTo: 3, description: 'Медаль' },
      { placeFrom: 4, placeTo: 6, description: 'Фриролл' },
    ];
    expect([1, 2, 3, 4, 5, 6, 7].map((p) => prizeForPlace(rows, p))).toEqual([
      'Кубок',
      'Медаль',
      'Медаль',
      'Фриролл',
      'Фриролл',
      'Фриролл',
      undefined,
    ]);
  });
});
