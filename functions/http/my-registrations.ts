import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import { playerRegistrations } from '../store/tournament-store';
import { readItems } from '../store/read-items';
import { profileItemKey } from '../store/player-schedule';
import { openCursor, sealCursor } from '../platform/cursor';
import { assertAccount } from '../platform/authorize';
import { clubRecord } from '../store/records/club';
import { playerRegistrationRecord, tournamentRecord } from '../store/records/tournament';
import { getRecord, queryRecords } from '../store/table/record-ops';
import { recordOf } from '../store/table/record-type';
import { unregister } from '../../domain/tournaments';
import * as z from '../../schemas/zod';
import { Id } from '../../schemas/common';
import { MAX_CURSOR_LENGTH } from '../../schemas/limits';
import { MyRegisterBody, MyRegistration, Registration, Versioned } from '../../schemas/tournaments';
import { registerPlayer, registrationCommand, registrationView } from './registrations';
import { registeringPlayerItems } from './player-registrations';
import { idField, prefetchKeyOf, prefetchedItem } from '../platform/prefetch';
import { clubItemKey } from './clubs';
import { versioned } from './tournament-support';

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
    const after = openCursor(req.query.cursor, scope);
    const index = await queryRecords(playerRegistrationRecord, {
      index: 'byPlayer',
      partition: { playerId },
      order: 'desc',
      count: MY_PAGE,
      attributes: ['clubId', 'tournamentId'],
      ...(after ? { cursor: after } : {}),
    });
    const rowKey = (r: { clubId: string; tournamentId: string }) => playerRegistrationRecord.key({ clubId: r.clubId, tournamentId: r.tournamentId, playerId });
    const rootKey = (r: { clubId: string; tournamentId: string }) => tournamentRecord.key({ clubId: r.clubId, tournamentId: r.tournamentId });
    const got = await readItems([profileItemKey(playerId), ...index.data.flatMap((r) => [rowKey(r), rootKey(r)])]);
    assertAccount(req, got.get(prefetchKeyOf(profileItemKey(playerId))) ?? null);
    const items = index.data.flatMap((ref) => {
      const rowItem = got.get(prefetchKeyOf(rowKey(ref)));
      const rootItem = got.get(prefetchKeyOf(rootKey(ref)));
      if (!rowItem || !rootItem) return [];
      const r = recordOf(playerRegistrationRecord, rowItem);
      const root = recordOf(tournamentRecord, rootItem);
      if (!r || !root) return [];
      const seated = root.status === 'running' && r.registrationStatus !== 'cancelled' && r.tableNumber !== undefined && r.seatNumber !== undefined;
      return [
        {
          clubId: r.clubId,
          tournamentId: r.tournamentId,
          tournamentName: root.name,
          tournamentStatus: root.status,
          startAt: root.startsAt,
          registrationId: r.registrationId,
          registrationStatus: r.registrationStatus,
          ...(r.entryId ? { entryId: r.entryId } : {}),
          eliminated: r.eliminated,
          seat: seated ? { tableNumber: r.tableNumber as number, seat: r.seatNumber as number } : null,
        },
      ];
    });
    return { status: 200, body: { items, nextCursor: sealCursor(index.cursor, scope) } };
  },
});

export const registerMyselfRoute = /* @__PURE__ */ defineRoute({
  operationId: 'registerMyself',
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
    const prefetchedClub = prefetchedItem(req.prefetched, clubItemKey(clubId));
    const club =
      prefetchedClub === undefined
        ? await getRecord(clubRecord, { clubId }, { attributes: ['suspended'] })
        : prefetchedClub && { suspended: prefetchedClub.suspended === true };
    if (!club || club.suspended) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    const { outcome, reg } = await registerPlayer(asTournamentRequest(req, clubId, tournamentId), me(req));
    return versioned(201, outcome.version, { version: outcome.version, item: registrationView(reg) });
  },
});

export const unregisterMyselfRoute = /* @__PURE__ */ defineRoute({
  operationId: 'unregisterMyself',
  method: 'DELETE',
  path: '/v1/me/registrations/{registrationId}',
  summary: 'Unregister myself',
  tags: TAGS,
  params: z.strictObject({ registrationId: Id }),
  responses: { 200: { description: 'The cancelled registration', schema: Versioned(Registration) } },
  problems: [409],
  handle: async (req) => {
    const row = (await playerRegistrations(me(req))).find((r) => r.registrationId === req.params.registrationId);
    if (!row) throw problem(404, 'REGISTRATION_NOT_FOUND', 'No such registration of yours');
    return registrationCommand(asTournamentRequest(req, row.clubId, row.tournamentId), row.registrationId, unregister);
  },
});

export const myRegistrationRoutes = [listMyRegistrationsRoute, registerMyselfRoute, unregisterMyselfRoute];
