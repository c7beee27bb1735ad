import { createHash } from 'node:crypto';

/** EventBridge Scheduler's limits on a schedule name. */
export const MAX_JOB_NAME = 64;
const ALLOWED = /[^0-9A-Za-z\-_.]/g;

/**
 * A schedule name from its parts: disallowed characters become `_`; a name too long keeps a readable
 * prefix and ends in a hash of the whole, so it stays deterministic and distinct.
 */
export function jobName(...parts: (string | number)[]): string {
  const raw = parts.join('-');
  const safe = raw.replace(ALLOWED, '_');
  if (safe.length <= MAX_JOB_NAME && safe === raw) return safe;
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return `${safe.slice(0, MAX_JOB_NAME - hash.length - 1)}.${hash}`;
}
