import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '../../../domain/core/errors';
import { validateSettings, type SettingsInput } from '../../../domain/tournaments';
import { baseSettings } from './harness';

const club = { currency: 'RUB' };

function refusal(input: SettingsInput): DomainError {
  try {
    validateSettings(input, club);
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('bounty settings', () => {
  it('R-BTY-3: a progressive bounty accumulates by default: 100 points on each head, half collected; as_classic stays available', () => {
    expect(validateSettings(baseSettings({ bountyType: 'progressive' }), club)).toMatchObject({
      progressiveMode: 'accumulate',
      initialBounty: 100,
      progressiveCollectPercent: 50,
    });
    const s = validateSettings(baseSettings({ bountyType: 'progressive', progressiveMode: 'as_classic', initialBounty: 500 }), club);
    expect(s.progressiveMode).toBe('as_classic');
    expect('initialBounty' in s).toBe(false);
    const e = refusal(baseSettings({ bountyType: 'progressive', initialBounty: 0, progressiveCollectPercent: 101 }));
    expect((e.errors ?? []).map((i) => i.field)).toEqual(['initialBounty', 'progressiveCollectPercent']);
  });

  it('R-BTY-1: another bounty type keeps none of the progressive or mystery settings', () => {
    const s = validateSettings(baseSettings({ bountyType: 'classic', initialBounty: 300, mysteryPrizeSource: 'server_table' }), club);
    expect(
      ['progressiveMode', 'initialBounty', 'progressiveCollectPercent', 'mysteryPrizeSource', 'mysteryPrizeTable'].filter((k) => k in s),
    ).toEqual([]);
  });

  it('R-MYS-2: a prize table means the server draws; rows are sorted by order; the hand-drawn text stays the default', () => {
    const s = validateSettings(
      baseSettings({
        bountyType: 'mystery',
        mysteryPrizeTable: [
          { prize: ' Кепка клуба ', quantity: 3 },
          { prize: 'Худи клуба', quantity: 1, order: 1 },
        ],
      }),
      club,
    );
    expect(s.mysteryPrizeSource).toBe('server_table');
    expect(s.mysteryPrizeTable).toEqual([
      { prize: 'Худи клуба', quantity: 1, order: 1 },
      { prize: 'Кепка клуба', quantity: 3 },
    ]);
    expect(validateSettings(baseSettings({ bountyType: 'mystery' }), club).mysteryPrizeSource).toBe('client_text');
  });

  it('R-MYS-2, R-MONEY-2: money wording, a bad quantity or a table without the server source is refused, naming the field', () => {
    const money = refusal(baseSettings({ bountyType: 'mystery', mysteryPrizeTable: [{ prize: 'Сертификат на 5000 руб', quantity: 1 }] }));
    expect(money.code).toBe('MONEY_WORDING');
    expect(money.errors?.[0]?.field).toBe('mysteryPrizeTable[0].prize');
    const bad = refusal(
      baseSettings({
        bountyType: 'mystery',
        mysteryPrizeTable: [
          { prize: 'Кепка', quantity: 0 },
          { prize: '', quantity: 1 },
        ],
      }),
    );
    expect((bad.errors ?? []).map((i) => i.field)).toEqual(['mysteryPrizeTable[0].quantity', 'mysteryPrizeTable[1].prize']);
    const mixed = refusal(
      baseSettings({ bountyType: 'mystery', mysteryPrizeSource: 'client_text', mysteryPrizeTable: [{ prize: 'Кепка', quantity: 1 }] }),
    );
    expect(mixed.errors?.[0]?.field).toBe('mysteryPrizeTable');
    expect(refusal(baseSettings({ bountyType: 'mystery', mysteryPrizeSource: 'server_table' })).errors?.[0]?.field).toBe(
      'mysteryPrizeTable',
    );
  });
});
