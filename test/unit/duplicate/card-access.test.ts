import { describe, expect, it } from 'vitest';
import { cardAccess, withoutCards, type CardView } from '../../../domain/duplicate/card-access';
import { handHistoryText } from '../../../domain/holdem/history';
import { replay } from '../../../domain/holdem/record';
import { deckFromSeed, deckToStrings } from '../../../domain/holdem/deck';
import type { Role } from '../../../domain/core/context';

const playing = { status: 'playing' as const };
const closed = { status: 'closed' as const };
const VIEWS: CardView[] = ['deck-sheets', 'hand-diagram', 'screen', 'hand-record'];

describe('R-DUP-2: one rule for the cards of a round', () => {
  it('before the close every view needs the grant: the owner always, granted roles, never an API key, nobody outside', () => {
    for (const view of VIEWS) {
      const at = (viewer: Parameters<typeof cardAccess>[0]['viewer'], granted: readonly Role[] = ['owner']) =>
        cardAccess({ view, round: playing, viewer, granted });
      expect(at({ role: 'owner', apiKey: false }, [])).toEqual({ see: true, audited: true });
      expect(at({ role: 'manager', apiKey: false })).toEqual({ see: false, reason: 'not-granted' });
      expect(at({ role: 'manager', apiKey: false }, ['owner', 'manager'])).toEqual({ see: true, audited: true });
      expect(at({ role: 'manager', apiKey: true }, ['owner', 'manager'])).toEqual({ see: false, reason: 'not-granted' });
      expect(at({ role: 'owner', apiKey: true })).toEqual({ see: false, reason: 'not-granted' });
      expect(at({ role: 'dealer', apiKey: false })).toEqual({ see: false, reason: 'not-granted' });
      expect(at(undefined)).toEqual({ see: false, reason: 'not-public' });
    }
  });

  it('after the close the played cards are public and not audited; the deck sheets keep the grant', () => {
    for (const view of ['hand-diagram', 'screen', 'hand-record'] as const)
      expect(cardAccess({ view, round: closed, viewer: undefined, granted: [] })).toEqual({ see: true, audited: false });
    expect(cardAccess({ view: 'deck-sheets', round: closed, viewer: { role: 'dealer', apiKey: false }, granted: ['owner'] })).toEqual({
      see: false,
      reason: 'not-granted',
    });
  });

  it('a hand without its cards keeps actions and chips and shows no card', () => {
    const deck = deckFromSeed('card-access');
    const r = replay({
      v: 1,
      id: 'h',
      betting: 'no-limit',
      blinds: { smallBlind: 25, bigBlind: 50, ante: 0, anteType: 'none' },
      button: 1,
      seats: [1, 2, 3].map((seat) => ({ seat, stack: 1000, name: `P${seat}` })),
      cards: { deck: deckToStrings(deck) },
      actions: [
        { seat: 1, action: 'call' },
        { seat: 2, action: 'call' },
        { seat: 3, action: 'check' },
        ...[1, 2, 3].flatMap(() => [2, 3, 1].map((seat) => ({ seat, action: 'check' as const }))),
      ],
    });
    expect(r.state.complete).toBe(true);
    const hidden = withoutCards(r.state);
    const text = handHistoryText(hidden);
    for (const c of deckToStrings(deck).slice(0, 11)) expect(text).not.toMatch(new RegExp(`[\\[ ]${c}[\\] ]`));
    expect(hidden.result?.stacks).toEqual(r.state.result?.stacks);
    expect(text).toContain('*** SUMMARY ***');
    expect(handHistoryText(r.state)).toContain('*** SHOW DOWN ***');
  });
});
