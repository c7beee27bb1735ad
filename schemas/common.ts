import * as z from './zod';
import { MAX_ID_LENGTH } from '../domain/core/limits';
import { MAX_CURSOR_LENGTH, MAX_PAGE_SIZE } from './limits';

/** Names that would reach an object's prototype when used as a record key are never ids. */
const RESERVED_IDS = new Set(['__proto__', 'constructor', 'prototype']);

export const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

export const Id = z
  .string()
  .min(1)
  .max(MAX_ID_LENGTH)
  .regex(ID_PATTERN, 'letters, digits, _ . : - only')
  .refine((s) => !RESERVED_IDS.has(s), 'reserved name');

export const Timestamp = z.iso.datetime({ offset: false }).openapi({ example: '2026-11-29T18:00:00.000Z' });

export const ClubIdParams = z.strictObject({ clubId: Id });

export const FieldError = z.object({ field: z.string(), message: z.string() }).openapi('FieldError');

/** RFC 9457 problem details with the project's stable `code`. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().openapi({ example: 'VALIDATION_FAILED' }),
    instance: z.string().optional(),
    errors: z.array(FieldError).optional(),
    tables: z
      .array(z.number().int())
      .optional()
      .openapi({ description: 'R-SHOOT-1..2: the numbers of the tables a shootout refusal is about' }),
    clashes: z
      .array(z.object({ playerId: z.string(), tournamentId: z.string() }))
      .optional()
      .openapi({
        description: "R-REG-1, R-FLIGHT-1: the day 2's qualifiers registered in a tournament at its time (DAY2_PARALLEL_REGISTRATIONS)",
      }),
  })
  .openapi('Problem');

export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});

export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const Health = z.object({ status: z.literal('ok') }).openapi('Health');
