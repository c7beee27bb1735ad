import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../../../domain/core/errors';
import type { DomainError } from '../../../domain/core/errors';
import { assertNoMoneyWording, findMoneyWording, moneyReviewItems } from '../../../domain/text/money-wording';
import { CORPUS } from './money/corpus';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const REFUSED = CORPUS.filter((r) => r.expected === 'refuse').map((r) => r.text);
const ALLOWED = CORPUS.filter(
  (r) => r.expected === 'allow' && findMoneyWording(r.text) === null && moneyReviewItems('x', r.text).length === 0,
).map((r) => r.text);

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected MONEY_WORDING');
}

describe('findMoneyWording', () => {
  it.each([
    ['Приз: 5 000 р. победителю', '5 000 р.'],
    ['Рубашка клуба и 3 рубля', '3 рубля'],
    ['Кубок и 100 $ сверху', '100 $'],
    ['Cup, medal and $50', '$50'],
    ['гонорар 10000 рублей', 'гонорар'],
    ['Мерч, затем cash', 'cash'],
  ])('R-MONEY-2: in %j reports the earliest offending fragment %j', (text, fragment) => {
    expect(findMoneyWording(text)).toBe(fragment);
  });

  it('R-MONEY-2: reports disguised words as they were typed', () => {
    expect(findMoneyWording('Приз 1000 pyб')).toBe('1000 pyб');
    expect(findMoneyWording('Приз: день\u00adги')).toBe('день\u00adги');
    expect(findMoneyWording('Приз: к э ш')).toBe('к э ш');
  });

  it('R-MONEY-2: a number of points, chips or visits is not an amount of money (property)', PROPERTY_TEST, () => {
    const unit = fc.constantFrom('очков', 'очков рейтинга', 'фишек', 'посещения', 'points', 'chips', 'visits', 'место', 'шт.');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), unit, (n, grouped, u) => {
        const amount = grouped ? n.toLocaleString('ru-RU') : String(n);
        expect(findMoneyWording(`Приз: ${amount} ${u}`)).toBeNull();
        expect(moneyReviewItems('prize', `Приз: ${amount} ${u}`)).toEqual([]);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-MONEY-2: a bare amount in a prize is held for review, never allowed (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.constantFrom('Приз', 'Победителю', '1 место —', 'Prize'), (n, lead) => {
        expect(moneyReviewItems('prize', `${lead} ${n}`).length).toBeGreaterThan(0);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-MONEY-2: any number followed by a currency marker is refused (property)', PROPERTY_TEST, () => {
    const marker = fc.constantFrom(
      'р.',
      'руб',
      'рублей',
      '₽',
      '$',
      '€',
      'RUB',
      'usd',
      'EUR',
      'у.е.',
      'тыс. руб',
      'k$',
      'евро',
      'долларов',
      'bucks',
      'драм',
      'AMD',
      '֏',
      'тенге',
      'грн',
      'PLN',
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.constantFrom('', ' '), marker, (n, gap, m) => {
        expect(findMoneyWording(`Победителю ${n}${gap}${m}`)).not.toBeNull();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-MONEY-2: an allowed prize stays refused once money wording is added anywhere (property)', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALLOWED), fc.constantFrom(...REFUSED), fc.boolean(), (prize, money, before) => {
        const text = before ? `${money}; ${prize}` : `${prize}. ${money}`;
        expect(findMoneyWording(text)).not.toBeNull();
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });

  it('R-MONEY-2: the reported fragment is always a piece of the input (property)', PROPERTY_TEST, () => {
    const ch = fc.constantFrom(...'рубльpyбcash $₽5 0.\u00ad\u200bе\u0308мденьгиkу-'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: ch, maxLength: 30 }), (text) => {
        const fragment = findMoneyWording(text);
        if (fragment !== null) expect(text).toContain(fragment);
      }),
      { numRuns: DEFAULT_RUNS },
    );
  });
});

describe('assertNoMoneyWording', () => {
  it('R-MONEY-2: throws a 422-kind MONEY_WORDING error naming the field and the fragment', () => {
    const e = refusal(() => assertNoMoneyWording('prizes[2].description', 'Кубок + 5000р'));
    expect(e.code).toBe('MONEY_WORDING');
    expect(e.kind).toBe('rule');
    expect(e.message).toContain('5000р');
    expect(e.errors).toEqual([{ field: 'prizes[2].description', message: expect.stringContaining('"5000р"') }]);
  });

  it('R-MONEY-2: accepts an empty text and a text held for review (the hold is separate)', () => {
    expect(() => assertNoMoneyWording('description', '')).not.toThrow();
    expect(() => assertNoMoneyWording('description', 'Приз 5к')).not.toThrow();
    expect(moneyReviewItems('description', 'Приз 5к')).toEqual([
      { field: 'description', fragment: expect.stringContaining('5к'), reason: expect.any(String) },
    ]);
  });
});
