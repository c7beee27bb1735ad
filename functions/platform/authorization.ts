import type { Role } from '../../domain/core/context';

/**
 * Who may call which route: the one authorization table of the API, keyed by operationId.
 * - public: no credentials needed;
 * - user: any signed-in person (JWT), acting for themself (players; anyone creating a club);
 * - club: staff of the club named by the path, with one of the roles (API keys carry a role too,
 *   unless `apiKeys: false`); anyone else gets 404 as if the club did not exist;
 * - operator: the platform's moderators.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'club'; roles: readonly Role[]; apiKeys: boolean }
  | { kind: 'operator' };

const club = (roles: readonly Role[], apiKeys = true): Access => ({ kind: 'club', roles, apiKeys });
const ALL_STAFF: readonly Role[] = ['owner', 'manager', 'dealer', 'cashier'];

export const ACCESS: Record<string, Access> = {
  // system
  getHealth: { kind: 'public' },
  getOpenApi: { kind: 'public' },
  getDocs: { kind: 'public' },
  // clubs and staff
  createClub: { kind: 'user' },
  getClub: club(ALL_STAFF),
  updateClub: club(['owner']),
  listMembers: club(['owner', 'manager']),
  addMember: club(['owner'], false),
  removeMember: club(['owner'], false),
  listApiKeys: club(['owner'], false),
  createApiKey: club(['owner'], false),
  revokeApiKey: club(['owner'], false),
  // players
  createPlayer: { kind: 'user' },
  getMe: { kind: 'user' },
  // moderation
  setClubSuspension: { kind: 'operator' },
  setPlayerSuspension: { kind: 'operator' },
};

export function accessOf(operationId: string): Access {
  const a = ACCESS[operationId];
  // A route without an entry is a programming error, caught by the route-table test.
  if (!a) throw new Error(`no access rule for ${operationId}`);
  return a;
}
