import { problem } from './problem';
import { verifyJwt } from './jwt';
import { parseApiKey, secretMatches } from './api-keys';
import { readApiKeyWithClub } from './authorize';
import type { Principal } from './principal';
import type { ItemKey } from '../runtime/prefetch';

const OPERATOR_GROUP = 'operator';

/**
 * Establishes who calls from the Authorization or X-Api-Key header; no header is anonymous. An API key is
 * read with its club and the route's prefetch keys (`prefetchFor`), all in one round trip.
 */
export async function authenticate(
  headers: Record<string, string | undefined>,
  prefetchFor: () => readonly ItemKey[] = () => [],
): Promise<Principal> {
  const authz = headers['authorization'];
  if (authz !== undefined) {
    const m = /^Bearer\s+(\S+)$/i.exec(authz.trim());
    if (!m?.[1]) throw problem(401, 'TOKEN_INVALID', 'Authorization must be "Bearer <token>"');
    const claims = await verifyJwt(m[1]);
    const groups = Array.isArray(claims['cognito:groups']) ? (claims['cognito:groups'] as unknown[]) : [];
    return { kind: 'user', userId: claims.sub as string, operator: groups.includes(OPERATOR_GROUP), claims };
  }
  const apiKey = headers['x-api-key'];
  if (apiKey !== undefined) {
    const parsed = parseApiKey(apiKey);
    if (!parsed) throw problem(401, 'API_KEY_INVALID', 'The API key is not valid');
    // The key's club comes in the same round trip: authorisation needs its suspension flag next.
    const { apiKey: data, club, prefetched } = await readApiKeyWithClub(parsed.clubId, parsed.keyId, prefetchFor());
    if (!data || !secretMatches(parsed.secret, data.secretHash)) {
      throw problem(401, 'API_KEY_INVALID', 'The API key is not valid');
    }
    if (data.revokedAt) throw problem(401, 'API_KEY_REVOKED', 'The API key has been revoked');
    return {
      kind: 'apiKey',
      keyId: data.keyId,
      clubId: data.clubId,
      role: data.role,
      club: club ? { suspended: club.suspended } : null,
      prefetched,
    };
  }
  return { kind: 'anonymous' };
}
