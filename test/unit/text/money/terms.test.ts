import { describe, expect, it } from 'vitest';
import { tokenize, wordForms, type Token, type WordToken } from '../../../../domain/text/money/normalise';
import { TermSet } from '../../../../domain/text/money/terms';

const set = () =>
  new TermSet<string>([
    { term: '# в/на призов*/банк', payload: 'amount to the pot' },
    { term: '% ~ ~ взнос*', payload: 'share of fees' },
    { term: '« ~ » ресторан*', payload: 'quoted venue' },
    { term: 'на карту/счет*', payload: 'to a card' },
    { term: 'приз', payload: 'prize' },
    { term: 'рубль/рубли', payload: 'rouble', translit: true },
  ]);
const hitsAt = (terms: TermSet<string>, tokens: Token[], i: number) => terms.matchAt(tokens, i).map((h) => [h.payload, h.first, h.last]);

describe('money term sets (R-MONEY-2)', () => {
  it('R-MONEY-2: a number or a symbol is tried only against the terms that start with it', () => {
    const terms = set();
    const tokens = tokenize('5000 на призовой. 10% от взносов, «Гранд» ресторан');
    const kinds = tokens.map((t) => t.text);
    expect(terms.candidatesOf(tokens[0] as Token).map((c) => c.payload)).toEqual(['amount to the pot']);
    // "." and "," start no term: nothing is tried there.
    expect(terms.candidatesOf(tokens[kinds.indexOf('.')] as Token)).toHaveLength(0);
    expect(terms.candidatesOf(tokens[kinds.indexOf(',')] as Token)).toHaveLength(0);
    expect(terms.candidatesOf(tokens[kinds.indexOf('%')] as Token).map((c) => c.payload)).toEqual(['share of fees']);
    expect(hitsAt(terms, tokens, 0)).toEqual([['amount to the pot', 0, 2]]);
    expect(hitsAt(terms, tokens, kinds.indexOf('%'))).toEqual([['share of fees', kinds.indexOf('%'), kinds.indexOf('взносов')]]);
    expect(hitsAt(terms, tokens, kinds.indexOf('«'))).toEqual([['quoted venue', kinds.indexOf('«'), tokens.length - 1]]);
    // A number where the term wants one, but not the words after it.
    expect(hitsAt(terms, tokenize('5000 на кубок'), 0)).toEqual([]);
  });

  it('R-MONEY-2: the words after the first match whole spellings and stems alike, each reading in its own script', () => {
    const terms = set();
    expect(hitsAt(terms, tokenize('на карту'), 0)).toEqual([['to a card', 0, 1]]);
    expect(hitsAt(terms, tokenize('на счёте'), 0)).toEqual([['to a card', 0, 1]]);
    // A whole spelling is not a stem: "картуш" is not "карту".
    expect(hitsAt(terms, tokenize('на картуш'), 0)).toEqual([]);
    expect(hitsAt(terms, tokenize('на кубок'), 0)).toEqual([]);
    // Lookalike letters fold into the reading the phrase compares with.
    expect(hitsAt(terms, tokenize('на kapту'), 0)).toEqual([['to a card', 0, 1]]);
  });

  it('R-MONEY-2: a word read another way changes only its own candidates, not the words after it', () => {
    const terms = set();
    const tokens = tokenize('xyz карту');
    expect(terms.matchAt(tokens, 0)).toEqual([]);
    const asNa: WordToken = { ...(tokens[0] as WordToken), forms: wordForms('на'), parts: [] };
    expect(terms.matchReadingAt(asNa, tokens, 0).map((h) => [h.payload, h.first, h.last])).toEqual([['to a card', 0, 1]]);
    // Only a word can be read another way.
    expect(terms.matchReadingAt(asNa, tokenize('5 карту'), 0)).toEqual([]);
  });

  it('R-MONEY-2: a reading keeps its key, and different readings have different keys', () => {
    expect(wordForms('приз').key).toBe(wordForms('приз').key);
    expect(wordForms('приз').key).not.toBe(wordForms('кубок').key);
    expect(wordForms('приз').key).toBeGreaterThanOrEqual(0);
  });
});
