import * as z from './zod';
import { MIN_PLAYERS } from '../domain/duplicate/seating';
import {
  LONG_ROUND,
  MAX_CARRY_OVER_CAP_BB,
  MAX_ELIMINATION_SHARE,
  MAX_ROUNDS,
  MAX_SEATS,
  MIN_SEATS,
  SHORT_ROUND,
  STACK_MAX,
  STACK_MIN,
} from '../domain/duplicate/settings';
import {
  MAX_DUPLICATE_CHIPS,
  MAX_DUPLICATE_HAND_ACTIONS,
  MAX_DUPLICATE_NAME_LENGTH,
  MAX_DUPLICATE_PLAYER_NAME_LENGTH,
  MAX_DUPLICATE_PLAYERS,
  MAX_DUPLICATE_TABLES,
  MAX_ELIMINATION_COUNT,
} from './limits';
import { Id, Timestamp } from './common';

/**
 * Duplicate Poker (R-DUP-1..7): events, rounds, decks, counts, hands, standings. The rules (hand counts, stacks,
 * totals, who sits where) are checked by the domain with stable 422/409 codes; these schemas check shapes.
 */
const Chips = z.number().int().min(0).max(MAX_DUPLICATE_CHIPS);
const SeatNo = z.number().int().min(1).max(MAX_SEATS);
const Whole = z.number().int();

export const DuplicateEventParams = z.strictObject({ clubId: Id, eventId: Id });
export const DuplicatePlayerParams = DuplicateEventParams.extend({ playerId: Id });
const RoundNo = z.coerce.number().int().min(1).max(MAX_ROUNDS);
const TableNo = z.coerce.number().int().min(1).max(MAX_DUPLICATE_TABLES);
const HandNo = z.coerce.number().int().min(1).max(LONG_ROUND.max);
export const DuplicateRoundParams = DuplicateEventParams.extend({ round: RoundNo });
export const DuplicateTableParams = DuplicateRoundParams.extend({ table: TableNo });
export const DuplicateHandParams = DuplicateTableParams.extend({ hand: HandNo });
export const DuplicateDiagramParams = DuplicateRoundParams.extend({ hand: HandNo });

const AnteType = z.enum(['none', 'classic', 'bb']);
const Elimination = z.strictObject({
  scope: z.enum(['seat-group', 'field']),
  count: Whole.min(0).max(MAX_ELIMINATION_COUNT).optional(),
  share: z.number().min(0).optional().openapi({ exclusiveMaximum: MAX_ELIMINATION_SHARE }),
});
const RoundSettingsIn = z.strictObject({
  hands: Whole.optional().openapi({
    minimum: SHORT_ROUND.min,
    maximum: LONG_ROUND.max,
    description: 'R-DUP-1: 5-7 or 12-24 hands; default 6 above 54 players, else 12',
  }),
  smallBlind: Chips.optional(),
  bigBlind: Chips.optional(),
  ante: Chips.optional(),
  anteType: AnteType.optional(),
  elimination: Elimination.optional().openapi({ description: "this round's own elimination rule; default the event's" }),
});

export const DuplicateSettingsIn = z
  .strictObject({
    rounds: z
      .array(RoundSettingsIn)
      .min(1)
      .max(MAX_ROUNDS)
      .optional()
      .openapi({ description: 'one entry per round; default: roundCount rounds at T25/T25' }),
    roundCount: Whole.min(1).max(MAX_ROUNDS).optional(),
    startingStack: Whole.optional().openapi({ minimum: STACK_MIN, maximum: STACK_MAX, description: 'R-DUP-1: default 10000' }),
    seatsPerTable: Whole.optional().openapi({ minimum: MIN_SEATS, maximum: MAX_SEATS, description: 'R-DUP-2: default 9' }),
    betting: z.enum(['no-limit', 'pot-limit', 'pot-limit-preflop']).optional(),
    points: z.enum(['chips-vs-average', 'rank']).optional(),
    elimination: Elimination.optional(),
    tieRule: z.enum(['keep-tied', 'eliminate-tied']).optional(),
    carryOverCapBB: Whole.optional().openapi({
      minimum: 1,
      maximum: MAX_CARRY_OVER_CAP_BB,
      description: 'R-DUP-6: n of the n x BB cap, default 20',
    }),
  })
  .openapi('DuplicateSettingsInput');

export const CreateDuplicateEvent = z
  .strictObject({
    name: z.string().min(1).max(MAX_DUPLICATE_NAME_LENGTH),
    players: z
      .array(
        z.strictObject({
          playerId: Id.openapi({ description: "the player's user id (notifications go there)" }),
          name: z.string().min(1).max(MAX_DUPLICATE_PLAYER_NAME_LENGTH),
        }),
      )
      .min(MIN_PLAYERS)
      .max(MAX_DUPLICATE_PLAYERS)
      .openapi({ description: 'the event is stored as one item (docs/decisions/duplicate.md)' }),
    settings: DuplicateSettingsIn.optional(),
  })
  .openapi('CreateDuplicateEvent');

const EliminationOut = z.object({ scope: z.string(), count: Whole.optional(), share: z.number().optional() });
const RoundSettings = z.object({
  hands: Whole,
  smallBlind: Whole,
  bigBlind: Whole,
  ante: Whole,
  anteType: AnteType,
  elimination: EliminationOut.optional(),
});
const Settings = z.object({
  name: z.string(),
  rounds: z.array(RoundSettings),
  startingStack: Whole,
  seatsPerTable: Whole,
  betting: z.string(),
  points: z.string(),
  elimination: EliminationOut,
  tieRule: z.string(),
  carryOverCapBB: Whole,
});

const ResultRow = z.object({
  playerId: z.string(),
  name: z.string(),
  table: Whole,
  seat: Whole,
  chips: Whole,
  carryIn: Whole,
  points: Whole,
  total: Whole,
  groupRank: Whole,
  groupSize: Whole,
  carryOut: Whole.openapi({ description: 'R-DUP-6: the next round starting total, capped to n x BB' }),
  eliminated: z.boolean(),
  place: Whole,
});

const Table = z.object({
  table: Whole,
  seats: z.array(z.object({ seat: Whole, playerId: z.string().nullable(), name: z.string().nullable() })),
});

export const DuplicateRound = z
  .object({
    eventId: z.string(),
    round: Whole,
    status: z.enum(['playing', 'closed']),
    level: RoundSettings,
    tableSize: Whole.openapi({ description: 'seats per table, the number the decks are dealt for (R-DUP-2)' }),
    tables: z.array(Table),
    seatingSeed: z.string(),
    commitment: z.string().openapi({ description: 'R-DUP-2: hex SHA-256 of the commitment text, published before the round' }),
    committedAt: Timestamp,
    seed: z.string().nullable().openapi({ description: 'revealed after the round' }),
    revealedAt: Timestamp.nullable(),
    decks: z.array(z.array(z.string())).nullable().openapi({ description: "after the reveal: each hand's deck, top card first" }),
    countsEntered: z.array(Whole),
    handsRecorded: z.array(z.object({ table: Whole, hands: Whole })),
    disagreements: z.array(z.object({ table: Whole, seat: Whole, playerId: z.string().nullable(), entered: Whole, replayed: Whole })),
    results: z.array(ResultRow).nullable(),
    closedAt: Timestamp.nullable(),
  })
  .openapi('DuplicateRound');

export const DuplicateEvent = z
  .object({
    eventId: z.string(),
    clubId: z.string(),
    version: Whole,
    status: z.enum(['open', 'running', 'finished']),
    settings: Settings,
    players: z.array(
      z.object({
        playerId: z.string(),
        name: z.string(),
        status: z.enum(['active', 'eliminated', 'withdrawn']),
        eliminatedInRound: Whole.optional(),
      }),
    ),
    rounds: z.array(DuplicateRound),
    createdAt: Timestamp,
  })
  .openapi('DuplicateEvent');

export const DuplicateEventList = z
  .object({ items: z.array(z.object({ eventId: z.string(), name: z.string(), status: z.string(), version: Whole, createdAt: Timestamp })) })
  .openapi('DuplicateEventList');

const SheetUse = z.object({
  kind: z.enum(['hole', 'burn', 'flop', 'turn', 'river', 'unused']),
  seat: Whole.optional(),
  round: Whole.optional(),
});
export const DuplicateDeckSheets = z
  .object({
    eventId: z.string(),
    round: Whole,
    tables: z.array(Whole).openapi({ description: 'every table stacks the same decks (R-DUP-2)' }),
    seats: Whole,
    hands: z.array(
      z.object({
        hand: Whole,
        button: Whole,
        order: z.array(z.object({ position: Whole, card: z.string(), use: SheetUse })),
        holes: z.array(z.object({ seat: Whole, cards: z.array(z.string()) })),
        board: z.array(z.string()),
        printable: z.string().openapi({ description: 'the sheet as text, to print' }),
      }),
    ),
  })
  .openapi('DuplicateDeckSheets');

export const DuplicateDeckReads = z
  .object({ items: z.array(z.object({ round: Whole, actorId: z.string(), role: z.string(), at: Timestamp, what: z.string() })) })
  .openapi('DuplicateDeckReads');

export const StaffRole = z.enum(['owner', 'manager', 'dealer', 'cashier']);
export const DeckAccessBody = z
  .strictObject({ roles: z.array(StaffRole).min(1).max(StaffRole.options.length) })
  .openapi('DuplicateDeckAccessInput');
export const DeckAccess = z
  .object({ roles: z.array(z.string()), updatedAt: Timestamp.nullable(), updatedBy: z.string().nullable() })
  .openapi('DuplicateDeckAccess');

export const CountsBody = z
  .strictObject({
    counts: z
      .array(z.strictObject({ playerId: Id, chips: Chips }))
      .min(1)
      .max(MAX_SEATS),
    emptySeats: z
      .array(z.strictObject({ seat: SeatNo, chips: Chips }))
      .max(MAX_SEATS - 1)
      .default([]),
  })
  .openapi('DuplicateCounts');

export const HandActionsBody = z
  .strictObject({
    actions: z
      .array(
        z.strictObject({
          seat: SeatNo,
          action: z.enum(['fold', 'check', 'call', 'bet', 'raise', 'allin', 'timeout']),
          to: Chips.optional(),
        }),
      )
      .min(1)
      .max(MAX_DUPLICATE_HAND_ACTIONS),
  })
  .openapi('DuplicateHandActions', { description: 'the actions of one hand; seats, stacks, button, blinds and cards come from the round' });

export const RecordedHand = z
  .object({
    round: Whole,
    table: Whole,
    hand: Whole,
    complete: z.boolean(),
    board: z.array(z.string()),
    stacks: z.array(z.object({ seat: Whole, start: Whole, end: Whole, net: Whole })),
    text: z.string(),
  })
  .openapi('DuplicateRecordedHand');

export const DuplicateTableView = z
  .object({
    round: Whole,
    table: Table,
    counts: z
      .object({
        counts: z.array(z.object({ playerId: z.string(), chips: Whole })),
        emptySeats: z.array(z.object({ seat: Whole, chips: Whole })),
        enteredBy: z.string(),
        enteredAt: Timestamp,
      })
      .nullable(),
    handsRecorded: Whole,
    replayed: z
      .array(z.object({ seat: Whole, chips: Whole }))
      .nullable()
      .openapi({ description: 'chips after the recorded hands, once every hand is recorded' }),
    disagreements: z.array(z.object({ seat: Whole, entered: Whole, replayed: Whole })),
  })
  .openapi('DuplicateTable');

const Move = z.object({ street: z.string(), action: z.string(), amount: Whole, to: Whole.optional(), allIn: z.boolean().optional() });
export const HandDiagram = z
  .object({
    round: Whole,
    hand: Whole,
    button: Whole,
    board: z.array(z.string()),
    seatGroups: z.array(
      z.object({
        seat: Whole,
        cards: z.array(z.string()),
        tables: z.array(
          z.object({
            table: Whole,
            playerId: z.string().nullable(),
            name: z.string().nullable(),
            recorded: z.boolean(),
            moves: z.array(Move),
            net: Whole.nullable(),
          }),
        ),
      }),
    ),
  })
  .openapi('DuplicateHandDiagram');

export const DuplicateStandings = z
  .object({
    eventId: z.string(),
    name: z.string(),
    status: z.string(),
    rounds: z.array(
      z.object({
        round: Whole,
        status: z.string(),
        commitment: z.string(),
        seed: z.string().nullable(),
        standings: z.array(ResultRow).nullable(),
      }),
    ),
    field: z.array(
      z.object({ playerId: z.string(), name: z.string(), status: z.string(), eliminatedInRound: Whole.optional(), total: Whole }),
    ),
  })
  .openapi('DuplicateStandings');

export const ScreenQuery = z.strictObject({
  round: RoundNo.optional(),
  hand: HandNo.optional(),
});
