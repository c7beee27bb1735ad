import type { Role } from '../../domain/core/context';

/**
 * Who may call a route: each route declares its rule (`access` in its definition, platform/route.ts).
 * - public: no credentials needed;
 * - user: any signed-in person (JWT), acting for themself (players; anyone creating a club); a suspended
 *   account gets 403 unless `whileSuspended` (the right to erasure, R-PD-1), a deleted one 410. With
 *   `accountReadByRoute`, the route reads the profile in its own first round trip and checks it with
 *   `assertAccount` (the request fails closed if it does not);
 * - club: staff of the club named by the path, with one of the roles (API keys carry a role too,
 *   unless `apiKeys: false`); anyone else gets 404 as if the club did not exist. With `publicView`,
 *   callers outside the club (anonymous or signed in) reach the handler with no club access, and the
 *   handler shows what is public or answers that 404 itself;
 * - operator: the platform's moderators.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; whileSuspended?: boolean; accountReadByRoute?: boolean }
  | { kind: 'club'; roles: readonly Role[]; apiKeys: boolean; publicView?: boolean }
  | { kind: 'operator' };

// A route definition calls these as `/* @__PURE__ */ club(...)`, so a bundle that does not serve the route drops it.
/** Staff of the club in the path with one of `roles`; API keys too unless `apiKeys` is false. */
export const club = (roles: readonly Role[], apiKeys = true): Access => ({ kind: 'club', roles, apiKeys });
/** As `club`, and callers outside the club reach the handler, which shows what is public (a running clock). */
export const clubPublicView = (roles: readonly Role[]): Access => ({ kind: 'club', roles, apiKeys: true, publicView: true });
export const ALL_STAFF: readonly Role[] = ['owner', 'manager', 'dealer', 'cashier'];
/** Owner and managers run the floor. */
export const FLOOR: readonly Role[] = ['owner', 'manager'];
/** The desk settles fees: the cashier too. */
export const DESK: readonly Role[] = ['owner', 'manager', 'cashier'];
