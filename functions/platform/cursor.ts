import { createHmac, timingSafeEqual } from 'node:crypto';
import { cursorSecret } from '../runtime/config';
import { problem } from './problem';

/**
 * The store's cursors (a page's last key) reveal the key layout and could be edited to read elsewhere, so the API
 * hands out sealed ones: base64url(cursor).hmac, with the list's scope bound into the MAC.
 */
const mac = (payload: string, scope: string): string =>
  createHmac('sha256', cursorSecret()).update(`${scope}\n${payload}`).digest('base64url').slice(0, 32);

export function sealCursor(cursor: string | null | undefined, scope: string): string | null {
  if (!cursor) return null;
  const payload = Buffer.from(cursor, 'utf8').toString('base64url');
  return `${payload}.${mac(payload, scope)}`;
}

export function openCursor(sealed: string | undefined, scope: string): string | undefined {
  if (sealed === undefined) return undefined;
  const [payload, sig] = sealed.split('.');
  const expected = payload ? mac(payload, scope) : '';
  if (!payload || !sig || sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) {
    throw problem(400, 'CURSOR_INVALID', 'The cursor is not valid for this list');
  }
  return Buffer.from(payload, 'base64url').toString('utf8');
}
