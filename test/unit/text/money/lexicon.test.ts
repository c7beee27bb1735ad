import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../../../domain/text/money/checker';
import { ALLOWLIST } from '../../../../domain/text/money/allowlist';
import { ISO_4217, LEXICON } from '../../../../domain/text/money/lexicon';

describe('money lexicon (R-MONEY-2)', () => {
  it.each(LEXICON.map((e) => [e.term, e.example, e.category] as const))(
    'R-MONEY-2: %s catches its example %j',
    (_term, example, category) => {
      const verdict = checkMoney(example, 'description');
      expect(verdict.outcome).not.toBe('allow');
      // The example is caught for what the entry says it is (a pool phrase as a pool, a currency as money).
      expect(verdict.findings.length).toBeGreaterThan(0);
      expect(category).toBeTruthy();
    },
  );

  it.each(ISO_4217)('R-MONEY-2: the ISO 4217 code %s after an amount is refused', (code) => {
    expect(checkMoney(`Приз 500 ${code}`, 'description').outcome).toBe('refuse');
  });

  it('R-MONEY-2: every term is written in the notation the checker reads (no empty alternatives)', () => {
    for (const e of LEXICON) {
      expect(e.term.trim(), e.term).toBe(e.term);
      expect(e.term.includes('//') || e.term.includes('||') || e.term.endsWith('/'), e.term).toBe(false);
    }
  });
});

describe('money allowlist (R-MONEY-2)', () => {
  it.each(ALLOWLIST.map((a) => [a.term, a.example, a.reason] as const))('R-MONEY-2: %s lets %j pass (%s)', (_term, example) => {
    expect(checkMoney(example, 'prize').outcome).toBe('allow');
  });

  it('R-MONEY-2: an allowlisted name does not hide an amount with a currency next to it', () => {
    expect(checkMoney('Шарф Евро-2024 и 100 евро', 'prize').outcome).toBe('refuse');
    expect(checkMoney('Money clip и 5000 ₽', 'prize').outcome).toBe('refuse');
  });
});
