import * as z from './zod';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { TournamentParams } from './tournaments';

export const KnockoutBody = z
  .strictObject({
    busted: z.array(Id).min(1).max(10).openapi({ description: 'entries busted in one hand (several: one group, R-KO-4)' }),
    killers: z.array(Id).min(1).max(3).openapi({ description: 'one killer, or two sharing 0.5 credit each (R-KO-3)' }),
    level: z.number().int().min(1).optional(),
  })
  .openapi('RecordKnockout', { example: { busted: ['e_7'], killers: ['e_3'], level: 6 } });

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
  })
  .openapi('Knockout');

export const KnockoutParams = TournamentParams.extend({ knockoutId: Id });
export const CancelKnockoutBody = z.strictObject({ reason: humanText({ max: 500, multiline: true, trim: false }).optional() }).openapi('CancelKnockout');
export const MysteryDrawBody = z
  .strictObject({ killerEntryId: Id.optional(), prizeText: humanText({ max: 2000, multiline: true, trim: false }).optional() })
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
    prize: z.string().optional(),
  })
  .openapi('ResultRow');

export const Results = z
  .object({ tournamentId: Id, status: z.string(), final: z.boolean(), computedAt: Timestamp.nullable(), rows: z.array(ResultRowView) })
  .openapi('Results');

export const ResultsQuery = z.strictObject({ format: z.enum(['json', 'csv']).optional() });
