import * as z from './zod';
import { ShootoutView } from './shootout';
import { MAX_ADVANCE_PER_TABLE } from '../domain/tournaments/shootout-settings';
import {
  MAX_DESCRIPTION,
  MAX_EXPECTED_DURATION_MINUTES,
  MAX_HANDS_PER_HOUR,
  MAX_ITM_PERCENT,
  MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES,
  MAX_NAME,
  MAX_PLACE,
  MAX_PRIZE_DESCRIPTION,
  MAX_PRIZE_ROWS,
  MAX_REBUY_END_LEVEL,
  MAX_SEATS_PER_TABLE,
  MIN_SEATS_PER_TABLE,
} from '../domain/tournaments/settings';
import { MAX_PRIZE_DETAIL, MAX_RATING_POINTS } from '../domain/tournaments/prize-kinds';
import {
  MAX_COLLECT_PERCENT,
  MAX_INITIAL_BOUNTY,
  MAX_MYSTERY_ORDER,
  MAX_MYSTERY_PRIZE,
  MAX_MYSTERY_QUANTITY,
  MAX_MYSTERY_ROWS,
} from '../domain/tournaments/bounty-settings';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { MoneyHold, MoneyReviewOutcome } from './money-review';
import { FreeEntryDetails, TicketTarget } from './tickets';
import { MAX_SATELLITE_SEATS, MAX_TICKET_VALID_DAYS } from '../domain/season/limits';
import { MAX_FREE_ENTRY_PLACES } from '../domain/tournaments/settings';

/**
 * Request schemas check shapes and types; the rules (deadline order, seats per table 2..10, amounts
 * as non-negative integers, money wording in prizes, ...) are the domain's, which answers 422 with
 * the rule's code and the fields. The contract states the domain's bounds (`.openapi`) so that a client
 * knows them; the check stays the rule's.
 */
const amount = z.number().int().openapi({ description: 'integer minor units of the club currency (organisational fee, never a prize)' });
// R-MONEY-2: a structured prize; with a kind other than `other` the description may be left out.
const prizeDetails = {
  kind: z
    .enum(['trophy', 'medal', 'title', 'rating_points', 'merchandise', 'certificate', 'satellite', 'free_entry', 'other'])
    .optional()
    .openapi({ description: 'What the prize is; a row with a kind needs no description' }),
  certificateFor: humanText({ trim: false })
    .optional()
    .openapi({ maxLength: MAX_PRIZE_DETAIL, description: 'certificate: what it is for (a service or goods), never a face value' }),
  entryTo: humanText({ trim: false })
    .optional()
    .openapi({ maxLength: MAX_PRIZE_DETAIL, description: 'satellite: the tournament the prize enters' }),
  points: z.number().int().optional().openapi({ minimum: 1, maximum: MAX_RATING_POINTS, description: 'rating_points: how many' }),
  freeEntry: FreeEntryDetails.optional().openapi({
    description: 'free_entry: the ticket each covered place gets at the finish (R-TICKET-2)',
  }),
};
const place = z.number().int().openapi({ minimum: 1, maximum: MAX_PLACE });
const prizeDescription = humanText({ trim: false }).optional().openapi({ maxLength: MAX_PRIZE_DESCRIPTION });
const PrizeRow = z
  .union([
    z.strictObject({ place, description: prizeDescription, ...prizeDetails }),
    z.strictObject({ placeFrom: place, placeTo: place, description: prizeDescription, ...prizeDetails }),
  ])
  .openapi('PrizeRow', { description: 'A non-monetary prize (R-MONEY-2, R-PRZ-1)' });

const seatCount = z.number().int().openapi({ minimum: 1, maximum: MAX_SATELLITE_SEATS });
const Satellite = z
  .strictObject({
    targetTournamentId: Id.optional().openapi({ description: 'the tournament of the club the seats enter (or targetSeriesId)' }),
    targetSeriesId: Id.optional().openapi({ description: 'the series of the club the seats enter (or targetTournamentId)' }),
    seats: seatCount.optional().openapi({
      maximum: MAX_FREE_ENTRY_PLACES,
      description: 'a fixed number of seats (or entriesPerSeat); with free_entry rows at most ' + MAX_FREE_ENTRY_PLACES + ' places',
    }),
    entriesPerSeat: seatCount.optional().openapi({ description: 'one seat per this many entries, re-entries counted, at least one seat' }),
    alreadyInTarget: z.enum(['pass_to_next', 'other_event']).optional().openapi({
      description:
        'R-SAT-3: a winner already registered or holding a seat in the target: the seat passes to the next place (default), or the winner gets a ticket to otherEventTarget',
    }),
    otherEventTarget: TicketTarget.optional().openapi({ description: 'R-SAT-3 other_event: what that ticket enters' }),
    ticketValidDays: z.number().int().optional().openapi({
      minimum: 1,
      maximum: MAX_TICKET_VALID_DAYS,
      description: 'days from the finish until the seat tickets expire (default 90)',
    }),
  })
  .openapi('SatelliteSettings', {
    description:
      'R-SAT-1..3: the tournament awards seats (tickets, R-TICKET-1) in a target; it ends when that many players remain, who share places 1..N',
  });

const settingsShape = {
  name: humanText({ trim: false }).openapi({ maxLength: MAX_NAME }),
  description: humanText({ trim: false, multiline: true }).openapi({ maxLength: MAX_DESCRIPTION }),
  formatLabel: z.enum(['freezeout', 'rebuy', 'reentry', 'addon', 'bounty']),
  startAt: Timestamp,
  lateRegEndsAt: Timestamp,
  reentryEndsAt: Timestamp,
  addonEndsAt: Timestamp,
  addonAtBreak: z.number().int(),
  addonOncePerPlayer: z.boolean(),
  rebuyEndsAt: Timestamp,
  rebuyMaxPerPlayer: z.number().int(),
  rebuyOnlyAtOrBelowChips: z.number().int(),
  rebuyEndsAtLevel: z.number().int().openapi({
    minimum: 1,
    maximum: MAX_REBUY_END_LEVEL,
    description: 'R-REBUY-2: the last playing level (1-based) in which rebuys are taken',
  }),
  handsPerHour: z.number().int().openapi({
    minimum: 1,
    maximum: MAX_HANDS_PER_HOUR,
    description: 'R-NOSHOW-2, R-LATE-1: hands dealt per hour at a table, the pace of the forced-bet model (default 30)',
  }),
  lateEntryStack: z.enum(['full', 'minus_forced_bets']).openapi({
    description:
      'R-LATE-1: a late entrant gets the full starting stack (default) or it minus the forced bets one seat has posted so far (never below half the stack)',
  }),
  expectedDurationMinutes: z.number().int().openapi({ minimum: 1, maximum: MAX_EXPECTED_DURATION_MINUTES }),
  buyIn: amount,
  rebuy: amount,
  reentry: amount,
  addon: amount,
  currency: z.string(),
  startingStack: z.number().int(),
  addonChips: z.number().int(),
  seatsPerTable: z.number().int().openapi({ minimum: MIN_SEATS_PER_TABLE, maximum: MAX_SEATS_PER_TABLE }),
  seatLimit: z.number().int(),
  blindStructureId: Id,
  bountyType: z.enum(['none', 'classic', 'progressive', 'mystery']),
  mysteryBounty: z.boolean(),
  resultsPublic: z.boolean(),
  noShowPolicy: z.enum(['drop', 'absent_mode']),
  itmPercent: z.number().openapi({ minimum: 0, maximum: MAX_ITM_PERCENT }),
  itmMinimum: z.number().int(),
  prizes: z.array(PrizeRow).openapi({ maxItems: MAX_PRIZE_ROWS }),
  prizePreset: z
    .enum(['cup_and_free_entries', 'club_merch', 'venue_certificates', 'freerolls_for_itm'])
    .openapi({ description: 'R-PRZ-2: a preset instead of own rows (see GET /v1/prize-presets), cut to the field' }),
  prizesGuaranteed: z.boolean().openapi({
    description:
      'R-GTD-1: the prize rows are guaranteed: awarded whatever the field size (a preset is then not cut to the field); non-monetary only',
  }),
  balancing: z.strictObject({
    moveRule: z.enum(['big_blind_next', 'random', 'last_seat']).optional(),
    allowedSkew: z.number().int().optional(),
    mode: z.enum(['auto', 'manual']).optional(),
  }),
  knockoutCancelWindowMinutes: z.number().int().openapi({ minimum: 0, maximum: MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES }),
  twoKillerCredit: z.enum(['both', 'primary_only']).openapi({ description: 'R-KO-3: both killers get 0.5 (default), or only the first' }),
  mysteryDrawScope: z
    .enum(['per_killer_entry', 'per_knockout'])
    .openapi({ description: 'R-MYS-2: one draw per killer entry (default) or per knockout' }),
  progressiveMode: z
    .enum(['as_classic', 'accumulate'])
    .openapi({ description: 'R-BTY-3, progressive bounty only: accumulate bounties in points (default) or count credits as classic' }),
  initialBounty: z.number().int().openapi({
    minimum: 1,
    maximum: MAX_INITIAL_BOUNTY,
    description:
      'R-BTY-3: the bounty on every entry at the start, re-entries included, in tournament points (never money, R-MONEY-1); default 100',
  }),
  progressiveCollectPercent: z.number().int().openapi({
    minimum: 0,
    maximum: MAX_COLLECT_PERCENT,
    description: "R-BTY-3: percent of a busted bounty the killer collects (default 50); the rest goes onto the killer's own bounty",
  }),
  mysteryPrizeSource: z.enum(['client_text', 'server_table']).openapi({
    description:
      'R-MYS-2: the floor types the prize drawn by hand, or the server draws it from mysteryPrizeTable (default when a table is given)',
  }),
  satellite: Satellite,
  mysteryPrizeTable: z
    .array(
      z.strictObject({
        prize: humanText({ trim: false }).openapi({ maxLength: MAX_MYSTERY_PRIZE }),
        quantity: z.number().int().openapi({ minimum: 1, maximum: MAX_MYSTERY_QUANTITY }),
        order: z.number().int().optional().openapi({ minimum: 0, maximum: MAX_MYSTERY_ORDER }),
      }),
    )
    .openapi({
      maxItems: MAX_MYSTERY_ROWS,
      description: 'R-MYS-2: non-monetary prizes (R-MONEY-2) with quantities, committed by hash when set and drawn by the server',
    }),
  format: z.enum(['regular', 'shootout']).openapi({
    description: 'R-SHOOT-1..2: a shootout plays isolated tables in rounds (no balancing, no breaking); regular by default (not stored)',
  }),
  advancePerTable: z.number().int().openapi({
    minimum: 1,
    maximum: MAX_ADVANCE_PER_TABLE,
    description: 'R-SHOOT-1: players each table of a shootout round sends on (default 1), at most half the seats per table',
  }),
};

const REQUIRED = ['name', 'startAt', 'lateRegEndsAt', 'buyIn', 'startingStack'] as const;

export const CreateTournamentBody = z
  .strictObject(
    Object.fromEntries(
      Object.entries(settingsShape).map(([k, v]) => [k, (REQUIRED as readonly string[]).includes(k) ? v : v.optional()]),
    ) as {
      [K in keyof typeof settingsShape]: K extends (typeof REQUIRED)[number]
        ? (typeof settingsShape)[K]
        : z.ZodOptional<(typeof settingsShape)[K]>;
    },
  )
  .extend({ seriesId: Id.optional().openapi({ description: 'R-SER-1: the series of the club it joins as it is announced' }) })
  .openapi('CreateTournament', {
    example: {
      name: 'Friday Deepstack',
      startAt: '2026-12-04T17:00:00.000Z',
      lateRegEndsAt: '2026-12-04T19:00:00.000Z',
      buyIn: 150000,
      currency: 'RUB',
      startingStack: 30000,
      seatsPerTable: 9,
      formatLabel: 'reentry',
      reentry: 150000,
      reentryEndsAt: '2026-12-04T19:00:00.000Z',
      prizePreset: 'cup_and_free_entries',
    },
  });

export const UpdateTournamentBody = z
  .strictObject(
    Object.fromEntries(Object.entries(settingsShape).map(([k, v]) => [k, v.nullable().optional()])) as {
      [K in keyof typeof settingsShape]: z.ZodOptional<z.ZodNullable<(typeof settingsShape)[K]>>;
    },
  )
  .openapi('UpdateTournament', { description: 'Any settings field; null clears an optional one. Only while announced (R-LIFE-2).' });

export const TournamentParams = z.strictObject({ clubId: Id, tournamentId: Id });
export const RegistrationParams = TournamentParams.extend({ registrationId: Id });
export const EntryParams = TournamentParams.extend({ entryId: Id });
export const PlayerFeesParams = TournamentParams.extend({ playerId: Id });
export const SettlementParams = TournamentParams.extend({ settlementId: Id });

export const TournamentStatus = z.enum(['announced', 'registration_open', 'running', 'finished', 'cancelled']);

export const Tournament = z
  .object({
    tournamentId: Id,
    clubId: Id,
    status: TournamentStatus,
    version: z.number().int(),
    seriesId: Id.optional().openapi({ description: 'R-SER-1: the series it belongs to' }),
    settings: z.object(settingsShape).partial().extend({ name: z.string(), startAt: Timestamp }),
    counts: z.object({
      registered: z.number().int(),
      waitlisted: z.number().int(),
      checkedIn: z.number().int(),
      entries: z.number().int(),
      activeEntries: z.number().int(),
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    moneyHold: MoneyHold.optional(),
    moneyReview: MoneyReviewOutcome.optional(),
    shootout: ShootoutView.optional().openapi({ description: "R-SHOOT-2: a shootout's round and its tables' players left" }),
  })
  .openapi('Tournament');

export const TournamentSummary = z
  .object({
    tournamentId: Id,
    clubId: Id,
    name: z.string(),
    status: TournamentStatus,
    startAt: Timestamp,
    city: z.string().optional(),
    prizesGuaranteed: z.boolean().optional().openapi({ description: 'R-GTD-1: its prizes are guaranteed (in the catalogue)' }),
  })
  .openapi('TournamentSummary');

export const Registration = z
  .object({
    registrationId: Id,
    playerId: Id,
    status: z.enum(['registered', 'waitlisted', 'checked_in', 'absent', 'cancelled']),
    seq: z.number().int(),
    source: z.enum(['player', 'staff']),
    registeredAt: Timestamp,
    registeredBy: z.string().openapi({ description: 'who registered it: the player, or the staff member or API key at the desk' }),
    checkedInAt: Timestamp.optional(),
    checkedInBy: z.string().optional(),
    promotedAt: Timestamp.optional(),
    entryId: Id.optional(),
    cancelledAt: Timestamp.optional(),
    cancelReason: z.string().optional(),
    ticketId: Id.optional().openapi({ description: 'R-TICKET-3: the free entry that covers the first buy-in' }),
  })
  .openapi('Registration');

export const Entry = z
  .object({
    entryId: Id,
    playerId: Id,
    registrationId: Id,
    number: z.number().int(),
    status: z.enum(['active', 'busted', 'void']),
    chips: z.number().int().openapi({ description: 'chips granted (points, no money value, R-MONEY-1)' }),
    createdAt: Timestamp,
    bustedAt: Timestamp.optional(),
    deadStack: z.boolean().optional(),
    deadStackFrom: z
      .number()
      .int()
      .optional()
      .openapi({ description: "R-NOSHOW-2: the clock's forced-bet count when the dead stack was seated" }),
    forcedBetsPosted: z.number().int().optional().openapi({
      description: 'R-NOSHOW-2: forced bets the dead stack has posted (so far while absent; at the hand-over once the player arrived)',
    }),
  })
  .openapi('Entry');

export const FeeOperation = z
  .object({
    feeId: Id,
    playerId: Id,
    entryId: Id,
    kind: z.enum(['buy_in', 'reentry', 'rebuy', 'addon']),
    amount: z.number().int(),
    chips: z.number().int(),
    at: Timestamp,
    by: z.string(),
    settlementId: Id.optional(),
    cancelledAt: Timestamp.optional(),
    cover: z.literal('ticket').optional().openapi({ description: 'R-TICKET-3: a free entry covered it: the amount is 0, no debt' }),
    ticketId: Id.optional(),
  })
  .openapi('FeeOperation');

export const Settlement = z
  .object({
    settlementId: Id,
    playerId: Id,
    amount: z.number().int(),
    method: z.enum(['cash', 'card', 'transfer', 'other']),
    by: z.string(),
    at: Timestamp,
    status: z.enum(['active', 'cancelled']),
    feeOperationIds: z.array(Id),
    cancelledAt: Timestamp.optional(),
    cancelledBy: z.string().optional(),
  })
  .openapi('Settlement');

export const PlayerFees = z
  .object({
    playerId: Id,
    currency: z.string(),
    debt: z.number().int(),
    operations: z.array(FeeOperation),
    settlements: z.array(Settlement),
  })
  .openapi('PlayerFees');

const presentedTicket = Id.optional().openapi({ description: "R-TICKET-3: the holder's free entry that covers this entry's fee" });
export const RegisterBody = z
  .strictObject({ playerId: Id, ticketId: presentedTicket })
  .openapi('RegisterPlayer', { example: { playerId: 'u_8f2c1a' } });
export const MyRegisterBody = z.strictObject({ clubId: Id, tournamentId: Id, ticketId: presentedTicket }).openapi('RegisterMyself');
export const CreateEntryBody = z.strictObject({ kind: z.enum(['late_registration', 'reentry']), playerId: Id }).openapi('CreateEntry', {
  description: 'late_registration: register and buy in at once while late registration is open; reentry: a new entry after a bust',
  example: { kind: 'reentry', playerId: 'u_8f2c1a' },
});
export const RebuyBody = z.strictObject({ currentChips: z.number().int().optional() }).openapi('Rebuy');
export const AddonBody = z.strictObject({}).openapi('Addon');
export const SettleBody = z
  .strictObject({ playerId: Id, method: z.enum(['cash', 'card', 'transfer', 'other']), expectedAmount: z.number().int().optional() })
  .openapi('Settle', { example: { playerId: 'u_8f2c1a', method: 'card', expectedAmount: 300000 } });

export const Versioned = <T extends z.ZodType>(item: T) => z.object({ version: z.number().int(), item });

export const MyRegistration = z
  .object({
    clubId: Id,
    tournamentId: Id,
    tournamentName: z.string(),
    tournamentStatus: TournamentStatus,
    startAt: Timestamp,
    registrationId: Id,
    registrationStatus: z.string(),
    entryId: Id.optional(),
    eliminated: z.boolean(),
  })
  .openapi('MyRegistration');
