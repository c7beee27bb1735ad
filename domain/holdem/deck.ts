import { ruleError } from '../core/errors';
import { DECK_SIZE, cardToString, orderedDeck, parseCards, type Card } from './cards';
import { hmacSha256, sha256, toHex, utf8 } from './sha256';

/**
 * A deck from a seed, the same in any language (docs/decisions/holdem.md has the algorithm and a Python
 * script): key = UTF-8 bytes of the seed; block i = HMAC-SHA-256(key, "sport-poker/deck/v1" + uint32_be(i)),
 * i = 0, 1, ...; the blocks read as one stream of 32-bit big-endian unsigned integers. Fisher-Yates over the
 * cards in id order (2c 2d 2h 2s 3c .. As): for i = 51 down to 1, n = i + 1, draw u until
 * u < floor(2^32 / n) * n (rejection: no modulo bias), j = u mod n, swap positions i and j. Position 0 is the
 * top card, the first one dealt.
 */
export const DECK_ALGORITHM = 'hmac-sha256-ctr-fisher-yates-v1';
const LABEL = utf8('sport-poker/deck/v1');

/** The 32-bit draws of a seed, in order. */
export function seedStream(seed: string): () => number {
  const key = utf8(seed);
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let at = 0;
  return () => {
    if (at >= block.length) {
      const msg = new Uint8Array(LABEL.length + 4);
      msg.set(LABEL);
      new DataView(msg.buffer).setUint32(LABEL.length, counter++);
      block = hmacSha256(key, msg);
      at = 0;
    }
    const v =
      ((block[at] as number) * 0x1000000 +
        ((block[at + 1] as number) << 16) +
        ((block[at + 2] as number) << 8) +
        (block[at + 3] as number)) >>>
      0;
    at += 4;
    return v;
  };
}

export function deckFromSeed(seed: string): Card[] {
  if (seed.length === 0) throw ruleError('SEED_INVALID', 'the deck seed must not be empty');
  const next = seedStream(seed);
  const deck = orderedDeck();
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let u = next();
    while (u >= limit) u = next();
    const j = u % n;
    const t = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = t;
  }
  return deck;
}

/** Provably fair: the hex SHA-256 of the seed, published before the hand; the seed is shown after it. */
export const seedCommitment = (seed: string): string => toHex(sha256(utf8(seed)));

/**
 * A pre-arranged deck (R-DUP-2: the same decks at every table) given as text, top card first. A whole deck is
 * 52 different cards; a shorter one is accepted when it holds enough for the hand (checked when dealing).
 */
export function parseDeck(texts: readonly string[], field = 'deck'): Card[] {
  if (texts.length > DECK_SIZE) throw ruleError('DECK_INVALID', `${field}: a deck has at most ${DECK_SIZE} cards, got ${texts.length}`);
  return parseCards(texts, field);
}

export const deckToStrings = (deck: readonly Card[]): string[] => deck.map(cardToString);
