import * as z from './zod';
import { BOARD_CARDS, DECK_SIZE, HOLE_CARDS, MAX_HAND_CARDS, MAX_HANDS_PER_DECK } from '../domain/holdem/cards';
import { MAX_HAND_SEATS, MIN_HAND_SEATS } from '../domain/holdem/hand';
import {
  MAX_CARD_TEXT_LENGTH,
  MAX_HAND_ACTIONS,
  MAX_HAND_CHIPS,
  MAX_HAND_RECORD_ID_LENGTH,
  MAX_HAND_SEAT_NAME_LENGTH,
  MAX_HAND_SEAT_NUMBER,
  MAX_HAND_SEED_LENGTH,
} from './limits';
import { Id } from './common';
import { humanText } from './text';

/**
 * The Hold'em tools of the floor (R-HE-1..9): evaluate hands, replay a hand record. Cards are text (`As`,
 * `Td`, `10d`, `7♥`); whether a text is a card, and whether a card appears twice, is checked by the rules
 * (422 CARD_INVALID / CARD_DUPLICATE naming the field), not here.
 */
const CardText = z.string().min(1).max(MAX_CARD_TEXT_LENGTH).openapi({ example: 'As' });
const Chips = z.number().int().min(0).max(MAX_HAND_CHIPS);
const SeatNo = z.number().int().min(1).max(MAX_HAND_SEAT_NUMBER);

export const EvaluateBody = z
  .strictObject({
    board: z.array(CardText).max(BOARD_CARDS).default([]).openapi({ description: 'community cards, 0 to 5' }),
    hands: z
      .array(z.strictObject({ id: Id, cards: z.array(CardText).min(1).max(MAX_HAND_CARDS) }))
      .min(1)
      .max(MAX_HANDS_PER_DECK)
      .openapi({ description: 'each hand with the board makes 5 to 7 cards' }),
  })
  .openapi('EvaluateHands');

const Category = z.enum([
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
]);

const HandValue = z.object({
  handClass: z.number().int().openapi({ description: '1..7462, higher is stronger; equal numbers tie (R-HE-2)' }),
  category: Category,
  description: z.string().openapi({ example: 'a pair of Aces' }),
  best: z.array(z.string()).openapi({ description: 'the five cards that make the hand' }),
});

export const EvaluateResult = z
  .object({
    hands: z.array(HandValue.extend({ id: z.string() })),
    winners: z.array(z.string()).openapi({ description: 'ids of the strongest hands (several on a tie)' }),
  })
  .openapi('HandsEvaluated');

export const HandRecord = z
  .strictObject({
    v: z.literal(1),
    id: z.string().max(MAX_HAND_RECORD_ID_LENGTH).optional(),
    betting: z.enum(['no-limit', 'pot-limit', 'pot-limit-preflop']),
    blinds: z.strictObject({ smallBlind: Chips, bigBlind: Chips, ante: Chips, anteType: z.enum(['none', 'classic', 'bb']) }),
    button: SeatNo,
    seats: z
      .array(
        z.strictObject({
          seat: SeatNo,
          name: humanText({ min: 1, max: MAX_HAND_SEAT_NAME_LENGTH }).optional(),
          stack: Chips,
          empty: z.boolean().optional(),
        }),
      )
      .min(MIN_HAND_SEATS)
      .max(MAX_HAND_SEATS),
    options: z.strictObject({ postForEmptySeats: z.boolean().optional(), dealToEmptySeats: z.boolean().optional() }).optional(),
    cards: z.union([
      z.strictObject({ seed: z.string().min(1).max(MAX_HAND_SEED_LENGTH) }),
      z.strictObject({ deck: z.array(CardText).min(1).max(DECK_SIZE) }),
      z.strictObject({
        holes: z.record(z.string().regex(/^[1-9][0-9]?$/), z.array(CardText).max(HOLE_CARDS)),
        board: z.array(CardText).max(BOARD_CARDS),
      }),
    ]),
    actions: z
      .array(
        z.strictObject({
          seat: SeatNo,
          action: z.enum(['fold', 'check', 'call', 'bet', 'raise', 'allin', 'timeout']),
          to: Chips.optional().openapi({ description: 'bet and raise: the street total after the move' }),
        }),
      )
      .max(MAX_HAND_ACTIONS),
  })
  .openapi('HandRecord', { description: 'a hand: setup, cards (seed, deck or the cards seen) and actions; replays deterministically' });

const Legal = z.object({
  seat: z.number().int(),
  toCall: z.number().int(),
  actions: z.array(z.string()),
  minTo: z.number().int().optional(),
  maxTo: z.number().int().optional(),
  allInTo: z.number().int().optional(),
});

export const ReplayResult = z
  .object({
    complete: z.boolean(),
    street: z.string(),
    board: z.array(z.string()),
    holes: z.array(z.object({ seat: z.number().int(), cards: z.array(z.string()) })),
    postings: z.array(z.object({ seat: z.number().int(), kind: z.enum(['ante', 'small-blind', 'big-blind']), amount: z.number().int() })),
    steps: z.array(
      z.object({
        index: z.number().int(),
        street: z.string(),
        seat: z.number().int(),
        action: z.string(),
        to: z.number().int().optional(),
        done: z.string(),
        added: z.number().int(),
        allIn: z.boolean(),
        legal: Legal,
      }),
    ),
    next: Legal.nullable().openapi({ description: 'who acts next and what they may do, when the record stops before the end' }),
    pots: z.array(
      z.object({
        index: z.number().int(),
        amount: z.number().int(),
        eligible: z.array(z.number().int()),
        uncalled: z.boolean(),
        winners: z.array(z.object({ seat: z.number().int(), amount: z.number().int() })),
      }),
    ),
    shown: z.array(HandValue.extend({ seat: z.number().int(), cards: z.array(z.string()) })),
    stacks: z.array(z.object({ seat: z.number().int(), start: z.number().int(), end: z.number().int(), net: z.number().int() })),
    text: z.string().openapi({ description: 'the hand in the usual hand-history layout' }),
  })
  .openapi('HandReplayed');
