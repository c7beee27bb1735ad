import * as z from './zod';
import { MAX_CHIP_COUNTS, MAX_STACK } from '../domain/floor/chip-counts';
import { Id, Timestamp } from './common';

/*
 * R-CHIP-1: chip counts the floor records and the chips in play. The body checks shapes; the domain checks
 * the counts (a whole number from 0 up, an entry in play, listed once, not above the chips in play) and
 * names every bad field at once.
 */

export const ChipCountsBody = z
  .strictObject({
    counts: z
      .array(
        z.strictObject({
          entryId: Id,
          chips: z.number().int().openapi({ minimum: 0, maximum: MAX_STACK, description: "the entry's stack as counted" }),
        }),
      )
      .min(1)
      .max(MAX_CHIP_COUNTS)
      .openapi({ description: 'one entry, a table, or the whole field at bagging: recorded together or not at all' }),
  })
  .openapi('RecordChipCounts', { example: { counts: [{ entryId: 'ent_7', chips: 48_500 }] } });

export const ChipsInPlay = z
  .object({
    total: z.number().int().openapi({ description: 'starting stacks of the counted entries + rebuys + add-ons' }),
    startingStacks: z.number().int(),
    rebuys: z.number().int().openapi({ description: 'chips of the rebuys taken (cancelled ones not)' }),
    addOns: z.number().int().openapi({ description: 'chips of the add-ons taken (cancelled ones not)' }),
  })
  .openapi('ChipsInPlay');

export const ChipLeader = z
  .object({ entryId: Id, playerId: Id, chips: z.number().int(), countedAt: Timestamp })
  .openapi('ChipLeader', { description: 'the largest recorded stack among the entries in play' });

export const ChipCounts = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    chipsInPlay: ChipsInPlay,
    playersLeft: z.number().int(),
    averageStack: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'chipsInPlay.total / playersLeft, rounded; null when nobody is left' }),
    countedEntries: z.number().int().openapi({ description: 'entries in play with a recorded count' }),
    chipLeader: ChipLeader.nullable().openapi({ description: 'null until a count of an entry in play is recorded' }),
    items: z
      .array(z.object({ entryId: Id, playerId: Id, chips: z.number().int(), countedAt: Timestamp, by: z.string() }))
      .openapi({ description: 'the last recorded stack of each entry in play, largest first' }),
  })
  .openapi('ChipCounts');
