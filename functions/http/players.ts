import { defineRoute } from '../platform/route';
import { iso } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { store } from '../store/service';
import { assertAdult } from '../../domain/players/age';
import { CreatePlayerBody, Me, Player } from '../../schemas/players';

const TAGS = ['Players'];

const userIdOf = (p: { kind: string; userId?: string }): string => {
  if (p.kind !== 'user' || !p.userId) throw new Error('user route without a user');
  return p.userId;
};

export const createPlayerRoute = defineRoute({
  operationId: 'createPlayer',
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
      await store().entities.player.create(profile).go();
    } catch (e) {
      if ((e as Error).message?.includes('conditional request failed')) {
        throw problem(409, 'PLAYER_EXISTS', 'This user already has a player profile');
      }
      throw e;
    }
    return { status: 201, body: profile };
  },
});

export const getMeRoute = defineRoute({
  operationId: 'getMe',
  method: 'GET',
  path: '/v1/me',
  summary: 'Who I am: my player profile, my club roles, whether I am an operator',
  tags: TAGS,
  responses: { 200: { description: 'Me', schema: Me } },
  handle: async (req) => {
    const userId = userIdOf(req.principal);
    const s = store();
    const [player, memberships] = await Promise.all([
      s.entities.player.get({ userId }).go(),
      s.entities.member.query.byUser({ userId }).go({ pages: 'all' }),
    ]);
    const p = player.data;
    return {
      status: 200,
      body: {
        userId,
        operator: req.principal.kind === 'user' && req.principal.operator,
        player: p ? { ...p, suspended: p.suspended ?? false } : null,
        memberships: memberships.data.map((m) => ({ clubId: m.clubId, role: m.role })),
      },
    };
  },
});

export const playerRoutes = [createPlayerRoute, getMeRoute];
