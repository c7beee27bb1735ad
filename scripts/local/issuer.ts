import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * The local stand-in for Cognito: an RS256 key pair whose public half is served as JWKS, so the
 * handlers verify local tokens exactly as they verify Cognito's (signature, issuer, audience, expiry).
 */
export interface LocalIssuer {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
  mint: (opts: { sub: string; operator?: boolean; expiresInSec?: number; extra?: Record<string, unknown> }) => Promise<string>;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function newKey(): Promise<StoredKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/** Loads the key from `keyFile` (made on first use) or, without a file, makes one in memory. */
export async function localIssuer(opts: { issuer: string; audience: string; keyFile?: string }): Promise<LocalIssuer> {
  let key: StoredKey;
  if (opts.keyFile && existsSync(opts.keyFile)) {
    key = JSON.parse(readFileSync(opts.keyFile, 'utf8')) as StoredKey;
  } else {
    key = await newKey();
    if (opts.keyFile) {
      mkdirSync(dirname(opts.keyFile), { recursive: true });
      writeFileSync(opts.keyFile, JSON.stringify(key), { mode: 0o600 });
    }
  }
  const privateKey = await importJWK(key.privateJwk, 'RS256');
  return {
    issuer: opts.issuer,
    audience: opts.audience,
    jwks: { keys: [key.publicJwk] },
    mint: async ({ sub, operator, expiresInSec = 12 * 3600, extra }) =>
      new SignJWT({ ...extra, ...(operator ? { 'cognito:groups': ['operator'] } : {}), token_use: 'id' })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSec)
        .sign(privateKey),
  };
}
