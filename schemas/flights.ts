import * as z from './zod';
import { MAX_FLIGHTS, STACK_RULES } from '../domain/floor/flights';
import { ChipCountsBody } from './chips';
import { Id, Timestamp } from './common';

/*
 * R-FLIGHT-1: starting flights into one day 2. The bodies check shapes; the domain checks the rest (the
 * counts against the chips in play, which tournaments may be flights) and names the fields.
 */

export const LinkFlightsBody = z
  .strictObject({
    flightIds: z
      .array(Id)
      .min(1)
      .max(MAX_FLIGHTS)
      .openapi({ description: "the day 2's starting flights (tournaments of the same club), in order: day 1A, 1B, ..." }),
    stackRule: z.enum(STACK_RULES).optional().openapi({
      description:
        'a player who bagged in more than one flight goes on with the largest stack (default; equal: the earlier flight) or with the latest flight he bagged in',
    }),
  })
  .openapi('LinkFlights', { example: { flightIds: ['trn_1a', 'trn_1b'], stackRule: 'largest' } });

export const Day2Flights = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    flightIds: z.array(Id),
    stackRule: z.enum(STACK_RULES),
  })
  .openapi('Day2Flights', { description: "The day 2's flights and stack rule" });

export const BagFlightBody = ChipCountsBody.openapi('BagFlight', {
  description: "Every survivor's stack in one call: together exactly the flight's chips in play",
  example: { counts: [{ entryId: 'ent_7', chips: 48_500 }] },
});

const BaggedStack = z.object({ entryId: Id, playerId: Id, chips: z.number().int() });

export const BaggedFlight = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    day2Id: Id,
    baggedAt: Timestamp,
    total: z.number().int().openapi({ description: 'the bagged chips: the chips in play' }),
    bagged: z.array(BaggedStack).openapi({ description: 'every survivor with his stack, by entry id' }),
  })
  .openapi('BaggedFlight');

export const Day2Field = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    qualifiedAt: Timestamp,
    total: z.number().int(),
    tables: z.number().int().openapi({ description: 'tables the draw seated' }),
    qualifiers: z
      .array(
        z.object({
          playerId: Id,
          entryId: Id.openapi({ description: "the player's day-2 entry" }),
          flightEntryId: Id.openapi({ description: 'the flight entry the stack comes from' }),
          chips: z.number().int(),
          flightId: Id.openapi({ description: 'the flight the stack comes from' }),
          alsoBagged: z.array(Id).openapi({ description: 'other flights he bagged in, whose stacks he gave up' }),
        }),
      )
      .openapi({ description: 'one per player, by player id' }),
  })
  .openapi('Day2Field', { description: "The day 2's field from its flights, seated by the committed draw (R-DRAW-1)" });

export const EventPlacesQuery = z.strictObject({ format: z.enum(['json', 'csv']).optional() });

export const EventPlaces = z
  .object({
    tournamentId: Id,
    flightIds: z.array(Id),
    rows: z
      .array(
        z.object({
          place: z.number().int(),
          playerId: Id,
          stage: z.enum(['day2', 'day1']).openapi({ description: 'the stage reached' }),
          tournamentId: Id.openapi({ description: 'the day 2, or the flight of his best day-1 finish' }),
          lastEntryId: Id,
        }),
      )
      .openapi({ description: 'day-2 places first, then every day-1 bust (docs/decisions.md)' }),
  })
  .openapi('EventPlaces');
