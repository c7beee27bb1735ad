import { ANTE_TYPES, type AnteType } from '../clock/structure';
import { isDomainError, ruleError } from '../core/errors';
import { BOARD_CARDS, cardToString, parseCards, type Card } from './cards';
import { deckFromSeed, parseDeck } from './deck';
import {
  ACTION_TYPES,
  IllegalActionError,
  applyAction,
  legalActions,
  startHand,
  type Action,
  type ActionType,
  type Betting,
  type CardSource,
  type HandResult,
  type HandState,
  type Legal,
} from './hand';

/**
 * A hand record: everything needed to replay a hand and nothing derived. Version 1:
 * { v: 1, betting, blinds: { smallBlind, bigBlind, ante, anteType }, button, seats: [{ seat, name?, stack, empty? }],
 *   options?: { postForEmptySeats?, dealToEmptySeats? },
 *   cards: { seed } | { deck: ["As", ...] } | { holes: { "<seat>": ["As", "Kd"] }, board: [...] },
 *   actions: [{ seat, action, to? }] }
 * Replaying it gives the same pots, winners and stacks on any machine (no clock, no randomness).
 */
export const HAND_RECORD_VERSION = 1;

export interface HandRecordV1 {
  v: 1;
  id?: string;
  betting: Betting;
  blinds: { smallBlind: number; bigBlind: number; ante: number; anteType: AnteType };
  button: number;
  seats: { seat: number; name?: string; stack: number; empty?: boolean }[];
  options?: { postForEmptySeats?: boolean; dealToEmptySeats?: boolean };
  cards: { seed: string } | { deck: string[] } | { holes: Record<string, string[]>; board: string[] };
  actions: { seat: number; action: ActionType; to?: number }[];
}

export interface ReplayStep {
  index: number;
  street: string;
  /** What the seat to act could do before this action. */
  legal: Legal;
  action: Action;
  /** What the action did (a timeout as check or fold, an all-in as call, bet or raise). */
  done: string;
  added: number;
  to: number;
  allIn: boolean;
}

export interface Replay {
  state: HandState;
  steps: ReplayStep[];
  /** Null while the hand is not over (the record stops before the end). */
  result: HandResult | null;
  /** Who is to act next and what they may do when the record stops early. */
  next: Legal | null;
}

function cardSource(rec: HandRecordV1): CardSource {
  const c = rec.cards as Record<string, unknown>;
  if (typeof c?.seed === 'string') return { kind: 'deck', deck: deckFromSeed(c.seed) };
  if (Array.isArray(c?.deck)) return { kind: 'deck', deck: parseDeck(c.deck as string[], 'cards.deck') };
  if (c && typeof c.holes === 'object' && Array.isArray(c.board)) {
    const seen = new Map<Card, string>();
    const holes = new Map<number, Card[]>();
    for (const [seat, list] of Object.entries(c.holes as Record<string, string[]>)) {
      const field = `cards.holes.${seat}`;
      const cards = parseCards(list, field, seen);
      if (cards.length !== 2)
        throw ruleError('CARD_INVALID', `${field}: a seat holds two cards, got ${cards.length}`, [{ field, message: 'two cards' }]);
      holes.set(Number(seat), cards);
    }
    const board = parseCards(c.board as string[], 'cards.board', seen);
    if (board.length > BOARD_CARDS)
      throw ruleError('CARD_INVALID', `cards.board: at most ${BOARD_CARDS} cards, got ${board.length}`, [
        { field: 'cards.board', message: `at most ${BOARD_CARDS} cards` },
      ]);
    return { kind: 'shown', holes, board };
  }
  throw ruleError('HAND_RECORD_INVALID', 'cards: give a seed, a deck, or the hole cards and the board');
}

/** Starts the hand of a record (setup checks, postings, dealing). */
export function startFromRecord(rec: HandRecordV1): HandState {
  if (rec.v !== HAND_RECORD_VERSION)
    throw ruleError('HAND_RECORD_VERSION', `hand record version ${String(rec.v)} is not supported (expected ${HAND_RECORD_VERSION})`);
  if (!ANTE_TYPES.includes(rec.blinds.anteType))
    throw ruleError('HAND_SETUP_INVALID', `blinds.anteType must be one of ${ANTE_TYPES.join(', ')}`);
  const cards = cardSource(rec);
  if (cards.kind === 'shown') {
    for (const seat of cards.holes.keys()) {
      if (!rec.seats.some((s) => s.seat === seat)) {
        const field = `cards.holes.${seat}`;
        throw ruleError('HAND_RECORD_INVALID', `${field}: there is no seat ${seat} at this table`, [{ field, message: 'no such seat' }]);
      }
    }
  }
  return startHand(
    {
      seats: rec.seats,
      button: rec.button,
      smallBlind: rec.blinds.smallBlind,
      bigBlind: rec.blinds.bigBlind,
      ante: rec.blinds.ante,
      anteType: rec.blinds.anteType,
      betting: rec.betting,
      postForEmptySeats: !!rec.options?.postForEmptySeats,
      dealToEmptySeats: !!rec.options?.dealToEmptySeats,
    },
    cards,
  );
}

/**
 * Replays a record. The first action the rules refuse stops the replay with ACTION_ILLEGAL naming its index
 * (`actions[i]`), the seat, the reason and what was legal at that point.
 */
export function replay(rec: HandRecordV1): Replay {
  const state = startFromRecord(rec);
  const steps: ReplayStep[] = [];
  rec.actions.forEach((a, index) => {
    const field = `actions[${index}]`;
    const legal = legalActions(state);
    try {
      if (!ACTION_TYPES.includes(a.action))
        throw new IllegalActionError(`"${String(a.action)}" is not one of ${ACTION_TYPES.join(', ')}`, legal);
      const action: Action = { seat: a.seat, type: a.action, ...(a.to !== undefined ? { to: a.to } : {}) };
      const street = state.street;
      applyAction(state, action);
      const e = state.log[state.log.length - 1];
      if (!legal || !e) throw new Error('unreachable: an applied action leaves a log entry');
      steps.push({ index, street, legal, action, done: e.done, added: e.added, to: e.to, allIn: e.allIn });
    } catch (err) {
      if (err instanceof IllegalActionError) throw new IllegalActionError(err.message, err.legal, index);
      // A deck too short for the street this action opens, a showdown without cards: named at this action too.
      if (isDomainError(err) && err.kind === 'rule')
        throw ruleError(err.code, `${field}: ${err.message}`, [{ field, message: err.message }]);
      throw err;
    }
  });
  return { state, steps, result: state.result, next: legalActions(state) };
}

/** The cards of a finished or running hand as text, for a record or a view. */
export const cardsText = (cards: readonly Card[]): string[] => cards.map(cardToString);
