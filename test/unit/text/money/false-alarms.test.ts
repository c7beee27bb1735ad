import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../../../domain/text/money/checker';
import { EXCHANGE_WORDS, SCREEN_WORDS, UNIT_WORDS } from '../../../../domain/text/money/lexicon';

const outcome = (text: string) => checkMoney(text, 'prize').outcome;
const spellings = (term: string) =>
  term
    .split(/[/|\s]/)
    .filter((w) => /\p{L}/u.test(w))
    .map((w) => w.replace(/\*$/, ''));

describe('fewer false alarms (R-MONEY-2)', () => {
  it('R-MONEY-2: a negation reaches the money word through an exchange predicate: the rules’ own statements pass', () => {
    for (const text of [
      'Не подлежит обмену на деньги',
      'Очки не могут быть обменены на деньги',
      'Кубок не может быть заменён денежной компенсацией',
      'Points cannot be exchanged for money',
      'Tickets cannot be sold or exchanged for cash',
      'Ֆիշկաները դրամական արժեք չունեն',
    ])
      expect(outcome(text), text).toBe('allow');
  });

  it('R-MONEY-2: the negation’s scope ends with its clause: money after it is still refused', () => {
    expect(outcome('Не подлежит обмену на деньги. Победителю 5000 рублей')).toBe('refuse');
    expect(outcome('Cannot be exchanged for trophies, cash prize instead')).toBe('refuse');
    expect(outcome('Обмен фишек на деньги')).toBe('refuse');
  });

  it.each(spellings(EXCHANGE_WORDS).map((w) => [w] as const))('R-MONEY-2: the exchange word %s carries a negation to its object', (w) => {
    // Four words back: only the exchange word lets the negation reach "деньги".
    expect(outcome(`Не подлежит ${w} на деньги`)).toBe('allow');
    expect(outcome('Не подлежит торгу на деньги')).toBe('refuse');
  });

  it.each(spellings(UNIT_WORDS).map((w) => [w] as const))('R-MONEY-2: a number hyphenated to the unit %s is a count', (w) => {
    expect(outcome(`Набор 500-${w}`)).toBe('allow');
    expect(outcome('Набор 500')).toBe('review');
  });

  it.each(spellings(SCREEN_WORDS).map((w) => [w] as const))('R-MONEY-2: with the screen word %s, "4K" is a resolution', (w) => {
    expect(outcome(`${w} 4K`)).toBe('allow');
  });

  it('R-MONEY-2: a quoted venue name is allowed, not the words before it', () => {
    expect(outcome('Ужин в ресторане «Доллар»')).toBe('allow');
    expect(outcome('Кэш-бар «Туз»: ужин')).toBe('refuse');
    expect(outcome('Кафе «Копейка» и 5000 рублей')).toBe('refuse');
  });

  it('R-MONEY-2: "4K" without a screen is still four thousand in a prize', () => {
    expect(outcome('Приз 4K')).toBe('review');
  });
});
