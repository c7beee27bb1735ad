import * as z from './zod';
import { ClubLogoVersion } from './club-logos';
import { ShootoutView } from './shootout';

import { HandForHandView } from './hand-for-hand';
import { MAX_LABEL_LENGTH, MAX_LEVELS, MAX_LEVEL_DURATION_SEC, MAX_NAME_LENGTH } from '../domain/clock/structure';
import { MAX_COLOR_UPS, MAX_DENOMINATION, MAX_DENOMINATIONS_PER_COLOR_UP } from '../domain/clock/color-ups';
import { MAX_ID_LENGTH } from '../domain/core/limits';
import { humanText } from './text';
import { ClubIdParams, Id, Timestamp } from './common';

/*
 * Blind structures and the tournament clock (R-CLK-1..5). Request schemas check shapes and types only;
 * the rules (small > 0, big >= small, no ante without an ante type, a playing last level, durations,
 * at most MAX_LEVELS levels) are the domain's `validateStructure`, which answers 422 STRUCTURE_INVALID with
 * a path per problem (`levels[3].bigBlind`). The contract states the domain's bounds (`.openapi`) so that
 * a client knows them; the check stays the rule's, which names every field at once.
 */

const AnteType = z.enum(['none', 'classic', 'bb']).openapi('AnteType', {
  description: 'R-CLK-1 / R-HE-4: who pays the ante: nobody, every player (classic) or the big blind (bb)',
});

export const Level = z
  .strictObject({
    smallBlind: z.number().int().openapi({ description: 'whole chips; 0 on a break' }),
    bigBlind: z.number().int().openapi({ description: 'whole chips, at least the small blind; 0 on a break' }),
    ante: z.number().int().default(0).openapi({ description: 'whole chips; 0 when the ante type is none and on a break' }),
    durationSec: z.number().int().openapi({ minimum: 1, maximum: MAX_LEVEL_DURATION_SEC, description: 'whole seconds' }),
    isBreak: z.boolean().default(false),
    label: humanText({ trim: false }).openapi({ maxLength: MAX_LABEL_LENGTH }).optional(),
  })
  .openapi('Level', { description: 'R-CLK-2: one row of the grid; a break is a level with isBreak and zero blinds' });

export const ColorUp = z
  .strictObject({
    levelIndex: z
      .number()
      .int()
      .openapi({
        minimum: 1,
        maximum: MAX_LEVELS - 1,
        description: 'the playing level (0-based index in `levels`) at whose start the chips come off',
      }),
    denominations: z.array(z.number().int().openapi({ minimum: 1, maximum: MAX_DENOMINATION })).openapi({
      minItems: 1,
      maxItems: MAX_DENOMINATIONS_PER_COLOR_UP,
      description: 'chip values removed; each removed once in a schedule',
    }),
  })
  .openapi('ColorUp', { description: 'R-CHIP-2 (TDA 24/25): denominations removed at the start of a level' });

const structureShape = {
  name: humanText({ trim: false }).openapi({ maxLength: MAX_NAME_LENGTH }),
  anteType: AnteType,
  levels: z.array(Level).openapi({ maxItems: MAX_LEVELS }),
  colorUps: z
    .array(ColorUp)
    .optional()
    .openapi({ maxItems: MAX_COLOR_UPS, description: 'R-CHIP-2: the colour-up schedule in level order; none when absent' }),
};

export const StructureBody = z.strictObject(structureShape).openapi('BlindStructureInput');

/**
 * Either a whole structure, or `copyOf` a default (optionally renamed). One object rather than a union
 * so that a mistake is reported per field.
 */
export const CreateStructureBody = z
  .strictObject({
    copyOf: z
      .string()
      .min(1)
      .max(MAX_ID_LENGTH)
      .optional()
      .openapi({ example: 'standard-20', description: 'a default structure, by key or id' }),
    name: structureShape.name.optional(),
    anteType: AnteType.optional(),
    levels: structureShape.levels.optional(),
    colorUps: structureShape.colorUps,
  })
  .superRefine((b, ctx) => {
    if (b.copyOf !== undefined) {
      for (const f of ['anteType', 'levels', 'colorUps'] as const) {
        if (b[f] !== undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'not with copyOf: the copy takes the default grid' });
      }
      return;
    }
    for (const f of ['name', 'anteType', 'levels'] as const) {
      if (b[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'required (or give copyOf)' });
    }
  })
  .openapi('CreateBlindStructure');

export const BlindStructure = z
  .object({
    structureId: Id,
    clubId: Id,
    name: z.string(),
    anteType: AnteType,
    levels: z.array(Level),
    colorUps: z.array(ColorUp).openapi({ description: 'R-CHIP-2: the colour-up schedule; empty when none' }),
    copiedFrom: z.string().optional(),
    version: z.number().int(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('BlindStructure');

export const DefaultStructure = z
  .object({
    structureId: z.string().openapi({ example: 'default-standard-20' }),
    key: z.string().openapi({ example: 'standard-20', description: 'what `copyOf` takes' }),
    name: z.string(),
    anteType: AnteType,
    levels: z.array(Level),
    suggestedStartingStack: z.number().int(),
  })
  .openapi('DefaultBlindStructure');

export const DefaultStructures = z.object({ items: z.array(DefaultStructure) }).openapi('DefaultBlindStructures');

export const StructureParams = ClubIdParams.extend({ structureId: Id });

export const TournamentParams = ClubIdParams.extend({ tournamentId: Id });

export const AdjustBody = z
  .strictObject({ by: z.number().int().openapi({ description: 'levels to move: positive forward, negative back; whole, not 0' }) })
  .openapi('ClockAdjust');

export const AddTimeBody = z
  .strictObject({
    seconds: z
      .number()
      .int()
      .openapi({ description: 'seconds to add to the current level (negative: take away); the time left stays within the level' }),
  })
  .openapi('ClockAddTime');

export const OverrideBody = z
  .strictObject({ smallBlind: z.number().int(), bigBlind: z.number().int(), ante: z.number().int().default(0) })
  .openapi('ClockLevelOverride', { description: 'R-CLK-3: blinds and ante of the current level for this tournament' });

const ClockLevel = z
  .object({
    levelIndex: z.number().int(),
    levelNumber: z.number().int().nullable().openapi({ description: '1-based among playing levels; null on a break' }),
    isBreak: z.boolean(),
    smallBlind: z.number().int(),
    bigBlind: z.number().int(),
    ante: z.number().int(),
    overridden: z.boolean(),
    durationSec: z.number().int(),
    label: z.string().optional(),
  })
  .openapi('ClockLevel');

export const ClockView = z
  .object({
    status: z.enum(['not_started', 'running', 'paused', 'finished']),
    revision: z.number().int(),
    now: Timestamp.openapi({ description: 'the server time this view was computed for' }),
    structure: z.object({ structureId: z.string(), name: z.string(), anteType: AnteType, levelCount: z.number().int() }),
    current: ClockLevel,
    next: ClockLevel.nullable(),
    breakNumber: z.number().int().nullable(),
    breaksPassed: z.number().int().openapi({ description: 'R-CLK-4 / R-ADDON-2: breaks reached so far, the current one included' }),
    elapsedMs: z.number().int(),
    timeLeftMs: z.number().int(),
    levelStartedAt: Timestamp.nullable(),
    levelEndsAt: Timestamp.nullable(),
    pausedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
  })
  .openapi('ClockView');

const ClockPrize = z
  .object({
    placeFrom: z.number().int(),
    placeTo: z.number().int(),
    description: z.string(),
    guaranteed: z.boolean().optional().openapi({ description: 'R-GTD-1: awarded whatever the field size (true when guaranteed)' }),
  })
  .openapi('ClockPrize', { description: 'R-PRZ-1: a non-monetary prize for places placeFrom..placeTo (equal for one place)' });

export const ClockBoard = z
  .object({
    clubName: z.string().nullable().openapi({ description: "the club's name; null when the club record is gone" }),
    clubLogo: ClubLogoVersion,
    tournamentName: z.string(),
    entries: z.number().int().openapi({ description: 'entries that count for the field (re-entries included, void ones not)' }),
    playersLeft: z.number().int(),
    chipsInPlay: z.number().int().openapi({ description: 'chips granted to the counted entries: stacks, rebuys, add-ons' }),
    averageStack: z.number().int().nullable().openapi({ description: 'chipsInPlay / playersLeft, rounded; null when nobody is left' }),
    nextBreak: z
      .object({
        levelIndex: z.number().int(),
        breakNumber: z.number().int(),
        startsInMs: z
          .number()
          .int()
          .openapi({ description: 'clock time until the break, counted from `clock.now`; it stands still while paused' }),
      })
      .nullable()
      .openapi({ description: 'the next break after the current level; null when none is left' }),
    prizes: z.array(ClockPrize).openapi({ description: "the tournament's prize rows (a preset cut to the field unless guaranteed)" }),
    startingStack: z.number().int(),
    rebuys: z.number().int().openapi({ description: 'rebuys taken so far (cancelled ones not)' }),
    addOns: z.number().int().openapi({ description: 'add-ons taken so far (cancelled ones not)' }),
    upcoming: z.array(ClockLevel).openapi({ description: 'the levels after the current one, the next first: at most 3' }),
    announcement: z.string().nullable().openapi({ description: 'the line the floor put on the screen (putAnnouncement); null when none' }),
    chipLeader: z
      .object({ chips: z.number().int(), entryId: Id, tableNumber: z.number().int().nullable(), seat: z.number().int().nullable() })
      .nullable()
      .openapi({ description: 'R-CHIP-1: the largest recorded stack among the players left, where it sits; null until counts exist' }),
    colorUp: z
      .object({
        levelIndex: z.number().int(),
        levelNumber: z.number().int(),
        denominations: z.array(z.number().int()),
        startsInMs: z.number().int().openapi({ description: 'clock time until that level starts, counted from `clock.now`' }),
      })
      .nullable()
      .openapi({ description: 'R-CHIP-2: announced during the level (or break) before a colour-up; null otherwise' }),
    shootout: ShootoutView.optional().openapi({ description: "R-SHOOT-2: a shootout's round and each table's players left" }),

    handForHand: HandForHandView.nullable().openapi({ description: 'R-HFH-1: hand-for-hand, on or as it ended; null if never started' }),
  })
  .openapi('ClockBoard', { description: 'What the clock screen shows beside the clock' });

export const ClockState = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    clock: ClockView,
    board: ClockBoard.optional().openapi({ description: 'on the clock GET only; command answers leave it out' }),
  })
  .openapi('ClockState', { description: 'The clock now and the tournament version after the change' });

export const NoShowsResult = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    cancelledRegistrationIds: z.array(Id).openapi({ description: 'R-NOSHOW-1: no-shows dropped, and the waitlist closed' }),
    absentRegistrationIds: z.array(Id).openapi({ description: 'R-NOSHOW-2: seated with a dead stack' }),
  })
  .openapi('NoShowsResult');
