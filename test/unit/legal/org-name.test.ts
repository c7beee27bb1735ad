import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseOrgName } from '../../../domain/legal';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

describe('normaliseOrgName', () => {
  it.each([
    ['ООО «Ромашка»', 'РОМАШКА'],
    ['ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"', 'РОМАШКА'],
    ['Общество с ограниченной ответственностью  „Ромашка“', 'РОМАШКА'],
    ['ООО"РОМАШКА"', 'РОМАШКА'],
    ['Публичное акционерное общество "Сбербанк России"', 'СБЕРБАНК РОССИИ'],
    ['ПАО Сбербанк России', 'СБЕРБАНК РОССИИ'],
    ['АКЦИОНЕРНОЕ ОБЩЕСТВО «ТИНЬКОФФ БАНК»', 'ТИНЬКОФФ БАНК'],
    ['ЗАО ‘Покер-Клуб’', 'ПОКЕР-КЛУБ'],
    ['ОАО «Ёлка»', 'ЕЛКА'],
    ['АО Ёж и ёлка', 'ЕЖ И ЕЛКА'],
    ['ИП Иванов Иван Иванович', 'ИВАНОВ ИВАН ИВАНОВИЧ'],
    ['Индивидуальный предприниматель  Иванов\tИван\u00a0Иванович', 'ИВАНОВ ИВАН ИВАНОВИЧ'],
    ['АНО «Спортивный покер»', 'СПОРТИВНЫЙ ПОКЕР'],
    ['Автономная некоммерческая организация "Спортивный покер"', 'СПОРТИВНЫЙ ПОКЕР'],
  ])('R-CLUB-3: %s -> %s', (input, expected) => {
    expect(normaliseOrgName(input)).toBe(expected);
  });

  it('R-CLUB-3: the registry spelling and the everyday spelling of one organisation normalise alike', () => {
    expect(normaliseOrgName('ООО «ЯНДЕКС»')).toBe(normaliseOrgName('ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ЯНДЕКС"'));
  });

  it('R-CLUB-3: legal-form letters inside a word are kept', () => {
    expect(normaliseOrgName('ООО «Аорта»')).toBe('АОРТА');
    expect(normaliseOrgName('Ипподром ООО')).toBe('ИППОДРОМ');
    expect(normaliseOrgName('Общество любителей покера')).toBe('ОБЩЕСТВО ЛЮБИТЕЛЕЙ ПОКЕРА');
  });

  it('R-CLUB-3: output is upper case, without ё, quotes or extra spaces (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'аёЁбв «»"\'„“ ООО ип\tx'.split('')), maxLength: 40 }), (s) => {
        const n = normaliseOrgName(s);
        expect(n).toBe(n.toUpperCase());
        expect(n).not.toMatch(/[Ё«»"'„“]|\s\s|^\s|\s$|\t/);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});
