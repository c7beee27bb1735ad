import * as z from './zod';
import { Id, Timestamp } from './common';
import { ClubLogoVersion } from './club-logos';

/** The seating board's data (getSeatingBoard): who sits where, for the board in the room and the printed lists. */
export const SeatingBoard = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    clubName: z.string().nullable(),
    clubLogo: ClubLogoVersion,
    tournamentName: z.string(),
    startAt: Timestamp,
    players: z.array(
      z.object({
        name: z.string().nullable().openapi({ description: 'the display name; null where the public may not see it (R-MOD-1)' }),
        tableNumber: z.number().int(),
        seat: z.number().int().min(1),
      }),
    ),
    tables: z.number().int().openapi({ description: 'tables in play' }),
  })
  .openapi('SeatingBoard', { description: 'Seated players by table and seat; the screen sorts them by name in its language' });
