import { liveNow } from './live-clock';

/**
 * How long a delivery trusts a passed access check (a membership, an account) before reading it again:
 * a removed member or an erased account stops receiving within this time, and a busy topic costs one
 * read per user and club per this time, not one per frame.
 */
export const LIVE_ACCESS_TTL_MS = 30_000;
/** Verdicts kept at once in one process; the oldest go first beyond it. */
const MAX_ENTRIES = 10_000;

interface Entry {
  at: number;
  verdict: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/**
 * The verdict for `key` (undefined: allowed), read by `check` at most once per TTL. Only an allowed
 * verdict is kept: a refusal ends the connection anyway, and a member added again must not be refused from
 * memory. A check in flight is shared by every delivery that asks meanwhile; one that fails is forgotten,
 * so the next delivery asks again.
 */
export function cachedAccess<R>(key: string, check: () => Promise<R | undefined>): Promise<R | undefined> {
  const now = liveNow();
  const hit = entries.get(key);
  if (hit && now - hit.at < LIVE_ACCESS_TTL_MS) return hit.verdict as Promise<R | undefined>;
  const verdict = check();
  entries.delete(key);
  entries.set(key, { at: now, verdict });
  const forget = () => {
    if (entries.get(key)?.verdict === verdict) entries.delete(key);
  };
  verdict.then((refused) => refused !== undefined && forget(), forget);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return verdict;
}
