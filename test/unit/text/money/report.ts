import type { CorpusRow } from './corpus';

/** The targets of the money checker on its corpus (R-MONEY-2). */
export const MONEY_TARGETS = { maxFalseReviewPercent: 2, maxMicrosPerText: 50 } as const;

type Outcome = 'allow' | 'review' | 'refuse';

interface CategoryReport {
  money: number;
  caught: number;
  allow: number;
  falseRefusals: number;
  falseReviews: number;
}

/** Recall on money phrases, false refusals and false reviews on allowed ones, per category. */
export function corpusReport(corpus: readonly CorpusRow[], check: (text: string) => Outcome) {
  const byCategory: Record<string, CategoryReport> = {};
  const money = { total: 0, caught: 0 };
  const allow = { total: 0, refused: 0, held: 0 };
  const failures: { text: string; category: string; expected: string; got: Outcome }[] = [];
  for (const row of corpus) {
    const got = check(row.text);
    const c = (byCategory[row.category] ??= { money: 0, caught: 0, allow: 0, falseRefusals: 0, falseReviews: 0 });
    if (row.expected === 'allow') {
      allow.total += 1;
      c.allow += 1;
      if (got === 'refuse') {
        allow.refused += 1;
        c.falseRefusals += 1;
      } else if (got === 'review') {
        allow.held += 1;
        c.falseReviews += 1;
      }
      if (got !== 'allow') failures.push({ text: row.text, category: row.category, expected: row.expected, got });
    } else {
      money.total += 1;
      c.money += 1;
      if (got !== 'allow') {
        money.caught += 1;
        c.caught += 1;
      } else failures.push({ text: row.text, category: row.category, expected: row.expected, got });
    }
  }
  return { byCategory, money, allow, failures };
}
