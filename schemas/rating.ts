import * as z from './zod';
import { Id, Timestamp } from './common';

/*
 * R-RATE-1: the cross-club rating: mu (mean skill) and sigma (its uncertainty) of the Weng-Lin model, the
 * ordinal mu - 3 sigma the leaderboard sorts by. No schema names a person: a name comes from the profile.
 */

export const RatingOptInBody = z
  .strictObject({ optIn: z.boolean().openapi({ description: "R-RATE-1: the club's finished tournaments count for the rating" }) })
  .openapi('RatingOptInBody');

export const RatingOptIn = z.object({ clubId: Id, optIn: z.boolean() }).openapi('RatingOptIn');

const figures = {
  mu: z.number().openapi({ description: 'mean skill' }),
  sigma: z.number().openapi({ description: 'uncertainty of mu (standard deviation)' }),
  ordinal: z.number().openapi({ description: 'mu - 3 sigma: what the leaderboard sorts by' }),
  tournaments: z.number().int().openapi({ description: 'rated tournaments' }),
};

export const RatingRow = z
  .object({
    playerId: Id,
    displayName: z.string().optional().openapi({ description: 'the profile name; an erased player shows as a pseudonym (R-PD-1)' }),
    ...figures,
  })
  .openapi('RatingRow');

export const RatingSnapshot = z.object({ mu: z.number(), sigma: z.number(), ordinal: z.number(), tournaments: z.number().int() });

export const RatingHistoryRow = z
  .object({
    clubId: Id,
    tournamentId: Id,
    finishedAt: Timestamp,
    place: z.number().int(),
    field: z.number().int().openapi({ description: 'players rated in that finish' }),
    before: RatingSnapshot,
    after: RatingSnapshot,
  })
  .openapi('RatingHistoryRow');

export const PlayerRatingPage = z
  .object({
    rating: RatingRow.extend({ rated: z.boolean().openapi({ description: 'false: no rated finish yet (the initial rating)' }) }),
    items: z.array(RatingHistoryRow),
    nextCursor: z.string().nullable(),
  })
  .openapi('PlayerRating');

export const RatingPlayerParams = z.strictObject({ playerId: Id });
