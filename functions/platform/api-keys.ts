import { createHash, timingSafeEqual } from 'node:crypto';
import { randomSecret } from '../runtime/ids';

/** `spk.<clubId>.<keyId>.<secret>`: the club and key ids let one GetItem find the record. */
export const API_KEY_PREFIX = 'spk';

export function formatApiKey(clubId: string, keyId: string, secret: string): string {
  return `${API_KEY_PREFIX}.${clubId}.${keyId}.${secret}`;
}

/** Ids as the API admits them (no dots: they separate the parts); the secret is base64url. */
const KEY_ID_PART = /^[A-Za-z0-9_:-]{1,128}$/;
const SECRET_PART = /^[A-Za-z0-9_-]{20,128}$/;

/** Null for anything that is not a well-formed key, before any lookup uses its parts. */
export function parseApiKey(value: string): { clubId: string; keyId: string; secret: string } | null {
  if (value.length > 512) return null;
  const parts = value.trim().split('.');
  if (parts.length !== 4 || parts[0] !== API_KEY_PREFIX) return null;
  const [, clubId, keyId, secret] = parts as [string, string, string, string];
  if (!KEY_ID_PART.test(clubId) || !KEY_ID_PART.test(keyId) || !SECRET_PART.test(secret)) return null;
  return { clubId, keyId, secret };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const newApiKeySecret = (): string => randomSecret(32);
