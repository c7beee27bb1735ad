import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../store/client';
import { emptySchedule } from '../store/player-schedule';
import { defineRoute } from '../platform/route';
import { iso } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { entities } from '../store/entities';
import { conditionRefused, type TransactPut } from '../store/entities/items';
import { assertAdult } from '../../domain/players/age';
import { CreatePlayerBody, DeletedAccount, ErasureInProgress, Me, Player, UpdateMeBody } from '../../schemas/players';
import {
  DELETED_PLAYER_NAME,
  ERASED_FIELDS,
  ERASURE_ANSWER_MARGIN_MS,
  ERASURE_REQUEST_BUDGET_MS,
  keptRecords,
  requestErasure,
} from '../app/erasure';

const TAGS = ['Players'];

const userIdOf = (p: { kind: string; userId?: string }): string => {
  if (p.kind !== 'user' || !p.userId) throw new Error('user route without a user');
  return p.userId;
};

export const createPlayerRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createPlayer',
  access: { kind: 'user' },
  method: 'POST',
  path: '/v1/players',
  summary: "Create the signed-in user's player profile (18+ only, R-AGE-1)",
  tags: TAGS,
  body: CreatePlayerBody,
  responses: { 201: { description: 'The profile', schema: Player } },
  problems: [409, 422],
  handle: async (req) => {
    const userId = userIdOf(req.principal);
    assertAdult(req.body.dateOfBirth, req.now);
    const { consent: _c, ...fields } = req.body;
    const at = iso(req.now);
    const profile = { ...fields, userId, consentAt: at, suspended: false, createdAt: at, updatedAt: at };
    try {
      // The schedule is no entity: ElectroDB's create gives the profile's Put of a raw transaction.
      // Only a refused condition (the profile exists) is a 409, a conflict is not.
      const create = entities().player.create(profile).params<TransactPut>();
      await dynamo().doc.send(new TransactWriteCommand({ TransactItems: [{ Put: create }, emptySchedule(userId)] }));
    } catch (e) {
      if (e instanceof TransactionCanceledException && e.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) {
        throw problem(409, 'PLAYER_EXISTS', 'This user already has a player profile');
      }
      throw e;
    }
    return { status: 201, body: profile };
  },
});

export const getMeRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getMe',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me',
  summary: 'Who I am: my player profile, my club roles, whether I am an operator',
  tags: TAGS,
  responses: { 200: { description: 'Me', schema: Me } },
  handle: async (req) => {
    const userId = userIdOf(req.principal);
    const [p, memberships] = await Promise.all([
      entities().player.get({ userId }).go(),
      entities().member.query.byUser({ userId }).go({ pages: 'all' }),
    ]);
    return {
      status: 200,
      body: {
        userId,
        operator: req.principal.kind === 'user' && req.principal.operator,
        player: p.data ? { ...p.data, suspended: p.data.suspended ?? false } : null,
        memberships: memberships.data.map((m) => ({ clubId: m.clubId, role: m.role })),
      },
    };
  },
});

const deleted = () => problem(410, 'ACCOUNT_DELETED', "This account was deleted at the user's request; its personal data is erased");

/** The profile as its owner sees it (the erasure markers are not part of it). */
function ownProfile(p: Record<string, unknown>) {
  const { deletedAt: _d, consentWithdrawnAt: _w, adult: _a, ...profile } = p;
  return { ...profile, suspended: p.suspended ?? false };
}

export const updateMeRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updateMe',
  access: { kind: 'user', whileSuspended: true },
  method: 'PATCH',
  path: '/v1/me',
  summary: 'Edit my player profile (display name, names, city, phone, email); null clears a field (R-PD-1)',
  tags: TAGS,
  body: UpdateMeBody,
  responses: { 200: { description: 'The profile', schema: Player } },
  problems: [404, 410],
  handle: async (req) => {
    const userId = userIdOf(req.principal);
    const { data: current } = await entities().player.get({ userId }).go();
    if (!current) throw problem(404, 'PLAYER_NOT_FOUND', 'No player profile; create one with POST /v1/players');
    const set: Partial<Record<'displayName' | 'firstName' | 'lastName' | 'city' | 'phone' | 'email', string>> = {};
    const remove: ('firstName' | 'lastName' | 'city' | 'phone' | 'email')[] = [];
    for (const [k, v] of Object.entries(req.body) as [keyof typeof set, string | null | undefined][]) {
      if (v === null && k !== 'displayName') remove.push(k);
      else if (typeof v === 'string') set[k] = v;
    }
    const updatedAt = iso(req.now);
    try {
      // Never writes personal data back onto an erased profile, whatever the race.
      const update = entities()
        .player.patch({ userId })
        .set({ ...set, updatedAt });
      await (remove.length > 0 ? update.remove(remove) : update).where((p, { notExists }) => notExists(p.deletedAt)).go();
    } catch (e) {
      if (conditionRefused(e)) throw deleted();
      throw e;
    }
    const next: Record<string, unknown> = { ...current, ...set, updatedAt };
    for (const k of remove) delete next[k];
    return { status: 200, body: ownProfile(next) };
  },
});

export { DELETED_PLAYER_NAME } from '../app/erasure';

export const deleteMeRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteMe',
  // An erasure left unfinished is continued by the same request: the route tells a closed account (410) itself.
  access: { kind: 'user', whileSuspended: true, accountReadByRoute: true },
  method: 'DELETE',
  path: '/v1/me',
  summary:
    'Withdraw consent and delete my player account: personal fields are erased, the name pseudonymised; the records the law keeps (fee operations, settlements, registrations) stay, by player id only (R-PD-1). 202 while the rest of my personal data is still being erased; sent again, it continues',
  tags: TAGS,
  responses: {
    200: { description: 'What was erased and what remains', schema: DeletedAccount },
    202: { description: 'The account is closed; the erasure goes on', schema: ErasureInProgress },
  },
  problems: [404, 410],
  handle: async (req) => {
    const userId = userIdOf(req.principal);
    const started = await requestErasure(userId, req.now, erasureBudget(req.remainingMs?.()));
    if (started.kind === 'no_profile') throw problem(404, 'PLAYER_NOT_FOUND', 'No player profile');
    if (started.kind === 'erased') throw deleted();
    // The profile was read and erased by the use case: a deleted account with steps left may go on.
    req.accountChecked = true;
    const { progress } = started;
    if (!progress.finished) {
      return {
        status: 202,
        body: { userId, deletedAt: progress.deletedAt, state: 'in_progress', done: progress.done, left: progress.left },
      };
    }
    const kept = await keptRecords(userId);
    return {
      status: 200,
      body: {
        userId,
        deletedAt: progress.deletedAt,
        erased: [...ERASED_FIELDS],
        pseudonymised: { displayName: DELETED_PLAYER_NAME },
        kept: {
          adult: true,
          consentAt: started.consentAt,
          consentWithdrawnAt: progress.deletedAt,
          ...kept,
          records:
            "Fee operations, settlements, registrations, entries and results in the clubs' tournaments are kept as the law requires; they reference the player id only.",
        },
      },
    };
  },
});

/**
 * The request's working time: what the function has left but a margin for the last pass and the answer,
 * at least ERASURE_REQUEST_BUDGET_MS; env ERASURE_REQUEST_BUDGET_MS sets it (the reliability tests leave work to the job).
 */
const erasureBudget = (remainingMs = 0): number => {
  const set = process.env.ERASURE_REQUEST_BUDGET_MS;
  const ms = Number(set);
  if (set !== undefined && set !== '' && Number.isFinite(ms) && ms >= 0) return ms;
  return Math.max(ERASURE_REQUEST_BUDGET_MS, Math.min(remainingMs, 60_000) - ERASURE_ANSWER_MARGIN_MS);
};

export const playerRoutes = [createPlayerRoute, getMeRoute, updateMeRoute, deleteMeRoute];
