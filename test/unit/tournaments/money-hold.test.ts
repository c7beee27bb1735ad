import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import { openRegistration, validateSettings } from '../../../domain/tournaments';
import { decideMoneyHold, holdAfterWrite, reviewItemsOfSettings } from '../../../domain/tournaments/money-hold';
import { prizeLabel } from '../../../domain/tournaments/prize-kinds';
import { baseSettings, Desk } from './harness';

const club = { currency: 'RUB' };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e.code;
    throw e;
  }
  return undefined;
}

describe('structured prizes (R-MONEY-2, R-PRZ-1)', () => {
  it('R-MONEY-2: a prize row with a kind needs no description; its label says what it is', () => {
    const s = validateSettings(
      baseSettings({
        prizes: [
          { place: 1, kind: 'trophy' },
          { place: 2, kind: 'certificate', certificateFor: 'ужин на двоих' },
          { place: 3, kind: 'rating_points', points: 250 },
          { placeFrom: 4, placeTo: 9, kind: 'satellite', entryTo: 'Main Event' },
          { place: 10, kind: 'merchandise', description: 'Худи клуба' },
        ] as never,
      }),
      club,
    );
    expect(s.prizes.map((p) => p.description)).toEqual([
      'Кубок',
      'Сертификат: ужин на двоих',
      '250 рейтинговых очков',
      'Вход в турнир: Main Event',
      'Худи клуба',
    ]);
    expect(s.prizes[1]).toMatchObject({ kind: 'certificate', certificateFor: 'ужин на двоих' });
    expect(prizeLabel({ kind: 'other' })).toBeUndefined();
  });

  it('R-MONEY-2: a kind without its detail, a detail of another kind or an unknown kind is refused with the field', () => {
    const fields = (prizes: unknown[]) => {
      try {
        validateSettings(baseSettings({ prizes } as never), club);
      } catch (e) {
        if (isDomainError(e)) return (e.errors ?? []).map((x) => x.field);
        throw e;
      }
      return [];
    };
    expect(fields([{ place: 1, kind: 'certificate' }])).toEqual(['prizes[0].certificateFor', 'prizes[0].description']);
    expect(fields([{ place: 1, kind: 'trophy', entryTo: 'x' }])).toEqual(['prizes[0].entryTo']);
    expect(fields([{ place: 1, kind: 'cash' }])).toEqual(['prizes[0].kind', 'prizes[0].description']);
    expect(fields([{ place: 1, kind: 'other' }])).toEqual(['prizes[0].description']);
    expect(fields([{ place: 1, kind: 'rating_points' }])).toEqual(['prizes[0].points', 'prizes[0].description']);
  });

  it('R-MONEY-2: a certificate that names a face value in money is refused; with a bare number it is held', () => {
    expect(
      codeOf(() =>
        validateSettings(baseSettings({ prizes: [{ place: 1, kind: 'certificate', certificateFor: 'на 5000 рублей' }] } as never), club),
      ),
    ).toBe('MONEY_WORDING');
    const s = validateSettings(
      baseSettings({ prizes: [{ place: 1, kind: 'certificate', certificateFor: 'ужин на 5000' }] } as never),
      club,
    );
    expect(reviewItemsOfSettings(s)).toEqual([{ field: 'prizes[0].certificateFor', fragment: '5000', reason: expect.any(String) }]);
  });
});

describe('money hold (R-MONEY-2)', () => {
  it('R-MONEY-2: a held tournament cannot open registration until an operator approves its texts', () => {
    const desk = new Desk({ prizes: [{ place: 1, description: 'Приз 10 тыс.' }] }, 'announced');
    const held = holdAfterWrite(desk.state, 1000);
    expect(held.moneyHold).toMatchObject({ status: 'held', items: [{ field: 'prizes[0].description' }] });
    expect(codeOf(() => openRegistration(held, desk.ctx()))).toBe('MONEY_WORDING_UNDER_REVIEW');
    const { state: approved, approved: items } = decideMoneyHold(held, 'approve', 'очки', desk.ctx());
    expect(approved.moneyHold).toBeUndefined();
    expect(codeOf(() => openRegistration(approved, desk.ctx()))).toBeUndefined();
    // The same texts, written again after the approval, are not held again.
    expect(holdAfterWrite({ ...approved, moneyApproved: items ?? [] }, 2000).moneyHold).toBeUndefined();
  });

  it('R-MONEY-2: a rejection keeps the hold with who and why; there is nothing to decide twice', () => {
    const desk = new Desk({ prizes: [{ place: 1, description: '1 место — 5000' }] }, 'announced');
    const held = holdAfterWrite(desk.state, 1000);
    const { state: rejected } = decideMoneyHold(held, 'reject', 'сумма без единицы', desk.ctx());
    expect(rejected.moneyHold).toMatchObject({ status: 'rejected', reason: 'сумма без единицы' });
    expect(codeOf(() => openRegistration(rejected, desk.ctx()))).toBe('MONEY_WORDING_UNDER_REVIEW');
    expect(codeOf(() => decideMoneyHold(rejected, 'approve', 'x', desk.ctx()))).toBe('NOTHING_TO_REVIEW');
    // A rejection stands while the texts stay the same; a clean text lifts it.
    expect(holdAfterWrite(rejected, 3000).moneyHold?.status).toBe('rejected');
    const clean = { ...rejected, settings: { ...rejected.settings, prizes: [{ place: 1, description: 'Кубок' }] } };
    expect(holdAfterWrite(clean, 4000).moneyHold).toBeUndefined();
  });

  it('R-MONEY-2: a decision names the operator; a rejection needs a reason, an approval may go without one', () => {
    const desk = new Desk({ prizes: [{ place: 1, description: '1 место — 5000' }] }, 'announced');
    const held = holdAfterWrite(desk.state, 1000);
    for (const blank of [undefined, '', '  '])
      expect(codeOf(() => decideMoneyHold(held, 'reject', blank, desk.ctx()))).toBe('REASON_REQUIRED');
    const ctx = desk.ctx();
    const { state, decided } = decideMoneyHold(held, 'approve', undefined, ctx);
    expect(decided).toEqual({ decision: 'approve', decidedBy: ctx.actor.id, decidedAt: ctx.now, items: held.moneyHold?.items });
    expect(state.moneyDecision).toEqual(decided);
    const { decided: rejected } = decideMoneyHold(held, 'reject', 'сумма без единицы', ctx);
    expect(rejected).toMatchObject({ decision: 'reject', decidedBy: ctx.actor.id, reason: 'сумма без единицы' });
  });

  it('R-MONEY-2: only prize texts hold a bare amount; a description may name a stack or a time', () => {
    const desk = new Desk({ description: 'Стартовый стек 30 000, начало в 19:00, 300 мест' }, 'announced');
    expect(reviewItemsOfSettings(desk.state.settings)).toEqual([]);
  });
});
