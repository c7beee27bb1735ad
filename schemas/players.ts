import * as z from './zod';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { ClubRole } from './clubs';

export const CreatePlayerBody = z
  .strictObject({
    displayName: humanText({ min: 1, max: 60 }),
    firstName: humanText({ min: 1, max: 60 }).optional(),
    lastName: humanText({ min: 1, max: 60 }).optional(),
    dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date as YYYY-MM-DD').openapi({ example: '1990-05-17' }),
    city: humanText({ min: 1, max: 100 }).optional(),
    phone: humanText({ max: 32, trim: false }).optional(),
    email: z.email().max(254).optional(),
    consent: z.literal(true).openapi({ description: 'consent to the processing of personal data' }),
  })
  .openapi('CreatePlayer');

export const Player = z
  .object({
    userId: Id,
    displayName: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    dateOfBirth: z.string(),
    city: z.string().optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
    suspended: z.boolean(),
    consentAt: Timestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Player');

export const Me = z
  .object({
    userId: Id,
    operator: z.boolean(),
    player: Player.nullable(),
    memberships: z.array(z.object({ clubId: Id, role: ClubRole })),
  })
  .openapi('Me');

export const SuspensionBody = z
  .strictObject({ suspended: z.boolean(), reason: humanText({ min: 3, max: 1000, multiline: true }) })
  .openapi('Suspension');

export const SuspensionResult = z
  .object({ targetId: Id, suspended: z.boolean(), reason: z.string(), by: z.string(), at: Timestamp })
  .openapi('SuspensionResult');

export const PlayerParams = z.strictObject({ playerId: Id });

const clearable = <T extends z.ZodType>(t: T) => t.nullable().optional();

export const UpdateMeBody = z
  .strictObject({
    displayName: humanText({ min: 1, max: 60 }).optional(),
    firstName: clearable(humanText({ min: 1, max: 60 })),
    lastName: clearable(humanText({ min: 1, max: 60 })),
    city: clearable(humanText({ min: 1, max: 100 })),
    phone: clearable(humanText({ max: 32, trim: false })),
    email: clearable(z.email().max(254)),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })
  .openapi('UpdateMe', { description: 'Own profile fields; null clears an optional one. The date of birth is not editable (R-AGE-1).' });

export const DeletedAccount = z
  .object({
    userId: Id,
    deletedAt: Timestamp,
    erased: z.array(z.string()).openapi({ description: 'personal fields removed from the profile' }),
    pseudonymised: z.object({ displayName: z.string() }),
    kept: z
      .object({
        adult: z.literal(true).openapi({ description: 'the age check (R-AGE-1) was passed; the date of birth itself is erased' }),
        consentAt: Timestamp,
        consentWithdrawnAt: Timestamp,
        registrations: z.number().int().openapi({ description: "tournament registrations kept in the clubs' records, by player id only" }),
        memberships: z.array(z.object({ clubId: Id, role: ClubRole })).openapi({ description: "club staff roles: the club's records, removed by the club" }),
        records: z.string(),
      }),
  })
  .openapi('DeletedAccount');
