import type { Role } from '../core/context';
import type { HandState } from '../holdem/hand';
import type { DupRound } from './event';

/**
 * R-DUP-2: who sees the cards of a round. Until the round closes every table has not played every hand, so a
 * card shown anywhere (a deck sheet, a hand diagram, the screen, the answer to a recorded hand) reaches only
 * the staff roles the club grants the deck files, each read audited; API keys never hold the grant (the
 * audit names a person). Once the round is closed the played cards are public; the deck sheets themselves
 * stay with the grant, read for read.
 */
export type CardView = 'deck-sheets' | 'hand-diagram' | 'screen' | 'hand-record';

/** The caller as a member of the club, or undefined for anyone outside it (anonymous included). */
export interface CardViewer {
  role: Role;
  apiKey: boolean;
}

export type CardAccess =
  | { see: true; audited: boolean }
  /** `not-public`: the caller is outside the club; `not-granted`: staff the club does not grant the decks. */
  | { see: false; reason: 'not-public' | 'not-granted' };

/** The deck grant: the club's roles, the owner always, never an API key. */
export const holdsDeckGrant = (viewer: CardViewer, granted: readonly Role[]): boolean =>
  !viewer.apiKey && (viewer.role === 'owner' || granted.includes(viewer.role));

/** Whether a card view needs the grant at all: every view before the close, the deck sheets always. */
export const needsDeckGrant = (view: CardView, round: Pick<DupRound, 'status'>): boolean =>
  view === 'deck-sheets' || round.status !== 'closed';

export function cardAccess(p: {
  view: CardView;
  round: Pick<DupRound, 'status'>;
  viewer: CardViewer | undefined;
  granted: readonly Role[];
}): CardAccess {
  if (!needsDeckGrant(p.view, p.round)) return { see: true, audited: false };
  if (!p.viewer) return { see: false, reason: 'not-public' };
  if (!holdsDeckGrant(p.viewer, p.granted)) return { see: false, reason: 'not-granted' };
  return { see: true, audited: true };
}

/**
 * A replayed hand with every card taken out (hole cards, board, showdown): what a caller without the grant
 * may read of a hand before the round closes. Actions, pots and stacks stay; they are what the table counted.
 */
export function withoutCards(st: HandState): HandState {
  return {
    ...st,
    seats: st.seats.map((s) => ({ ...s, cards: [] })),
    board: [],
    streets: st.streets.map((s) => ({ ...s, cards: [] })),
    result: st.result ? { ...st.result, board: [], shown: [] } : null,
  };
}
