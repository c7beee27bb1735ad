import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import { entities } from '../store/entities';
import { requireTournament } from '../store/tournament-store';
import { checkIn, register, unregister, type Registration as RegistrationRecord, type Tournament, type TournamentResult } from '../../domain/tournaments';
import type { Context } from '../../domain/core/context';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { seatNewEntries } from '../../domain/floor/seat-new-entries';
import { forcedBetsPostedAt } from '../../domain/floor/dead-stacks';
import * as z from '../../schemas/zod';
import { RegisterBody, Registration, RegistrationParams, TournamentParams, Versioned } from '../../schemas/tournaments';
import { recordView, runTournamentCommand, versioned } from './tournament-support';
import { registeringPlayerItems, withParallelGuard } from './player-registrations';
import { NOTHING_PREFETCHED, prefetchedItem, type Prefetched } from '../platform/prefetch';
import { profileItemKey } from '../store/player-schedule';

const TAGS = ['Registrations'];

export const registrationView = (r: RegistrationRecord) => recordView(r, 'registrationId');

/** The player must exist and may not be suspended; R-AGE-1 was checked when the profile was made. */
export async function requirePlayer(playerId: string, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<void> {
  const item = prefetchedItem(prefetched, profileItemKey(playerId));
  const data =
    item === undefined
      ? (await entities().player.get({ userId: playerId }).go({ attributes: ['userId', 'suspended', 'deletedAt'] })).data
      : item && { suspended: item.suspended === true, deletedAt: typeof item.deletedAt === 'string' ? item.deletedAt : undefined };
  // A player who withdrew consent (R-PD-1) is no longer a player one can register.
  if (!data || data.deletedAt) throw problem(404, 'PLAYER_NOT_FOUND', 'No player profile with this id');
  if (data.suspended) throw problem(403, 'ACCOUNT_SUSPENDED', "The player's account is suspended");
}

/** Registers a player (staff at the desk or the player in the app), with the R-REG-1 check under the player's schedule. */
export async function registerPlayer(req: RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>, playerId: string) {
  const outcome = await withParallelGuard(
    playerId,
    { ...req.params, now: req.now },
    ({ others, companions }) => runTournamentCommand(req, (s, ctx) => register(s, { playerId, otherRegistrations: others }, ctx), companions),
    req.prefetched,
  );
  const reg = Object.values(outcome.state.registrations).find((r) => r.playerId === playerId && r.status !== 'cancelled');
  return { outcome, reg: reg as RegistrationRecord };
}

/** A command on one registration, seating any entry it creates; answers the registration as it is after. */
export async function registrationCommand(
  req: RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>,
  registrationId: string,
  op: (state: Tournament, command: { registrationId: string }, ctx: Context) => TournamentResult,
) {
  const outcome = await runTournamentCommand(req, (s, ctx) => {
    const r = op(s, { registrationId }, ctx);
    return seatNewEntries(r.state as FloorTournament, r.events, ctx);
  });
  const reg = outcome.state.registrations[registrationId] as RegistrationRecord;
  return versioned(200, outcome.version, { version: outcome.version, item: registrationView(reg) });
}

// Built outside the route definitions: a definition whose arguments call anything stays in every bundle
// that imports this module, handler included (test/infra/bundles.test.ts).
const RegistrationListQuery = z.strictObject({ status: z.enum(['registered', 'waitlisted', 'checked_in', 'absent', 'cancelled']).optional() });
const RegistrationList = z.object({ version: z.number().int(), items: z.array(Registration) });
const RegistrationAnswer = Versioned(Registration);
const registeringNamedPlayer = registeringPlayerItems('playerId');

export const listRegistrationsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listRegistrations',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations',
  summary: 'Registrations in order, with the waitlist',
  tags: TAGS,
  params: TournamentParams,
  query: RegistrationListQuery,
  responses: { 200: { description: 'All registrations', schema: RegistrationList } },
  handle: async (req) => {
    const { state } = await requireTournament(req.params.clubId, req.params.tournamentId);
    const items = Object.values(state.registrations)
      .filter((r) => !req.query.status || r.status === req.query.status)
      .sort((a, b) => a.seq - b.seq)
      .map(registrationView);
    return versioned(200, state.version, { version: state.version, items });
  },
});

export const createRegistrationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createRegistration',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations',
  summary: 'Register a player (beyond the seat limit: the waitlist, R-REG-2; no parallel tournaments, R-REG-1)',
  tags: TAGS,
  params: TournamentParams,
  body: RegisterBody,
  responses: { 201: { description: 'The registration', schema: RegistrationAnswer } },
  problems: [409, 422],
  prefetch: registeringNamedPlayer,
  handle: async (req) => {
    const { outcome, reg } = await registerPlayer(req, req.body.playerId);
    return versioned(201, outcome.version, { version: outcome.version, item: registrationView(reg) });
  },
});

export const checkInRoute = /* @__PURE__ */ defineRoute({
  operationId: 'checkIn',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations/{registrationId}/check-in',
  summary: 'Check in at the desk: the first buy-in accrues as debt (postpayment, R-REG-3)',
  tags: TAGS,
  params: RegistrationParams,
  responses: { 200: { description: 'The registration', schema: RegistrationAnswer } },
  problems: [409, 422],
  // R-LATE-1 / R-NOSHOW-2: the clock's forced-bet count sizes a late stack and a dead stack handed over.
  handle: async (req) =>
    registrationCommand(req, req.params.registrationId, (s, c, ctx) =>
      checkIn(s, { ...c, forcedBetsPosted: forcedBetsPostedAt(s as FloorTournament, ctx.now) }, ctx),
    ),
});

export const deleteRegistrationRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteRegistration',
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/registrations/{registrationId}',
  summary: 'Unregister a player (the place goes to the waitlist inside late registration)',
  tags: TAGS,
  params: RegistrationParams,
  responses: { 200: { description: 'The cancelled registration', schema: RegistrationAnswer } },
  problems: [409],
  handle: async (req) => registrationCommand(req, req.params.registrationId, unregister),
});

export const registrationRoutes = [listRegistrationsRoute, createRegistrationRoute, checkInRoute, deleteRegistrationRoute];
