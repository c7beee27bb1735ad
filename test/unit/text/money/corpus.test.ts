import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../../../domain/text/money/checker';
import { CORPUS } from './corpus';
import { corpusReport, MONEY_TARGETS } from './report';

describe('money wording corpus (R-MONEY-2)', () => {
  const report = corpusReport(CORPUS, (text) => checkMoney(text, 'prize').outcome);

  it('R-MONEY-2: the corpus holds at least 600 phrases in Russian, English and Armenian, each category with traps and look-alikes', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(600);
    for (const lang of ['ru', 'en', 'hy']) expect(CORPUS.filter((r) => r.lang === lang).length).toBeGreaterThan(20);
    for (const [category, r] of Object.entries(report.byCategory)) {
      if (category === 'names' || category === 'prizes') continue;
      expect(r.money, category).toBeGreaterThan(0);
      expect(r.allow, category).toBeGreaterThan(0);
    }
    expect(new Set(CORPUS.map((r) => r.text)).size).toBeGreaterThan(CORPUS.length - 30);
  });

  it('R-MONEY-2: every money phrase is refused or held for review', () => {
    expect(report.failures.filter((f) => f.expected !== 'allow')).toEqual([]);
    expect(report.money.caught).toBe(report.money.total);
  });

  it('R-MONEY-2: no allowed phrase is refused', () => {
    expect(report.failures.filter((f) => f.got === 'refuse')).toEqual([]);
  });

  it(`R-MONEY-2: at most ${MONEY_TARGETS.maxFalseReviewPercent}% of allowed phrases are held for review`, () => {
    expect((100 * report.allow.held) / report.allow.total).toBeLessThanOrEqual(MONEY_TARGETS.maxFalseReviewPercent);
  });

  it('R-MONEY-2: phrases labelled refuse are refused, not only held', () => {
    const refused = CORPUS.filter((r) => r.expected === 'refuse' && checkMoney(r.text, 'prize').outcome !== 'refuse');
    expect(refused.map((r) => r.text)).toEqual([]);
  });
});
