import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import { openCursor, sealCursor } from '../platform/cursor';
import { assertAccount } from '../platform/authorize';
import * as z from '../../schemas/zod';
import { Id } from '../../schemas/common';
import { MAX_CURSOR_LENGTH } from '../../schemas/limits';
import { MyRegisterBody, MyRegistration, Registration, Versioned } from '../../schemas/tournaments';
import { registeringPlayerItems, registerPlayer, unregisterPlayer } from '../app/tournaments/registrations';
import { registrationAnswer } from './registrations';
import { idField } from '../runtime/prefetch';
import { myRegistration, myRegistrationsPage } from '../app/my-registrations';
import { clubItemKey, clubListed } from '../app/clubs';
import { commandOf } from './tournament-support';

const TAGS = ['Players'];

const me = (req: RouteRequest<unknown, unknown, unknown>): string => {
  if (req.principal.kind !== 'user') throw new Error('user route without a user');
  return req.principal.userId;
};

/** A tournament command issued by the player for himself, on the tournament named in the body or index. */
const asTournamentRequest = (req: RouteRequest<unknown, unknown, unknown>, clubId: string, tournamentId: string) =>
  ({ ...req, params: { clubId, tournamentId } }) as RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>;

/** Rows per page: with each row's tournament root and the profile, one BatchGetItem (at most 100 keys). */
const MY_PAGE = 40;

export const listMyRegistrationsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMyRegistrations',
  access: { kind: 'user', accountReadByRoute: true },
  method: 'GET',
  path: '/v1/me/registrations',
  summary: 'My registrations and entries across clubs, with status and seat, newest first',
  tags: TAGS,
  query: z.strictObject({ cursor: z.string().max(MAX_CURSOR_LENGTH).optional() }),
  responses: {
    200: {
      description: `Newest first, ${MY_PAGE} to a page`,
      schema: z.object({
        items: z.array(MyRegistration.extend({ seat: z.object({ tableNumber: z.number().int(), seat: z.number().int() }).nullable() })),
        nextCursor: z.string().nullable(),
      }),
    },
  },
  // Two round trips: the by-player index (keys), then one BatchGetItem of the rows, their tournaments and the
  // caller's profile (the account check), the seat kept on each row by the stream consumer.
  handle: async (req) => {
    const playerId = me(req);
    const scope = `my-registrations:${playerId}`;
    const { items, cursor } = await myRegistrationsPage(
      playerId,
      { size: MY_PAGE, after: openCursor(req.query.cursor, scope) ?? null },
      (profile) => assertAccount(req, profile),
    );
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const registerMyselfRoute = /* @__PURE__ */ defineRoute({
  operationId: 'registerMyself',
  access: { kind: 'user' },
  etag: true,
  method: 'POST',
  path: '/v1/me/registrations',
  summary: 'Register myself for a tournament (R-REG-1, R-REG-2)',
  tags: TAGS,
  body: MyRegisterBody,
  responses: { 201: { description: 'My registration', schema: Versioned(Registration) } },
  problems: [404, 409, 422],
  // The player's profile and schedule and the club, read with the account check in one round trip.
  prefetch: (input) => {
    const clubId = idField(input.body, 'clubId');
    return [...registeringPlayerItems('caller')(input), ...(clubId ? [clubItemKey(clubId)] : [])];
  },
  handle: async (req) => {
    const { clubId, tournamentId } = req.body;
    if (!(await clubListed(clubId, req.prefetched))) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    return registrationAnswer(
      201,
      await registerPlayer(commandOf(asTournamentRequest(req, clubId, tournamentId)), me(req), req.prefetched, req.body.ticketId),
    );
  },
});

export const unregisterMyselfRoute = /* @__PURE__ */ defineRoute({
  operationId: 'unregisterMyself',
  access: { kind: 'user' },
  etag: true,
  method: 'DELETE',
  path: '/v1/me/registrations/{registrationId}',
  summary: 'Unregister myself',
  tags: TAGS,
  params: z.strictObject({ registrationId: Id }),
  responses: { 200: { description: 'The cancelled registration', schema: Versioned(Registration) } },
  problems: [409],
  handle: async (req) => {
    const row = await myRegistration(me(req), req.params.registrationId);
    return registrationAnswer(
      200,
      await unregisterPlayer(commandOf(asTournamentRequest(req, row.clubId, row.tournamentId)), row.registrationId),
    );
  },
});

export const myRegistrationRoutes = [listMyRegistrationsRoute, registerMyselfRoute, unregisterMyselfRoute];
