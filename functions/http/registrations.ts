import { recordValues } from '../../domain/core/record-map';
import { defineRoute } from '../platform/route';
import { tournamentState } from '../app/tournaments/queries';
import type { Registration as RegistrationRecord } from '../../domain/tournaments';
import * as z from '../../schemas/zod';
import { RegisterBody, Registration, RegistrationParams, TournamentParams, Versioned } from '../../schemas/tournaments';
import { registeringPlayerItems, checkInPlayer, registerPlayer, unregisterPlayer } from '../app/tournaments/registrations';
import { commandOf, recordView, versioned } from './tournament-support';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Registrations'];

export const registrationView = (r: RegistrationRecord) => recordView(r, 'registrationId');

/** A registration command's answer: the registration as it is after, with the new version. */
export const registrationAnswer = (status: number, r: { version: number; value: RegistrationRecord }) =>
  versioned(status, r.version, { version: r.version, item: registrationView(r.value) });

// Built outside the route definitions: a definition whose arguments call anything stays in every bundle
// that imports this module, handler included (test/infra/bundles.test.ts).
const RegistrationListQuery = z.strictObject({
  status: z.enum(['registered', 'waitlisted', 'checked_in', 'absent', 'cancelled']).optional(),
});
const RegistrationList = z.object({ version: z.number().int(), items: z.array(Registration) });
const RegistrationAnswer = Versioned(Registration);
const registeringNamedPlayer = registeringPlayerItems('playerId');

export const listRegistrationsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listRegistrations',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations',
  summary: 'Registrations in order, with the waitlist',
  tags: TAGS,
  params: TournamentParams,
  query: RegistrationListQuery,
  responses: { 200: { description: 'All registrations', schema: RegistrationList } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const items = recordValues(state.registrations)
      .filter((r) => !req.query.status || r.status === req.query.status)
      .sort((a, b) => a.seq - b.seq)
      .map(registrationView);
    return versioned(200, state.version, { version: state.version, items });
  },
});

export const createRegistrationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createRegistration',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations',
  summary:
    'Register a player (beyond the seat limit: the waitlist, R-REG-2; no parallel tournaments, R-REG-1; a ticket covers the fee, R-TICKET-3)',
  tags: TAGS,
  params: TournamentParams,
  body: RegisterBody,
  responses: { 201: { description: 'The registration', schema: RegistrationAnswer } },
  problems: [404, 409, 422],
  prefetch: registeringNamedPlayer,
  handle: async (req) =>
    registrationAnswer(201, await registerPlayer(commandOf(req), req.body.playerId, req.prefetched, req.body.ticketId)),
});

export const checkInRoute = /* @__PURE__ */ defineRoute({
  operationId: 'checkIn',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations/{registrationId}/check-in',
  summary: 'Check in at the desk: the first buy-in accrues as debt (postpayment, R-REG-3)',
  tags: TAGS,
  params: RegistrationParams,
  responses: { 200: { description: 'The registration', schema: RegistrationAnswer } },
  problems: [409, 422],
  handle: async (req) => registrationAnswer(200, await checkInPlayer(commandOf(req), req.params.registrationId)),
});

export const deleteRegistrationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteRegistration',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations/{registrationId}',
  summary: 'Unregister a player (the place goes to the waitlist inside late registration)',
  tags: TAGS,
  params: RegistrationParams,
  responses: { 200: { description: 'The cancelled registration', schema: RegistrationAnswer } },
  problems: [409],
  handle: async (req) => registrationAnswer(200, await unregisterPlayer(commandOf(req), req.params.registrationId)),
});

export const registrationRoutes = [listRegistrationsRoute, createRegistrationRoute, checkInRoute, deleteRegistrationRoute];
