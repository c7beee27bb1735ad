import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buttonSeat,
  commitmentText,
  dealingSheet,
  handSeed,
  roundCommitment,
  roundDecks,
  verifyCommitment,
} from '../../../domain/duplicate/decks';
import { tableShape } from '../../../domain/duplicate/seating';
import { deckFromSeed, deckToStrings } from '../../../domain/holdem/deck';
import { startHand } from '../../../domain/holdem/hand';
import { cardToString } from '../../../domain/holdem/cards';
import { PROPERTY_TEST } from '../../support/property';

const SCRIPT = join(import.meta.dirname, '../../../scripts/verify-duplicate-commitment.py');

describe('decks and their commitment (R-DUP-2)', () => {
  it('R-DUP-2: hand h of a round is the deck of "<seed>/hand-<h>", the Hold\'em engine\'s portable algorithm', () => {
    const decks = roundDecks('round-seed', 3);
    expect(decks).toHaveLength(3);
    decks.forEach((d, i) => expect(d).toEqual(deckFromSeed(handSeed('round-seed', i + 1))));
    expect(new Set(decks.map((d) => deckToStrings(d).join(' '))).size).toBe(3);
  });

  it('R-DUP-2: the commitment is a pinned SHA-256 of the seed, the seats and the deck list', () => {
    expect(roundCommitment('sport-poker', 9, 5)).toBe('8ac1a43a1b21fcd76f1ce97e5eb0fff9efa84526e085dd477d96a87fd541bfe7');
    const text = commitmentText('sport-poker', 9, roundDecks('sport-poker', 1));
    expect(text.split('\n').slice(0, 4)).toEqual([
      'sport-poker/duplicate/v1',
      'algorithm hmac-sha256-ctr-fisher-yates-v1',
      'seats 9',
      'seed sport-poker',
    ]);
    expect(text.split('\n')[4]).toMatch(/^hand 1 5h 8d 7h /);
  });

  it('R-DUP-2: commit-reveal: the revealed seed verifies; another seed, seat count or hand count does not', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 5, max: 8 }),
        (seed, other, seats, hands) => {
          const c = roundCommitment(seed, seats, hands);
          expect(verifyCommitment(c, seed, seats, hands)).toBe(true);
          expect(verifyCommitment(c.toUpperCase(), seed, seats, hands)).toBe(true);
          if (other !== seed) expect(verifyCommitment(c, other, seats, hands)).toBe(false);
          expect(verifyCommitment(c, seed, seats === 9 ? 8 : seats + 1, hands)).toBe(false);
          expect(verifyCommitment(c, seed, seats, hands + 1)).toBe(false);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('R-DUP-2: the standalone script (Python, no project code) verifies a commitment and refuses a changed one', () => {
    const c = roundCommitment('club-7/round-2', 8, 6);
    const ok = spawnSync('python3', [SCRIPT, '--seed', 'club-7/round-2', '--seats', '8', '--hands', '6', '--commitment', c], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('matches');
    const bad = spawnSync('python3', [SCRIPT, '--seed', 'club-7/round-3', '--seats', '8', '--hands', '6', '--commitment', c], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(bad.status).toBe(1);
  }, 60_000);

  it('R-DUP-2: the dealing sheet gives every seat, empty ones too, the cards the engine deals from that deck', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 24 }),
        fc.nat(),
        (seed, seats, hand, emptyPick) => {
          const deck = deckFromSeed(seed);
          const sheet = dealingSheet(deck, hand, seats);
          expect(sheet.button).toBe(buttonSeat(hand, seats));
          expect(sheet.order).toHaveLength(52);
          expect(sheet.order.map((o) => o.card)).toEqual(deckToStrings(deck));
          expect(sheet.holes).toHaveLength(seats);
          // Any table of this size, whoever sits where, deals the same cards to the same seat numbers.
          const empty = (emptyPick % seats) + 1;
          const st = startHand(
            {
              seats: Array.from({ length: seats }, (_, i) => ({
                seat: i + 1,
                stack: 5000,
                ...(i + 1 === empty && seats > 2 ? { empty: true } : {}),
              })),
              button: sheet.button,
              smallBlind: 25,
              bigBlind: 25,
              ante: 0,
              anteType: 'none',
              betting: 'no-limit',
              postForEmptySeats: true,
              dealToEmptySeats: true,
            },
            { kind: 'deck', deck },
          );
          for (const h of sheet.holes) expect(st.seats.find((s) => s.seat === h.seat)?.cards.map(cardToString)).toEqual(h.cards);
          expect(sheet.board).toEqual(
            deckToStrings(deck)
              .slice(2 * seats + 1, 2 * seats + 4)
              .concat(cardToString(deck[2 * seats + 5] as number), cardToString(deck[2 * seats + 7] as number)),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('R-DUP-2: decks are prepared for the table size: 9 seats, or the number of players when under 8 per table', () => {
    expect(tableShape(35, 9)).toEqual({ tables: 4, tableSize: 9 });
    expect(tableShape(17, 9)).toEqual({ tables: 2, tableSize: 9 });
    expect(tableShape(14, 9)).toEqual({ tables: 2, tableSize: 7 });
    expect(tableShape(12, 9)).toEqual({ tables: 2, tableSize: 6 });
    // 8 a table is not under 8: 9-seat decks, the ninth seat dealt empty.
    expect(tableShape(16, 9)).toEqual({ tables: 2, tableSize: 9 });
    expect(tableShape(30, 6)).toEqual({ tables: 5, tableSize: 6 });
  });

  it('R-DUP-5: the button moves one seat per hand over every seat, the same seat at every table', () => {
    expect([1, 2, 9, 10, 11].map((h) => buttonSeat(h, 9))).toEqual([1, 2, 9, 1, 2]);
    expect([1, 7, 8].map((h) => buttonSeat(h, 7))).toEqual([1, 7, 1]);
  });
});
