import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import { playerRegistrations, requireTournament, tournamentRoots } from '../store/tournament-store';
import { store } from '../store/service';
import { unregister } from '../../domain/tournaments';
import * as z from '../../schemas/zod';
import { Id } from '../../schemas/common';
import { MyRegisterBody, MyRegistration, Registration, Versioned } from '../../schemas/tournaments';
import { registerPlayer, registrationCommand, registrationView } from './registrations';
import { versioned } from './tournament-support';

const TAGS = ['Players'];

const me = (req: RouteRequest<unknown, unknown, unknown>): string => {
  if (req.principal.kind !== 'user') throw new Error('user route without a user');
  return req.principal.userId;
};

/** A tournament command issued by the player for himself, on the tournament named in the body or index. */
const asTournamentRequest = (req: RouteRequest<unknown, unknown, unknown>, clubId: string, tournamentId: string) =>
  ({ ...req, params: { clubId, tournamentId } }) as RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>;

export const listMyRegistrationsRoute = defineRoute({
  operationId: 'listMyRegistrations',
  method: 'GET',
  path: '/v1/me/registrations',
  summary: 'My registrations and entries across clubs, with status and seat',
  tags: TAGS,
  responses: { 200: { description: 'Newest first', schema: z.object({ items: z.array(MyRegistration.extend({ seat: z.object({ tableNumber: z.number().int(), seat: z.number().int() }).nullable() })) }) } },
  handle: async (req) => {
    const rows = await playerRegistrations(me(req));
    const roots = new Map((await tournamentRoots(rows)).map((t) => [t.tournamentId, t]));
    const items = await Promise.all(
      rows.flatMap((r) => {
        const root = roots.get(r.tournamentId);
        if (!root) return [];
        return [
          (async () => {
            let seat: { tableNumber: number; seat: number } | null = null;
            // Only a running tournament has seats; reading it costs one query, and a player runs in few at once.
            if (root.status === 'running' && r.entryId && r.registrationStatus !== 'cancelled') {
              const t = (await requireTournament(r.clubId, r.tournamentId)).state;
              const at = t.seating?.seatOf[r.entryId];
              const table = at ? t.seating?.tables[at.tableId] : undefined;
              if (at && table) seat = { tableNumber: table.number, seat: at.seat + 1 };
            }
            return {
              clubId: r.clubId,
              tournamentId: r.tournamentId,
              tournamentName: root.name,
              tournamentStatus: root.status,
              startAt: root.startsAt,
              registrationId: r.registrationId,
              registrationStatus: r.registrationStatus,
              ...(r.entryId ? { entryId: r.entryId } : {}),
              eliminated: r.eliminated,
              seat,
            };
          })(),
        ];
      }),
    );
    return { status: 200, body: { items } };
  },
});

export const registerMyselfRoute = defineRoute({
  operationId: 'registerMyself',
  method: 'POST',
  path: '/v1/me/registrations',
  summary: 'Register myself for a tournament (R-REG-1, R-REG-2)',
  tags: TAGS,
  body: MyRegisterBody,
  responses: { 201: { description: 'My registration', schema: Versioned(Registration) } },
  problems: [404, 409, 422],
  handle: async (req) => {
    const { clubId, tournamentId } = req.body;
    const { data: club } = await store().entities.club.get({ clubId }).go({ attributes: ['suspended'] });
    if (!club || club.suspended) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    const { outcome, reg } = await registerPlayer(asTournamentRequest(req, clubId, tournamentId), me(req));
    return versioned(201, outcome.version, { version: outcome.version, item: registrationView(reg) });
  },
});

export const unregisterMyselfRoute = defineRoute({
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
