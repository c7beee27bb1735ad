import * as z from './zod';
import { Id } from './common';

/** R-SHOOT-1..2: a shootout's round and each table's players left, as the staff and the screen see them. */
export const ShootoutView = z
  .object({
    round: z.number().int().openapi({ description: 'the round now played: 1, 2, ...; the last round is the final' }),
    final: z.boolean().openapi({ description: 'the round plays at one table, down to the winner' }),
    advancePerTable: z.number().int().openapi({ description: 'players each table of a round (not the final) sends on' }),
    tables: z
      .array(
        z.object({
          tableId: Id,
          number: z.number().int(),
          playersLeft: z.number().int(),
          decided: z.boolean().openapi({ description: 'down to its advancing players: it plays no more this round' }),
        }),
      )
      .openapi({ description: "the round's tables by number" }),
    tablesStillPlaying: z
      .array(z.number().int())
      .openapi({ description: 'numbers of the tables with more players than advance: the round closes once it is empty' }),
  })
  .openapi('ShootoutView');

export const ShootoutState = z
  .object({ tournamentId: Id, version: z.number().int(), shootout: ShootoutView })
  .openapi('ShootoutState', { description: "The shootout's round after the command" });
