import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../../../domain/text/money/checker';
import { CLAUSE_RULES } from '../../../../domain/text/money/lexicon';

const outcome = (text: string) => checkMoney(text, 'prize').outcome;

describe('money by what a clause says (R-MONEY-2, R-MONEY-3)', () => {
  it.each(CLAUSE_RULES.map((r) => [r.all.join(' + '), r.example, r.outcome, r.passes] as const))(
    'R-MONEY-2: %s: %j is %s, %j passes',
    (_kinds, example, want, passes) => {
      const verdict = checkMoney(example, 'prize');
      expect(verdict.outcome === 'refuse' || verdict.outcome === want).toBe(true);
      expect(verdict.findings.length).toBeGreaterThan(0);
      expect(outcome(passes)).toBe('allow');
    },
  );

  it('R-MONEY-3: a fee paid back is refused and names the fee and the refund; a negated one is a statement', () => {
    const v = checkMoney('Финалистам возмещаем орг. сбор', 'prize');
    expect(v.outcome).toBe('refuse');
    expect(v.findings.some((f) => f.reason.includes('R-MONEY-3'))).toBe(true);
    expect(outcome('Игроку на баббле — вход обратно')).toBe('refuse');
    expect(outcome('Взнос не возвращается')).toBe('allow');
    // A free entry is a prize (R-PRZ-2), not a fee coming back.
    expect(outcome('Баббл-игроку — бесплатный вход на следующий турнир')).toBe('allow');
  });

  it('R-MONEY-3: percentages of a payout and shares of a hundred are refused; of points, blinds or a discount they pass', () => {
    expect(outcome('Первому 50%, второму 30%, третьему 20%')).toBe('refuse');
    expect(outcome('The pot is split 50/30/20')).toBe('refuse');
    expect(checkMoney('Payout structure 45-25-15-10-5', 'prize').findings.some((f) => f.fragment.includes('45-25-15-10-5'))).toBe(true);
    expect(outcome('Очки делятся 50/30/20 между первыми тремя')).toBe('allow');
    expect(outcome('Blinds 100/200/400')).toBe('allow');
    expect(outcome('Скидка 10% на бар и 20% на кухню')).toBe('allow');
  });

  it('R-MONEY-2: a credit to a card or an account is refused; points to a league account and a fee paid by card are not', () => {
    expect(outcome('Начислим на баланс кошелька')).toBe('refuse');
    expect(outcome('We top up the winner’s wallet')).toBe('refuse');
    expect(outcome('Рейтинговые очки начисляются на счёт игрока в лиге')).toBe('allow');
    expect(outcome('The fee is paid at the desk by card')).toBe('allow');
    // "баланс" is not a count of points ("балл*" would have read it as one).
    expect(outcome('Пополним баланс телефона победителю')).toBe('refuse');
  });

  it('R-MONEY-2: cash equivalents are held, with a reason; the club’s own certificates and chips pass', () => {
    for (const text of [
      'Подарочный сертификат «Золотое яблоко»',
      'Bar deposit for the winner’s table',
      'Travel compensation for finalists',
    ]) {
      const v = checkMoney(text, 'prize');
      expect(v.outcome, text).toBe('review');
      expect(v.findings[0]?.reason, text).toMatch(/\w/);
    }
    expect(outcome('Сертификат клуба на ужин')).toBe('allow');
    expect(outcome('Early bird bonus: 5,000 extra chips')).toBe('allow');
  });
});
