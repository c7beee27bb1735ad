import { defineRoute } from '../platform/route';
import { CreatePlayerBody, DeletedAccount, ErasureInProgress, Me, Player, UpdateMeBody } from '../../schemas/players';
import { DELETED_PLAYER_NAME, ERASED_FIELDS, ERASURE_ANSWER_MARGIN_MS, ERASURE_REQUEST_BUDGET_MS } from '../app/erasure';
import { createPlayer, readAccount, updateProfile } from '../app/players/profile';
import { deleteAccount } from '../app/players/deletion';

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
    const { consent: _c, ...fields } = req.body;
    return { status: 201, body: await createPlayer(userIdOf(req.principal), fields, req.now) };
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
    const { player, memberships } = await readAccount(userId);
    return {
      status: 200,
      body: { userId, operator: req.principal.kind === 'user' && req.principal.operator, player, memberships },
    };
  },
});

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
  handle: async (req) => ({ status: 200, body: await updateProfile(userIdOf(req.principal), req.body, req.now) }),
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
    const deletion = await deleteAccount(userId, req.now, erasureBudget(req.remainingMs?.()));
    // The profile was read and erased by the use case: a deleted account with steps left may go on.
    req.accountChecked = true;
    const { progress } = deletion;
    if (deletion.kind === 'in_progress') {
      return {
        status: 202,
        body: { userId, deletedAt: progress.deletedAt, state: 'in_progress', done: progress.done, left: progress.left },
      };
    }
    return {
      status: 200,
      body: {
        userId,
        deletedAt: progress.deletedAt,
        erased: [...ERASED_FIELDS],
        pseudonymised: { displayName: DELETED_PLAYER_NAME },
        kept: {
          adult: true,
          consentAt: deletion.consentAt,
          consentWithdrawnAt: progress.deletedAt,
          ...deletion.kept,
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
