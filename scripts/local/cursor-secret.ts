import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key of list cursors for the API on this machine (functions/runtime/config.ts `cursorSecret`): the
 * one in `file` when there is one, else a new one, kept in `file` (beside the token issuer's key) so that
 * cursors handed out before a restart still open after it. Without a file the key lasts the process.
 */
export function localCursorSecret(file?: string): string {
  if (file && existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  const made = randomBytes(32).toString('base64url');
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${made}\n`, { mode: 0o600 });
  }
  return made;
}
