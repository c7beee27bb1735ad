import { randomInt } from 'node:crypto';
import type { Context, Role } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';
import { newId } from '../runtime/ids';
import type { RouteRequest } from './route';
import { actorIdOf } from './principal';

/** The domain's context for one request: its time, its actor, a fresh recorded seed, id minting. */
export function domainContext(req: RouteRequest<unknown, unknown, unknown>, role?: Role): Context {
  const actorRole: Role = role ?? req.club?.role ?? (req.principal.kind === 'user' && req.principal.operator ? 'operator' : 'player');
  return {
    now: req.now,
    actor: { id: req.club?.actorId ?? actorIdOf(req.principal), role: actorRole },
    rng: seededRandom(randomInt(0, 2 ** 32)),
    newId: (prefix) => newId(prefix, req.now),
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
