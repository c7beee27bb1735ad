import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { config } from '../runtime/config';
import { problem } from './problem';

/** Algorithms accepted: Cognito and the local issuer both sign with RS256; nothing else is let through. */
export const JWT_ALGORITHMS = ['RS256'];

let keySet: JWTVerifyGetKey | undefined;

/** The key source: the issuer's JWKS URL by default; tests may hand in a local key set. */
export function useKeySet(getKey: JWTVerifyGetKey | undefined): void {
  keySet = getKey;
}

function keys(): JWTVerifyGetKey {
  keySet ??= createRemoteJWKSet(new URL(config().jwksUrl), { cacheMaxAge: 10 * 60_000, timeoutDuration: 3_000 });
  return keySet;
}

/**
 * Verifies signature, issuer, expiry and algorithm, then the audience: ID tokens carry `aud`,
 * Cognito access tokens carry `client_id` instead, so either must name one of our clients.
 */
export async function verifyJwt(token: string): Promise<JWTPayload> {
  const c = config();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys(), { issuer: c.jwtIssuer, algorithms: JWT_ALGORITHMS, clockTolerance: 5 }));
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw problem(401, 'TOKEN_EXPIRED', 'The token has expired');
    if (e instanceof errors.JWKSTimeout) throw problem(503, 'AUTH_UNAVAILABLE', 'The token keys could not be fetched; retry');
    if (e instanceof errors.JOSEError) throw problem(401, 'TOKEN_INVALID', 'The token could not be verified');
    // The issuer's key set could not be reached: our outage, not the caller's fault.
    throw problem(503, 'AUTH_UNAVAILABLE', 'The token keys could not be fetched; retry');
  }
  const aud = payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const clientId = typeof payload.client_id === 'string' ? [payload.client_id] : [];
  if (![...aud, ...clientId].some((a) => c.jwtAudience.includes(a))) {
    throw problem(401, 'TOKEN_INVALID', 'The token is not meant for this API');
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) {
    throw problem(401, 'TOKEN_INVALID', 'The token names no subject');
  }
  return payload;
}
