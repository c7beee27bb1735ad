import * as z from './zod';
import { MAX_FEE_LEVEL_LABEL, MAX_TICKET_VALID_DAYS } from '../domain/season/limits';
import { TICKET_STATUSES } from '../domain/season/tickets';
import { humanText } from './text';
import { Id, Timestamp } from './common';
import { MAX_TICKET_REASON_LENGTH } from './limits';

/*
 * R-TICKET-1..3: free entries. A ticket carries what it enters and until when, never a value (R-MONEY-1):
 * no schema here has an amount, a price or a currency, and no route sells, exchanges or cashes one out.
 */

export const TicketTarget = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('tournament'), tournamentId: Id }),
    z.strictObject({ kind: z.literal('series'), seriesId: Id }),
    z.strictObject({
      kind: z.literal('club'),
      upToFeeLevel: humanText({ trim: false })
        .optional()
        .openapi({ maxLength: MAX_FEE_LEVEL_LABEL, description: "a label of the club's fee levels, never an amount" }),
    }),
  ])
  .openapi('TicketTarget', { description: 'What the ticket enters: one tournament, a series, or any tournament of the club' });

/** The free-entry part of a prize row (R-TICKET-2). */
export const FreeEntryDetails = z
  .strictObject({
    target: TicketTarget,
    validDays: z
      .number()
      .int()
      .openapi({ minimum: 1, maximum: MAX_TICKET_VALID_DAYS, description: 'days from the finish until it expires' }),
  })
  .openapi('FreeEntryDetails');

const reason = humanText({ trim: false }).openapi({ maxLength: MAX_TICKET_REASON_LENGTH });

export const TicketStatus = z.enum(TICKET_STATUSES as ['issued', 'used', 'expired', 'revoked']);

export const Ticket = z
  .object({
    ticketId: Id,
    clubId: Id,
    holderId: Id,
    target: TicketTarget,
    status: TicketStatus,
    source: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('prize'), tournamentId: Id, place: z.number().int() }),
      z.object({ kind: z.literal('satellite'), tournamentId: Id, place: z.number().int() }),
      z.object({ kind: z.literal('manual'), note: z.string().optional() }),
    ]),
    issuedAt: Timestamp,
    issuedBy: z.string(),
    expiresAt: Timestamp,
    usedFor: z.object({ tournamentId: Id, registrationId: Id, at: Timestamp }).optional(),
    revokedAt: Timestamp.optional(),
    revokedBy: z.string().optional(),
    expiredAt: Timestamp.optional(),
  })
  .openapi('Ticket', { description: 'A free entry (R-TICKET-1): a right to enter, with no face value' });

export const TicketAuditLine = z
  .object({
    type: z.enum(['ticket.issued', 'ticket.used', 'ticket.returned', 'ticket.revoked', 'ticket.expired']),
    at: Timestamp,
    by: z.string(),
    tournamentId: Id.optional(),
    registrationId: Id.optional(),
    reason: z.string().optional(),
  })
  .openapi('TicketAuditLine');

export const ClubTicket = Ticket.extend({ audit: z.array(TicketAuditLine) }).openapi('ClubTicket');

export const IssueTicketBody = z.strictObject({ holderId: Id, target: TicketTarget, expiresAt: Timestamp, reason }).openapi('IssueTicket', {
  description: 'R-TICKET-2: a free entry granted by hand; the reason is kept in its audit',
  example: { holderId: 'u_8f2c1a', target: { kind: 'club' }, expiresAt: '2027-03-01T00:00:00.000Z', reason: 'Победитель лиги ноября' },
});

export const RevokeTicketBody = z.strictObject({ reason }).openapi('RevokeTicket');

export const TicketParams = z.strictObject({ clubId: Id, ticketId: Id });
