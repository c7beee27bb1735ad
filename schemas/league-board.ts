import * as z from './zod';
import { Id } from './common';
import { ClubLogoVersion } from './club-logos';

/** The league standings screen's data (getLeagueBoard): the top of the table with the players' display names. */
export const LeagueBoard = z
  .object({
    leagueId: Id,
    name: z.string(),
    clubName: z.string().nullable(),
    clubLogo: ClubLogoVersion,
    rows: z.array(
      z.object({
        place: z.number().int().nullable().openapi({ description: 'shared by tied players; null below the minimum played' }),
        name: z.string().nullable().openapi({ description: 'the display name; null where the public may not see it (R-MOD-1)' }),
        points: z.number(),
        played: z.number().int(),
        wins: z.number().int(),
        qualified: z.boolean(),
      }),
    ),
    more: z.boolean().openapi({ description: 'the table goes on past these rows (the standings GET has them all)' }),
  })
  .openapi('LeagueBoard', { description: 'The top of a league table in ranking order, for the screen in the room' });
