import { ruleError } from '../core/errors';

/**
 * R-HE-1: 52 cards, four equal suits. A card is an integer 0..51: `rank * 4 + suit`, rank 0 = deuce .. 12 = ace,
 * suit 0..3 = clubs, diamonds, hearts, spades. The suit order only fixes the ids; no suit outranks another.
 */
export type Card = number;

export const RANK_CHARS = '23456789TJQKA';
export const SUIT_CHARS = 'cdhs';
export const DECK_SIZE = 52;
/** Community cards: flop, turn and river. */
export const BOARD_CARDS = 5;
/** Hole cards a Hold'em seat is dealt. */
export const HOLE_CARDS = 2;
/** The most cards one hand is valued from: two hole cards and the board. */
export const MAX_HAND_CARDS = HOLE_CARDS + BOARD_CARDS;
/** The most hands one deck can deal beside a full board. */
export const MAX_HANDS_PER_DECK = Math.floor((DECK_SIZE - BOARD_CARDS) / HOLE_CARDS);

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;
export const makeCard = (rank: number, suit: number): Card => rank * 4 + suit;

const SUIT_ALIASES: Record<string, number> = { c: 0, d: 1, h: 2, s: 3, '♣': 0, '♦': 1, '♥': 2, '♠': 3 };

/** `As`, `Td`, `10d`, `7♥` (rank letter in either case) to a card id; undefined when it is not a card. */
export function cardFromString(text: string): Card | undefined {
  const t = text.trim();
  const m = /^(10|[2-9TJQKA])(.)$/i.exec(t);
  if (!m) return undefined;
  const rankText = (m[1] as string).toUpperCase();
  const rank = RANK_CHARS.indexOf(rankText === '10' ? 'T' : rankText);
  const suit = SUIT_ALIASES[(m[2] as string).toLowerCase()];
  if (rank < 0 || suit === undefined) return undefined;
  return makeCard(rank, suit);
}

export const cardToString = (card: Card): string => `${RANK_CHARS[rankOf(card)]}${SUIT_CHARS[suitOf(card)]}`;

export const isCard = (v: unknown): v is Card => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < DECK_SIZE;

/**
 * Parses cards given as text. `field` names the list in the error (`holes.3`, `board`); a malformed card is
 * CARD_INVALID, a card seen twice (here or in `seen`, shared across the lists of one request) CARD_DUPLICATE.
 */
export function parseCards(texts: readonly string[], field: string, seen: Map<Card, string> = new Map()): Card[] {
  return texts.map((text, i) => {
    const card = cardFromString(text);
    const at = `${field}[${i}]`;
    if (card === undefined) {
      throw ruleError('CARD_INVALID', `${at}: "${text}" is not a card (rank 2-9, T, J, Q, K, A and suit c, d, h, s, e.g. "As", "Td")`, [
        { field: at, message: 'not a card' },
      ]);
    }
    const before = seen.get(card);
    if (before !== undefined) {
      throw ruleError('CARD_DUPLICATE', `${at}: ${cardToString(card)} is already at ${before}`, [
        { field: at, message: `duplicate of ${before}` },
      ]);
    }
    seen.set(card, at);
    return card;
  });
}

/** The 52 cards in id order: 2c 2d 2h 2s 3c .. As. */
export const orderedDeck = (): Card[] => Array.from({ length: DECK_SIZE }, (_, i) => i);
