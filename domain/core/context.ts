import type { Random } from './random';

export type Role = 'owner' | 'manager' | 'dealer' | 'cashier' | 'player' | 'operator';
export const ROLES: readonly Role[] = ['owner', 'manager', 'dealer', 'cashier', 'player', 'operator'];
export const STAFF_ROLES: readonly Role[] = ['owner', 'manager', 'dealer', 'cashier'];

export interface Actor {
  /** The user id (token subject) or `apikey:<keyId>` for a club integration. */
  id: string;
  role: Role;
}

/**
 * Everything a rule needs from the outside world. Operations are functions of
 * (state, command, context): time, ids and randomness never come from globals.
 */
export interface Context {
  /** Milliseconds since the epoch, UTC. */
  now: number;
  actor: Actor;
  rng: Random;
  /** A new opaque id; the prefix says what it names (`ent`, `ko`, ...). */
  newId: (prefix: string) => string;
}
