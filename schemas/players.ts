import { z } from './zod';
import { Id, Timestamp } from './common';
import { ClubRole } from './clubs';

export const CreatePlayerBody = z
  .strictObject({
    displayName: z.string().trim().min(1).max(60),
    firstName: z.string().trim().min(1).max(60).optional(),
    lastName: z.string().trim().min(1).max(60).optional(),
    dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date as YYYY-MM-DD').openapi({ example: '1990-05-17' }),
    city: z.string().trim().min(1).max(100).optional(),
    phone: z.string().max(32).optional(),
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
  .strictObject({ suspended: z.boolean(), reason: z.string().trim().min(3).max(1000) })
  .openapi('Suspension');

export const SuspensionResult = z
  .object({ targetId: Id, suspended: z.boolean(), reason: z.string(), by: z.string(), at: Timestamp })
  .openapi('SuspensionResult');

export const PlayerParams = z.strictObject({ playerId: Id });
