import { beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../../../domain/holdem/evaluator';
import { isDomainError } from '../../../domain/core/errors';
import { IllegalActionError } from '../../../domain/holdem/hand';
import { handHistoryText } from '../../../domain/holdem/history';
import { replay, type HandRecordV1 } from '../../../domain/holdem/record';
import { a, record, seats } from './hand-fixtures';

// The evaluator's tables are built once (under a second idle, more on a busy machine), not inside a test's budget.
beforeAll(() => warmUp(), 60_000);

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return isDomainError(e) ? e.code : 'not a domain error';
  }
  return undefined;
};

describe('hand records', () => {
  it('refuses an unknown version, a bad setup and impossible cards with stable codes', () => {
    const ok = record({ seats: seats(1000, 1000), button: 1, seed: 'x' });
    expect(codeOf(() => replay({ ...ok, v: 2 } as unknown as HandRecordV1))).toBe('HAND_RECORD_VERSION');
    expect(codeOf(() => replay({ ...ok, button: 7 }))).toBe('HAND_SETUP_INVALID');
    expect(
      codeOf(() =>
        replay({
          ...ok,
          seats: [
            { seat: 1, stack: 1000 },
            { seat: 1, stack: 1000 },
          ],
        }),
      ),
    ).toBe('HAND_SETUP_INVALID');
    expect(codeOf(() => replay({ ...ok, cards: { holes: { 1: ['As', 'Ks'], 2: ['As', 'Qd'] }, board: [] } }))).toBe('CARD_DUPLICATE');
    expect(codeOf(() => replay({ ...ok, cards: { deck: ['As', 'Kd', 'Xx'] } }))).toBe('CARD_INVALID');
    expect(codeOf(() => replay({ ...ok, cards: { holes: { 1: ['As', 'Ks'], 9: ['Ah', 'Qd'] }, board: [] } }))).toBe('HAND_RECORD_INVALID');
    expect(codeOf(() => replay({ ...ok, cards: { holes: { 1: ['As'] }, board: [] } }))).toBe('CARD_INVALID');
    // A deck too short for the hole cards, and a showdown without the cards of a seat.
    expect(codeOf(() => replay({ ...ok, cards: { deck: ['As', 'Kd', 'Qh'] } }))).toBe('DECK_SHORT');
    const unknown = record({
      seats: seats(1000, 1000),
      button: 1,
      holes: { 1: 'As Ah' },
      board: '2c 7d 9h Js 4c',
      actions: [a(1, 'allin'), a(2, 'call')],
    });
    const err = (() => {
      try {
        replay(unknown);
      } catch (e) {
        return e;
      }
    })();
    expect(isDomainError(err) && err.code).toBe('CARDS_MISSING');
    expect(isDomainError(err) && err.errors?.[0]?.field).toBe('actions[1]');
  });

  it('an illegal action names its index, the reason and the legal actions at that point', () => {
    const rec = record({ seats: seats(5000, 5000, 5000), button: 1, seed: 's', actions: [a(1, 'call'), a(2, 'check')] });
    try {
      replay(rec);
      expect.fail('passed');
    } catch (e) {
      expect(e).toBeInstanceOf(IllegalActionError);
      const ill = e as IllegalActionError;
      expect(ill.index).toBe(1);
      expect(ill.legal).toMatchObject({ seat: 2, toCall: 100, actions: ['fold', 'call', 'raise', 'allin'] });
      expect(ill.message).toBe('actions[1]: seat 2 cannot check: 100 to call; legal: fold, call 100, raise to 400..5000, all-in to 5000');
    }
  });

  it('a record that stops early gives the next seat to act and its legal actions', () => {
    const r = replay(record({ seats: seats(5000, 5000, 5000), button: 1, seed: 's', actions: [a(1, 'call')] }));
    expect(r.result).toBeNull();
    expect(r.next).toMatchObject({ seat: 2, toCall: 100 });
  });

  it('renders the hand in the usual hand-history layout', () => {
    const r = replay(
      record({
        seats: [
          { seat: 1, name: 'Anna', stack: 5000 },
          { seat: 2, name: 'Boris', stack: 5000 },
          { seat: 3, name: 'Vera', stack: 5000 },
        ],
        button: 1,
        holes: { 1: 'As Ah', 2: 'Ks Kh', 3: 'Qs Qh' },
        board: '2c 7d 9h Js 4c',
        blinds: { ante: 25, anteType: 'classic' },
        actions: [
          a(1, 'raise', 600),
          a(2, 'call'),
          a(3, 'fold'),
          a(2, 'check'),
          a(1, 'bet', 1000),
          a(2, 'call'),
          a(2, 'check'),
          a(1, 'check'),
          a(2, 'timeout'),
          a(1, 'bet', 500),
          a(2, 'fold'),
        ],
      }),
    );
    expect(handHistoryText(r.state, 'Hand #7').split('\n')).toEqual([
      "Hand #7: Hold'em No Limit (100/200, ante 25)",
      'Seat #1 is the button',
      'Seat 1: Anna (5000 in chips)',
      'Seat 2: Boris (5000 in chips)',
      'Seat 3: Vera (5000 in chips)',
      'Boris: posts the ante 25',
      'Vera: posts the ante 25',
      'Anna: posts the ante 25',
      'Boris: posts small blind 100',
      'Vera: posts big blind 200',
      '*** HOLE CARDS ***',
      'Dealt to Anna [As Ah]',
      'Dealt to Boris [Ks Kh]',
      'Dealt to Vera [Qs Qh]',
      'Anna: raises 400 to 600',
      'Boris: calls 500',
      'Vera: folds',
      '*** FLOP *** [2c 7d 9h]',
      'Boris: checks',
      'Anna: bets 1000',
      'Boris: calls 1000',
      '*** TURN *** [2c 7d 9h] [Js]',
      'Boris: checks',
      'Anna: checks',
      '*** RIVER *** [2c 7d 9h Js] [4c]',
      'Boris: checks (timeout)',
      'Anna: bets 500',
      'Boris: folds',
      'Uncalled bet (500) returned to Anna',
      'Anna collected 3475 from pot',
      '*** SUMMARY ***',
      'Total pot 3475 | Pot 3475',
      'Board [2c 7d 9h Js 4c]',
      'Seat 1: Anna (button) collected (3475)',
      'Seat 2: Boris (small blind) folded',
      'Seat 3: Vera (big blind) folded',
    ]);
  });
});
