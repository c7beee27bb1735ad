import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * R-TICKET-1..3: a free entry in the issuing club's partition, keyed by its id (the desk and the club
 * find it there). `status` and `usedFor` stand beside the domain record so a registration's transaction
 * can write "issued → used" on condition: of two registrations presenting it at once, one wins. `audit`
 * keeps every change (who, when, why) in order; nothing on the item is a value (R-MONEY-1).
 */
export const ticketEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'ticket', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        ticketId: { type: 'string', required: true, readOnly: true },
        holderId: { type: 'string', required: true, readOnly: true },
        status: { type: ['issued', 'used', 'expired', 'revoked'] as const, required: true },
        /** The registration it covers while used: the condition of a return. */
        usedFor: { type: 'string' },
        /** The domain's Ticket as it stands. */
        record: { type: 'any', required: true },
        /** Every change, oldest first: the domain's TicketEvent plus the reason given by hand. */
        audit: { type: 'list', items: { type: 'any' }, required: true },
        issuedAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['ticketId'], template: 'ticket#${ticketId}', casing: 'none' },
        },
      },
    },
    config,
  );

/**
 * The holder's pointer to a ticket, in the player's partition, newest first: written once with the ticket
 * (the holder never changes, R-TICKET-1), so uses and returns touch the club's item only.
 */
export const heldTicketEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'heldTicket', version: '1', service: 'sportpoker' },
      attributes: {
        holderId: { type: 'string', required: true, readOnly: true },
        issuedAt: { type: 'string', required: true, readOnly: true },
        ticketId: { type: 'string', required: true, readOnly: true },
        clubId: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['holderId'], template: 'player#${holderId}', casing: 'none' },
          sk: { field: 'sk', composite: ['issuedAt', 'ticketId'], template: 'ticket#${issuedAt}#${ticketId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type TicketEntity = ReturnType<typeof ticketEntity>;
export type TicketRow = EntityItem<TicketEntity>;
