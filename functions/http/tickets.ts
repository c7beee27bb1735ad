import { defineRoute, type RouteRequest } from '../platform/route';
import { domainContext, iso } from '../platform/domain-context';
import { openCursor, sealCursor } from '../platform/cursor';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';
import type { Ticket as TicketRecord } from '../../domain/season';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { ClubTicket, IssueTicketBody, RevokeTicketBody, Ticket, TicketParams, TicketStatus } from '../../schemas/tickets';
import {
  clubTickets,
  issueTicketByHand,
  myTickets,
  readTicket,
  revokeClubTicket,
  ticketAsOf,
  ticketNotFound,
  type TicketAudit,
} from '../app/season/tickets';

/*
 * R-TICKET-1..3: free entries on the wire. The club grants them by hand and revokes unused ones; a finish
 * grants them by its free-entry prize rows; the holder sees his. There is no route that sells, exchanges,
 * transfers or cashes one out (R-MONEY-1): a ticket is only ever presented at a registration.
 */

const TAGS = ['Tickets'];
const DEFAULT_PAGE = 50;

const me = (req: RouteRequest<unknown, unknown, unknown>): string => {
  if (req.principal.kind !== 'user') throw new Error('user route without a user');
  return req.principal.userId;
};

/** The ticket on the wire: ids named, instants as ISO date-times. */
export function ticketView(t: TicketRecord) {
  return {
    ticketId: t.id,
    clubId: t.clubId,
    holderId: t.holderId,
    target: t.target,
    status: t.status,
    source: t.source,
    issuedAt: iso(t.issuedAt),
    issuedBy: t.issuedBy,
    expiresAt: iso(t.expiresAt),
    ...(t.usedFor ? { usedFor: { ...t.usedFor, at: iso(t.usedFor.at) } } : {}),
    ...(t.revokedAt !== undefined ? { revokedAt: iso(t.revokedAt), revokedBy: t.revokedBy } : {}),
    ...(t.expiredAt !== undefined ? { expiredAt: iso(t.expiredAt) } : {}),
  };
}

const auditView = (a: TicketAudit) => ({
  type: a.type,
  at: iso(a.at),
  by: a.by,
  ...(a.tournamentId ? { tournamentId: a.tournamentId } : {}),
  ...(a.registrationId ? { registrationId: a.registrationId } : {}),
  ...(a.reason ? { reason: a.reason } : {}),
});

// Built outside the route definitions (test/infra/bundles.test.ts).
const ClubTicketsQuery = PageQuery.extend({ status: TicketStatus.optional() });
const TicketPage = page(Ticket);

export const listMyTicketsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMyTickets',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me/tickets',
  summary: 'My free entries across clubs, newest first (R-TICKET-1)',
  tags: TAGS,
  query: PageQuery,
  responses: { 200: { description: 'A page of my tickets', schema: TicketPage } },
  handle: async (req) => {
    const holderId = me(req);
    const scope = `my-tickets:${holderId}`;
    const { items, cursor } = await myTickets(
      holderId,
      { size: req.query.limit ?? DEFAULT_PAGE, after: openCursor(req.query.cursor, scope) ?? null },
      req.now,
    );
    return { status: 200, body: { items: items.map(ticketView), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const listClubTicketsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listClubTickets',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tickets',
  summary: "The club's free entries, optionally of one status (R-TICKET-2)",
  tags: TAGS,
  params: ClubIdParams,
  query: ClubTicketsQuery,
  responses: { 200: { description: 'A page of tickets', schema: TicketPage } },
  handle: async (req) => {
    const scope = `club-tickets:${req.params.clubId}:${req.query.status ?? ''}`;
    const { items, cursor } = await clubTickets(
      req.params.clubId,
      { status: req.query.status, size: req.query.limit ?? DEFAULT_PAGE, after: openCursor(req.query.cursor, scope) ?? null },
      req.now,
    );
    return { status: 200, body: { items: items.map(ticketView), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const getClubTicketRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClubTicket',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tickets/{ticketId}',
  summary: 'One free entry with its audit (who issued, used, returned or revoked it, and why)',
  tags: TAGS,
  params: TicketParams,
  responses: { 200: { description: 'The ticket', schema: ClubTicket } },
  problems: [404],
  handle: async (req) => {
    const t = await readTicket(req.params.clubId, req.params.ticketId);
    if (!t) throw ticketNotFound();
    const { audit, ...ticket } = t;
    return { status: 200, body: { ...ticketView(ticketAsOf(ticket, req.now)), audit: audit.map(auditView) } };
  },
});

export const issueTicketRoute = /* @__PURE__ */ defineRoute({
  operationId: 'issueTicket',
  access: /* @__PURE__ */ club(FLOOR, false),
  method: 'POST',
  path: '/v1/clubs/{clubId}/tickets',
  summary: 'Grant a free entry by hand (owner or manager; audited with who and why, R-TICKET-2)',
  tags: TAGS,
  params: ClubIdParams,
  body: IssueTicketBody,
  responses: { 201: { description: 'The ticket', schema: Ticket } },
  problems: [404, 422],
  handle: async (req) => {
    const { holderId, target, expiresAt, reason } = req.body;
    const ticket = await issueTicketByHand(
      { clubId: req.params.clubId, holderId, target, expiresAt: Date.parse(expiresAt), reason },
      domainContext(req),
    );
    return { status: 201, body: ticketView(ticket) };
  },
});

export const revokeTicketRoute = /* @__PURE__ */ defineRoute({
  operationId: 'revokeTicket',
  access: /* @__PURE__ */ club(FLOOR, false),
  method: 'POST',
  path: '/v1/clubs/{clubId}/tickets/{ticketId}/revoke',
  summary: 'Revoke an unused free entry (owner or manager; audited, R-TICKET-2)',
  tags: TAGS,
  params: TicketParams,
  body: RevokeTicketBody,
  responses: { 200: { description: 'The revoked ticket', schema: Ticket } },
  problems: [404, 409],
  handle: async (req) => {
    const ticket = await revokeClubTicket(req.params.clubId, req.params.ticketId, req.body.reason, domainContext(req));
    return { status: 200, body: ticketView(ticket) };
  },
});

export const ticketRoutes = [listMyTicketsRoute, listClubTicketsRoute, getClubTicketRoute, issueTicketRoute, revokeTicketRoute];
