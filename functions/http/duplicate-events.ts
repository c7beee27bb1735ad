import { defineRoute } from '../platform/route';
import { NotFound } from '../runtime/errors';
import { ClubIdParams } from '../../schemas/common';
import {
  CreateDuplicateEvent,
  DeckAccess,
  DeckAccessBody,
  DuplicateEvent,
  DuplicateEventList,
  DuplicateEventParams,
  DuplicatePlayerParams,
} from '../../schemas/duplicate';
import {
  createDuplicateEvent,
  getDuplicateEvent,
  listDuplicateEvents,
  startDuplicateEvent,
  withdrawDuplicatePlayer,
} from '../app/duplicate/events';
import { getDeckAccess, setDeckAccess } from '../app/duplicate/deck-access';
import { actorOf, duplicateCommandOf, etag, eventView } from './duplicate-support';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Duplicate Poker'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const createDuplicateEventRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createDuplicateEvent',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'POST',
  path: '/v1/clubs/{clubId}/duplicate-events',
  summary:
    'Create a Duplicate Poker event: its players and its settings (rounds, levels, stack, seats, points, elimination, ties, carry-over cap; R-DUP-1..6)',
  tags: TAGS,
  params: ClubIdParams,
  body: CreateDuplicateEvent,
  responses: { 201: { description: 'The event, open until its first round starts', schema: DuplicateEvent } },
  problems: [422],
  handle: async (req) => {
    const { name, settings, players } = req.body;
    const event = await createDuplicateEvent({ clubId: req.params.clubId, name, settings, players, now: req.now, actor: actorOf(req) });
    return { status: 201, body: eventView(event) };
  },
});

export const listDuplicateEventsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listDuplicateEvents',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events',
  summary: "The club's Duplicate Poker events",
  tags: TAGS,
  params: ClubIdParams,
  responses: { 200: { description: 'The events', schema: DuplicateEventList } },
  handle: async (req) => {
    const items = await listDuplicateEvents(req.params.clubId);
    return { status: 200, body: { items: items.map((i) => ({ ...i, createdAt: iso(i.createdAt) })) } };
  },
});

export const getDuplicateEventRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateEvent',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}',
  summary: 'A Duplicate Poker event: settings, players, every round with its seating, commitment, counts and results',
  tags: TAGS,
  params: DuplicateEventParams,
  responses: { 200: { description: 'The event', schema: DuplicateEvent } },
  handle: async (req) => ({ status: 200, body: eventView(await getDuplicateEvent(req.params.clubId, req.params.eventId)) }),
});

export const removeDuplicatePlayerRoute = /* @__PURE__ */ defineRoute({
  operationId: 'removeDuplicatePlayer',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/players/{playerId}',
  summary: 'Take a player out of the event before the first round',
  tags: TAGS,
  params: DuplicatePlayerParams,
  responses: { 200: { description: 'The event', schema: DuplicateEvent } },
  problems: [409],
  handle: async (req) => {
    const event = await withdrawDuplicatePlayer(duplicateCommandOf(req), req.params.playerId);
    return { status: 200, body: eventView(event), headers: etag(event) };
  },
});

export const startDuplicateEventRoute = /* @__PURE__ */ defineRoute({
  operationId: 'startDuplicateEvent',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/duplicate-events/{eventId}/start',
  summary:
    'Start round 1: draw the seats (R-DUP-5), prepare the decks from a CSPRNG seed and publish their commitment (R-DUP-2); players get their seat',
  tags: TAGS,
  params: DuplicateEventParams,
  responses: { 200: { description: 'The event with round 1', schema: DuplicateEvent } },
  problems: [409, 422],
  handle: async (req) => {
    const event = await startDuplicateEvent(duplicateCommandOf(req), req.now);
    return { status: 200, body: eventView(event), headers: etag(event) };
  },
});

export const getDeckAccessRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getDuplicateDeckAccess',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'GET',
  path: '/v1/clubs/{clubId}/duplicate-deck-access',
  summary: 'The staff roles the club grants the Duplicate deck sheets (the owner only by default)',
  tags: TAGS,
  params: ClubIdParams,
  responses: { 200: { description: 'The grant', schema: DeckAccess } },
  handle: async (req) => {
    const a = await getDeckAccess(req.params.clubId);
    return { status: 200, body: { roles: a.roles, updatedAt: iso(a.updatedAt), updatedBy: a.updatedBy } };
  },
});

export const setDeckAccessRoute = /* @__PURE__ */ defineRoute({
  operationId: 'setDuplicateDeckAccess',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'PUT',
  path: '/v1/clubs/{clubId}/duplicate-deck-access',
  summary:
    'Grant the Duplicate deck sheets to staff roles (R-DUP-2: only authorised staff see the deck files); the owner always keeps them',
  tags: TAGS,
  params: ClubIdParams,
  body: DeckAccessBody,
  responses: { 200: { description: 'The grant', schema: DeckAccess } },
  problems: [422],
  handle: async (req) => {
    if (!req.club) throw new NotFound('CLUB_NOT_FOUND', 'No such club');
    const a = await setDeckAccess(req.params.clubId, req.body.roles, req.club.actorId, req.now);
    return { status: 200, body: { roles: a.roles, updatedAt: iso(a.updatedAt), updatedBy: a.updatedBy } };
  },
});

export const duplicateEventRoutes = [
  createDuplicateEventRoute,
  listDuplicateEventsRoute,
  getDuplicateEventRoute,
  removeDuplicatePlayerRoute,
  startDuplicateEventRoute,
  getDeckAccessRoute,
  setDeckAccessRoute,
];
