import { ruleError } from '../core/errors';
import { checkMoney, type MoneyFinding, type MoneyTextKind, type MoneyVerdict } from './money/checker';

/**
 * R-MONEY-2: prizes and rewards are never money. One checker (`money/checker.ts`, its words in
 * `money/lexicon.ts` and `money/allowlist.ts`) serves every write path that stores text people read,
 * so the rule is applied the same way everywhere. It answers allow, review or refuse: a refusal is a
 * 422 naming the field and the fragment; a text held for review is stored and waits for an operator
 * (see `money-review.ts`). docs/decisions/money-wording.md explains the outcomes and the normalisation.
 */

export type { MoneyFinding, MoneyTextKind, MoneyVerdict };
export { checkMoney };

/** The offending fragment of a refused text (the earliest, the longest there), or null. */
export function findMoneyWording(text: string, kind: MoneyTextKind = 'prize'): string | null {
  const refusal = checkMoney(text, kind).findings.find((f) => f.outcome === 'refuse');
  return refusal ? refusal.fragment : null;
}

/** Throws a 422-kind MONEY_WORDING error naming the field and the fragment when the text is refused. */
export function assertNoMoneyWording(field: string, text: string, kind: MoneyTextKind = 'prize'): void {
  const fragment = findMoneyWording(text, kind);
  if (fragment !== null) {
    throw ruleError('MONEY_WORDING', `Prizes are never money: "${fragment}" is not allowed in ${field}`, [
      { field, message: `money wording "${fragment}" is not allowed (R-MONEY-2)` },
    ]);
  }
}

/** A piece of text held for an operator's review: which field, what, and why. */
export interface MoneyReviewItem {
  field: string;
  fragment: string;
  reason: string;
}

/** What of a text that is not refused an operator must look at before it takes effect. */
export function moneyReviewItems(field: string, text: string, kind: MoneyTextKind = 'prize'): MoneyReviewItem[] {
  const verdict = checkMoney(text, kind);
  if (verdict.outcome !== 'review') return [];
  return verdict.findings.map((f) => ({ field, fragment: f.fragment, reason: f.reason }));
}

/**
 * For a text that takes effect at once, with no operator to wait for (the screens' announcement line, a
 * ticket's note): refused when the checker refuses it and also when it would hold it for review, with a
 * 422 MONEY_WORDING naming the field, the fragment and why; `what` names the text in the message.
 */
export function assertNoMoneyWordingNow(field: string, text: string, kind: MoneyTextKind, what: string): void {
  assertNoMoneyWording(field, text, kind);
  const review = moneyReviewItems(field, text, kind)[0];
  if (review) {
    throw ruleError('MONEY_WORDING', `"${review.fragment}" would need an operator's review (R-MONEY-2); word the ${what} otherwise`, [
      { field, message: `"${review.fragment}": ${review.reason}` },
    ]);
  }
}
