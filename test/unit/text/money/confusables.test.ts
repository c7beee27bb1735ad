import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../../../domain/text/money/checker';
import { CONFUSABLES } from '../../../../domain/text/money/confusables';
import { tokenize, type WordToken } from '../../../../domain/text/money/normalise';

const LATIN_MONEY = ['money', 'dollar', 'cash', 'euro', 'qiwi', 'zloty', 'hryvnia', 'ringgit', 'shekel', 'baht', 'jpy', 'bucks'];
const CYRILLIC_MONEY = ['деньги', 'доллар', 'рубль', 'кэш', 'гривна', 'тенге', 'манат', 'копеечка', 'гроші', 'тугрик', 'сомони'];
const outcome = (text: string) => checkMoney(text, 'prize').outcome;
const swap = (word: string, from: string, to: string) => word.replace(from, to);

describe('script mixing (Unicode TR39, R-MONEY-2)', () => {
  it.each(CONFUSABLES.map((c) => [c.char, c.name, c.lat, c.cyr ?? ''] as const))(
    'R-MONEY-2: %s (%s) inside a money word reads as its prototype and the word is refused',
    (char, _name, lat, cyr) => {
      const latin = LATIN_MONEY.find((w) => w.includes(lat));
      expect(latin, `a Latin money word with "${lat}"`).toBeDefined();
      expect(outcome(`Приз 100 ${swap(latin as string, lat, char)}`)).toBe('refuse');
      if (cyr) {
        const cyrillic = CYRILLIC_MONEY.find((w) => w.includes(cyr));
        expect(cyrillic, `a Cyrillic money word with "${cyr}"`).toBeDefined();
        expect(outcome(`Приз: ${swap(cyrillic as string, cyr, char)}`)).toBe('refuse');
      }
    },
  );

  it('R-MONEY-2: a money word mixing scripts is refused even when the word alone would only be held', () => {
    expect(outcome('Приз в евро')).toBe('review');
    expect(outcome('Приз в eвро')).toBe('refuse');
    expect(outcome('Победителю 1000 дpaмов')).toBe('refuse');
    expect(outcome('Приз 300 6аксов')).toBe('refuse');
    expect(checkMoney('Приз 300 6аксов').findings[0]?.fragment).toBe('300 6аксов');
  });

  it('R-MONEY-2: a word is mixed when one of its parts mixes scripts or has digits for letters, not a compound of two scripts', () => {
    const word = (text: string) => tokenize(text).find((t) => t.kind === 'word') as WordToken;
    expect(word('дօлларов').mixed).toBe(true);
    expect(word('m0ney').mixed).toBe(true);
    expect(word('Wi-Fi-роутер').mixed).toBe(false);
    expect(word('Т-shirt').mixed).toBe(false);
    expect(word('Հաղթողին').mixed).toBe(false);
  });

  it('R-MONEY-2: mixing outside money words passes (models, compounds, Armenian text with its own letters)', () => {
    for (const text of ['Bluetooth-колонка JBL', 'Т-shirt клуба', 'Смарт-часы Galaxy Watch6', 'Հաղթողին՝ գավաթ', 'Пpиз — кубок'])
      expect(outcome(text), text).toBe('allow');
  });
});
