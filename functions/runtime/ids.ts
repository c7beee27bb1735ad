import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * `<prefix>_<time><random>`: sortable by creation time (10 chars of ms in Crockford base32)
 * and unguessable (16 random chars, 80 bits). No dots, so ids can be joined with dots.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  let t = '';
  let ms = now;
  for (let i = 0; i < 10; i++) {
    t = ALPHABET[ms % 32] + t;
    ms = Math.floor(ms / 32);
  }
  const bytes = randomBytes(16);
  let r = '';
  for (const b of bytes) r += ALPHABET[b % 32];
  return `${prefix}_${t}${r}`;
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
