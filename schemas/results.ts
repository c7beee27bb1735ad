import * as z from './zod';
import { MAX_CANCEL_REASON_LENGTH, MAX_KILLERS } from '../domain/results/knockouts';
import { MAX_PRIZE_TEXT_LENGTH } from '../domain/results/mystery';
import { MAX_BUSTS_PER_KNOCKOUT } from './limits';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { TournamentParams } from './tournaments';

const BustBody = z
  .strictObject({
    entryId: Id,
    killers: z
      .array(Id)
      .min(1)
      .openapi({ maxItems: MAX_KILLERS, description: 'who busted this entry: one killer, or two sharing 0.5 credit each (R-KO-3)' }),
  })
  .openapi('Bust');

export const KnockoutBody = z
  .strictObject({
    busted: z
      .array(Id)
      .min(1)
      .max(MAX_BUSTS_PER_KNOCKOUT)
      .optional()
      .openapi({ description: 'entries busted in one hand (several: one group, R-KO-4), all by the same `killers`' }),
    killers: z
      .array(Id)
      .min(1)
      .optional()
      .openapi({ maxItems: MAX_KILLERS, description: 'with `busted`: one killer, or two sharing 0.5 credit each (R-KO-3)' }),
    busts: z.array(BustBody).min(1).max(MAX_BUSTS_PER_KNOCKOUT).optional().openapi({
      description:
        'instead of busted + killers: each entry busted in the hand with its own killers (side pots); one elimination number for all (R-KO-4, R-PLC-2)',
    }),
    level: z.number().int().min(1).optional(),
  })
  .openapi('RecordKnockout', {
    description: 'Either `busts`, or `busted` with `killers` (every busted entry shares them).',
    example: {
      busts: [
        { entryId: 'e_7', killers: ['e_3'] },
        { entryId: 'e_9', killers: ['e_4'] },
      ],
      level: 6,
    },
  });

const points = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description}, in tournament points (never money, R-MONEY-1)` });

export const KnockoutBountyView = z
  .object({
    bustedBounty: points("the busted entry's bounty when it went out"),
    shares: z.array(
      z.object({
        entryId: Id,
        playerId: Id,
        collected: points("added to the killer's collected points"),
        added: points("added to the killer's own bounty"),
      }),
    ),
    unawarded: points('awarded to nobody (the uncredited half under primary_only)'),
  })
  .openapi('KnockoutBounty', { description: 'R-BTY-3: the progressive split of an active knockout' });

export const KnockoutView = z
  .object({
    knockoutId: Id,
    bustedEntryId: Id,
    bustedPlayerId: Id,
    eliminationNumber: z.number().int(),
    groupId: Id,
    killers: z.array(z.object({ entryId: Id, playerId: Id, credit: z.number() })),
    uncreditedKillers: z.array(z.object({ entryId: Id, playerId: Id })),
    level: z.number().int().optional(),
    at: Timestamp,
    by: z.string(),
    status: z.enum(['active', 'cancelled']),
    cancelledAt: Timestamp.optional(),
    cancelledBy: z.string().optional(),
    reason: z.string().optional(),
    bounty: KnockoutBountyView.optional(),
  })
  .openapi('Knockout');

export const KnockoutParams = TournamentParams.extend({ knockoutId: Id });
export const CancelKnockoutBody = z
  .strictObject({ reason: humanText({ max: MAX_CANCEL_REASON_LENGTH, multiline: true, trim: false }).optional() })
  .openapi('CancelKnockout');
export const MysteryDrawBody = z
  .strictObject({
    killerEntryId: Id.optional(),
    prizeText: humanText({ multiline: true, trim: false }).openapi({ maxLength: MAX_PRIZE_TEXT_LENGTH }).optional(),
  })
  .openapi('MysteryDraw', { description: 'prize text is non-monetary (R-MONEY-2)' });

export const Standings = z
  .object({
    version: z.number().int(),
    playersLeft: z.number().int(),
    entries: z.number().int(),
    placesPaid: z.number().int(),
    eliminationsToMoney: z.number().int(),
    onBubble: z.boolean(),
    inTheMoney: z.boolean(),
    satellite: z
      .object({
        playersLeft: z.number().int(),
        entries: z.number().int(),
        seats: z.number().int().openapi({ description: 'N: the seats the field awards now (R-SAT-1)' }),
        eliminationsToSeats: z.number().int(),
        onBubble: z.boolean().openapi({ description: 'R-SAT-2: N + 1 players left' }),
        ended: z.boolean().openapi({ description: 'N or fewer left with late registration closed: the seats are decided' }),
      })
      .optional()
      .openapi({ description: 'R-SAT-2: a satellite only' }),
  })
  .openapi('Standings');

export const ResultRowView = z
  .object({
    place: z.number().int(),
    playerId: Id,
    displayName: z.string().optional(),
    entryIds: z.array(Id),
    lastEntryId: Id,
    knockouts: z.number(),
    bounties: z.number().optional().openapi({ description: 'classic bounty (or progressive as_classic): bounty credits won (R-BTY-2)' }),
    bountyPoints: points("progressive bounty: bounty points won over all entries, the champion's own bounty included (R-BTY-3)").optional(),
    mysteryPrizes: z
      .array(z.string())
      .optional()
      .openapi({ description: "mystery bounty: the non-monetary prizes drawn by the player's entries (R-MYS-1)" }),
    prize: z.string().optional(),
  })
  .openapi('ResultRow');

export const BountyReward = z.enum(['none', 'bounties', 'points', 'mystery_prizes']).openapi('BountyReward', {
  description: 'what the bounty earns in the rows: nothing, bounty credits, bounty points, or mystery prizes (R-BTY-2)',
});

export const Results = z
  .object({
    tournamentId: Id,
    status: z.string(),
    final: z.boolean(),
    computedAt: Timestamp.nullable(),
    bountyType: z.enum(['none', 'classic', 'progressive', 'mystery']).optional(),
    bountyReward: BountyReward.optional(),
    rows: z.array(ResultRowView),
  })
  .openapi('Results');

export const EntryBounties = z
  .object({
    version: z.number().int(),
    progressiveMode: z.enum(['as_classic', 'accumulate']),
    initialBounty: points('the bounty every entry starts with, re-entries included'),
    collectPercent: z
      .number()
      .int()
      .openapi({ description: 'share of a busted bounty the killer collects; the rest goes onto his own bounty' }),
    items: z.array(
      z.object({
        entryId: Id,
        playerId: Id,
        status: z.enum(['active', 'busted']),
        bounty: points("on the entry's head now"),
        collected: points('collected from its knockouts'),
      }),
    ),
  })
  .openapi('EntryBounties', { description: 'R-BTY-3: progressive bounties, replayed from the active knockouts' });

export const MysteryTable = z
  .object({
    version: z.number().int(),
    source: z.enum(['client_text', 'server_table']),
    algorithm: z.string(),
    tableHash: z.string().optional().openapi({ description: 'SHA-256 of the table, committed when it was set' }),
    seedHash: z.string().optional().openapi({ description: 'SHA-256 of the secret draw seed, committed when the table was set' }),
    committedAt: Timestamp.optional(),
    seed: z.string().optional().openapi({ description: 'the draw seed, revealed once the tournament is over' }),
    prizes: z.array(
      z.object({
        index: z.number().int(),
        prize: z.string(),
        quantity: z.number().int(),
        remaining: z.number().int().optional().openapi({ description: 'shown to staff, and to all once the tournament is over' }),
        order: z.number().int().optional(),
      }),
    ),
    draws: z
      .array(
        z.object({
          drawId: Id,
          sequence: z.number().int(),
          knockoutId: Id,
          killerEntryId: Id,
          prizeIndex: z.number().int().optional(),
          prizeText: z.string().optional(),
          at: Timestamp,
        }),
      )
      .optional(),
  })
  .openapi('MysteryTable', { description: 'R-MYS-2: the mystery prize table, its commitment and, at the end, the seed' });

export const ResultsQuery = z.strictObject({ format: z.enum(['json', 'csv']).optional() });
