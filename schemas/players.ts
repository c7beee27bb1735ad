import * as z from './zod';
import {
  MAX_CITY_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_OPERATOR_REASON_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MIN_OPERATOR_REASON_LENGTH,
} from './limits';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { ClubRole } from './clubs';
import { ERASURE_STEPS } from '../domain/players/erasure-steps';

export const CreatePlayerBody = z
  .strictObject({
    displayName: humanText({ min: 1, max: MAX_PERSON_NAME_LENGTH }),
    firstName: humanText({ min: 1, max: MAX_PERSON_NAME_LENGTH }).optional(),
    lastName: humanText({ min: 1, max: MAX_PERSON_NAME_LENGTH }).optional(),
    dateOfBirth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date as YYYY-MM-DD')
      .openapi({ example: '1990-05-17' }),
    city: humanText({ min: 1, max: MAX_CITY_LENGTH }).optional(),
    phone: humanText({ max: MAX_PHONE_LENGTH, trim: false }).optional(),
    email: z.email().max(MAX_EMAIL_LENGTH).optional(),
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
  .strictObject({
    suspended: z.boolean(),
    reason: humanText({ min: MIN_OPERATOR_REASON_LENGTH, max: MAX_OPERATOR_REASON_LENGTH, multiline: true }),
  })
  .openapi('Suspension');

export const SuspensionResult = z
  .object({ targetId: Id, suspended: z.boolean(), reason: z.string(), by: z.string(), at: Timestamp })
  .openapi('SuspensionResult');

export const PlayerParams = z.strictObject({ playerId: Id });

const clearable = <T extends z.ZodType>(t: T) => t.nullable().optional();

export const UpdateMeBody = z
  .strictObject({
    displayName: humanText({ min: 1, max: MAX_PERSON_NAME_LENGTH }).optional(),
    firstName: clearable(humanText({ min: 1, max: MAX_PERSON_NAME_LENGTH })),
    lastName: clearable(humanText({ min: 1, max: MAX_PERSON_NAME_LENGTH })),
    city: clearable(humanText({ min: 1, max: MAX_CITY_LENGTH })),
    phone: clearable(humanText({ max: MAX_PHONE_LENGTH, trim: false })),
    email: clearable(z.email().max(MAX_EMAIL_LENGTH)),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })
  .openapi('UpdateMe', { description: 'Own profile fields; null clears an optional one. The date of birth is not editable (R-AGE-1).' });

export const DeletedAccount = z
  .object({
    userId: Id,
    deletedAt: Timestamp,
    erased: z.array(z.string()).openapi({ description: 'personal fields removed from the profile' }),
    pseudonymised: z.object({ displayName: z.string() }),
    kept: z.object({
      adult: z.literal(true).openapi({ description: 'the age check (R-AGE-1) was passed; the date of birth itself is erased' }),
      consentAt: Timestamp,
      consentWithdrawnAt: Timestamp,
      registrations: z.number().int().openapi({ description: "tournament registrations kept in the clubs' records, by player id only" }),
      memberships: z
        .array(z.object({ clubId: Id, role: ClubRole }))
        .openapi({ description: "club staff roles: the club's records, removed by the club" }),
      records: z.string(),
    }),
  })
  .openapi('DeletedAccount');

export const ErasureStep = z.enum(ERASURE_STEPS).openapi('ErasureStep', {
  description:
    'feed: the notifications; idempotency: the stored answers of my requests; devices: phones and push tokens; memberships: ' +
    'the name on club staff lists; results: the name in results; duplicate: the name in Duplicate events; ' +
    'tickets: my unused free-entry tickets revoked and their index removed',
});

export const ErasureInProgress = z
  .object({
    userId: Id,
    deletedAt: Timestamp,
    state: z.literal('in_progress'),
    done: z.array(ErasureStep),
    left: z
      .array(ErasureStep)
      .openapi({ description: 'finished in the background within minutes; DELETE /v1/me again continues it at once' }),
  })
  .openapi('ErasureInProgress', {
    description: 'The profile is erased and the account closed; the remaining personal data is being erased (R-PD-1)',
  });
