import { ruleError } from '../core/errors';
import { cardToString, type Card } from '../holdem/cards';
import { DECK_ALGORITHM, deckFromSeed } from '../holdem/deck';
import { sha256, toHex, utf8 } from '../holdem/sha256';

/**
 * R-DUP-2: a round's decks, fixed before the round from one secret seed and published as a commitment.
 * Hand h (1-based) of the round is dealt from `deckFromSeed("<seed>/hand-<h>")`, the Hold'em engine's portable
 * algorithm, at every table. The commitment is the hex SHA-256 of this UTF-8 text (lines end with "\n"):
 *
 *   sport-poker/duplicate/v1
 *   algorithm hmac-sha256-ctr-fisher-yates-v1
 *   seats <seats dealt per table>
 *   seed <seed>
 *   hand 1 <52 cards, top first, space-separated>
 *   ...
 *   hand <hands> <...>
 *
 * After the round the seed is revealed: anyone re-derives the decks, rebuilds the text and compares the hash
 * (scripts/verify-duplicate-commitment.py does it without the project's code).
 */
export const COMMITMENT_VERSION = 'sport-poker/duplicate/v1';

export const handSeed = (roundSeed: string, hand: number): string => `${roundSeed}/hand-${hand}`;

export function roundDecks(roundSeed: string, hands: number): Card[][] {
  if (roundSeed.length === 0) throw ruleError('SEED_INVALID', 'the round seed must not be empty');
  return Array.from({ length: hands }, (_, i) => deckFromSeed(handSeed(roundSeed, i + 1)));
}

export function commitmentText(roundSeed: string, seats: number, decks: readonly (readonly Card[])[]): string {
  const lines = [COMMITMENT_VERSION, `algorithm ${DECK_ALGORITHM}`, `seats ${seats}`, `seed ${roundSeed}`];
  decks.forEach((d, i) => lines.push(`hand ${i + 1} ${d.map(cardToString).join(' ')}`));
  return `${lines.join('\n')}\n`;
}

export const roundCommitment = (roundSeed: string, seats: number, hands: number): string =>
  toHex(sha256(utf8(commitmentText(roundSeed, seats, roundDecks(roundSeed, hands)))));

export const verifyCommitment = (commitment: string, roundSeed: string, seats: number, hands: number): boolean =>
  roundCommitment(roundSeed, seats, hands) === commitment.toLowerCase();

/**
 * R-DUP-5: the button moves one seat per hand as in a normal game, over every seat of the table (an empty
 * seat posts, so it takes the button too); every table has the button on the same seat number.
 */
export const buttonSeat = (hand: number, seats: number): number => ((hand - 1) % seats) + 1;

export type SheetUse =
  { kind: 'hole'; seat: number; round: 1 | 2 } | { kind: 'burn' } | { kind: 'flop' | 'turn' | 'river' } | { kind: 'unused' };

export interface DealingSheet {
  hand: number;
  button: number;
  seats: number;
  /** The physical deck from the top card down, with where each card goes. */
  order: { position: number; card: string; use: SheetUse }[];
  holes: { seat: number; cards: [string, string] }[];
  board: string[];
}

/**
 * R-DUP-2: the order to stack the physical deck for one hand and where each card goes. Every seat is dealt,
 * the empty ones too, one card at a time from the first seat left of the button, twice round; then burn,
 * flop, burn, turn, burn, river (the engine's dealing with `dealToEmptySeats`).
 */
export function dealingSheet(deck: readonly Card[], hand: number, seats: number): DealingSheet {
  const button = buttonSeat(hand, seats);
  const clockwise = Array.from({ length: seats }, (_, k) => ((button + k) % seats) + 1);
  const uses: SheetUse[] = [];
  for (const round of [1, 2] as const) for (const seat of clockwise) uses.push({ kind: 'hole', seat, round });
  uses.push(
    { kind: 'burn' },
    { kind: 'flop' },
    { kind: 'flop' },
    { kind: 'flop' },
    { kind: 'burn' },
    { kind: 'turn' },
    { kind: 'burn' },
    { kind: 'river' },
  );
  const order = deck.map((card, position) => ({
    position: position + 1,
    card: cardToString(card),
    use: uses[position] ?? ({ kind: 'unused' } as SheetUse),
  }));
  const holes = clockwise
    .map((seat) => {
      const cards = order.filter((o) => o.use.kind === 'hole' && o.use.seat === seat).map((o) => o.card);
      return { seat, cards: [cards[0] as string, cards[1] as string] as [string, string] };
    })
    .sort((a, b) => a.seat - b.seat);
  const board = order.filter((o) => o.use.kind === 'flop' || o.use.kind === 'turn' || o.use.kind === 'river').map((o) => o.card);
  return { hand, button, seats, order, holes, board };
}
