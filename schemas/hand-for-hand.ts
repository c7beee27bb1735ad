import * as z from './zod';
import { HAND_FOR_HAND_CLOCK_MODES, MAX_SECONDS_PER_HAND } from '../domain/floor/hand-for-hand-settings';
import { Id, Timestamp } from './common';

/* R-HFH-1: hand-for-hand at the bubble: the floor's start body, a table's report and the state the views show. */

export const StartHandForHandBody = z
  .strictObject({
    clock: z.enum(HAND_FOR_HAND_CLOCK_MODES).optional().openapi({
      description:
        'pause_between_hands (default): the clock runs while every table plays the hand and stops from the first table done until the next hand; time_per_hand: the clock stands still and each hand takes secondsPerHand off it',
    }),
    secondsPerHand: z.number().int().optional().openapi({
      minimum: 1,
      maximum: MAX_SECONDS_PER_HAND,
      description: 'time_per_hand only: seconds each hand takes off the clock (default 120)',
    }),
  })
  .optional()
  .openapi('StartHandForHand');

export const HandDoneBody = z
  .strictObject({
    hand: z
      .number()
      .int()
      .openapi({ minimum: 1, description: 'the hand-for-hand hand the table finished; a hand already over changes nothing' }),
  })
  .openapi('HandDone');

const TableOfHand = z.object({ tableId: Id, tableNumber: z.number().int().nullable() });

export const HandForHandView = z
  .object({
    on: z.boolean(),
    hand: z.number().int().openapi({ description: 'the hand in play (1-based); once ended, the last hand played' }),
    clock: z.enum(HAND_FOR_HAND_CLOCK_MODES),
    secondsPerHand: z.number().int().nullable(),
    playing: z.array(TableOfHand).openapi({ description: 'tables still playing the hand, by number' }),
    reported: z.array(TableOfHand).openapi({ description: 'tables that reported the hand done' }),
    eliminationNumber: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "the elimination number every bust of this hand shares (R-KO-4); null before the hand's first bust" }),
    bubbleBurst: z.boolean().openapi({ description: 'the bubble burst in this hand: hand-for-hand ends when the hand does' }),
    startedAt: Timestamp,
    handStartedAt: Timestamp,
    endedAt: Timestamp.nullable(),
    endReason: z.enum(['bubble_burst', 'floor']).nullable(),
  })
  .openapi('HandForHandView', { description: 'R-HFH-1: hand-for-hand, on or as it ended' });

export const HandForHandState = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    onBubble: z.boolean().openapi({ description: 'one more elimination reaches the places or the satellite seats: start is allowed' }),
    handForHand: HandForHandView.nullable().openapi({ description: 'null until hand-for-hand was first started' }),
  })
  .openapi('HandForHandState');
