import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../../../domain/text/money/checker';
import { cyrSkeleton, tokenize } from '../../../../domain/text/money/normalise';

const words = (text: string) => tokenize(text).filter((t) => t.kind === 'word');

describe('money text normalisation (R-MONEY-2)', () => {
  it('R-MONEY-2: NFKC, combining marks and invisible characters are undone before matching', () => {
    for (const text of ['Ｃａｓｈ', 'де\u0301ньги', 'ден\u200dьги', 'день\u00adги', 'рубле\u0308й', '𝐜𝐚𝐬𝐡']) {
      expect(checkMoney(text).outcome, text).toBe('refuse');
    }
  });

  it('R-MONEY-2: Latin, Greek, digit and symbol lookalikes fold to one skeleton', () => {
    for (const text of ['pyб', 'ρуб', 'm0ney', 'c@sh', 'ca$h', 'сash', 'мопеу', 'ᴄᴀꜱʜ'])
      expect(checkMoney(text).outcome, text).toBe('refuse');
  });

  it('R-MONEY-2: letters separated by blanks, hyphens or dots are read as one word, with the original span', () => {
    const [w] = words('Приз: к э ш!').slice(1);
    expect(w?.forms.cyr).toEqual(['кеш']);
    expect('Приз: к э ш!'.slice(w?.start, w?.end)).toBe('к э ш');
    for (const text of ['д-е-н-ь-г-и', 'Д.Е.Н.Ь.Г.И', 'c a s h']) expect(checkMoney(text).outcome, text).toBe('refuse');
    // Ordinary one-letter words are not glued to their neighbours.
    expect(checkMoney('Кубок и медаль, а также кружка').outcome).toBe('allow');
  });

  it('R-MONEY-2: Latin-script Russian is transliterated ("rublej", "den\'gi", "nal")', () => {
    expect(words('rublej')[0]?.forms.cyrT).toEqual([cyrSkeleton('рублей')]);
    for (const text of ['rublej', "den'gi", 'kesh', 'nal', 'baksy']) expect(checkMoney(text).outcome, text).not.toBe('allow');
    // Short English words are not read as Russian ones: "back rub" is not "руб".
    expect(checkMoney('Back rub voucher').outcome).toBe('allow');
  });

  it('R-MONEY-2: negation and compliance statements pass; money after a negated clause does not', () => {
    for (const text of ['Без денег', 'Не денежный приз', 'Выплата не предусмотрена', 'non-cash prize', 'Առանց դրամական մրցանակների']) {
      expect(checkMoney(text).outcome, text).toBe('allow');
    }
    expect(checkMoney('Без кубков, только кэш').outcome).toBe('refuse');
    expect(checkMoney('Не 5000 руб').outcome).toBe('refuse');
  });
});
