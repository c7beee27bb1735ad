/** HTTP plumbing shared by the registry sources: per-request timeout, retry policy, throttle. */

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;
export type Clock = () => number;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryPolicy {
  /** Tries in all, the first included. */
  tries: number;
  /** Wait before retry n (n = 0, 1, ...) is baseDelayMs x 2^n. */
  baseDelayMs: number;
}

/** egrul.md: 0.5 s x 2^n, at most 3 tries. */
export const DEFAULT_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 500 };

export type HttpResult = { kind: 'response'; status: number; headers: Headers; text: string } | { kind: 'failed'; reason: string };

export interface HttpCall {
  fetch: FetchFn;
  sleep: Sleep;
  timeoutMs: number;
  retry: RetryPolicy;
}

type Attempt =
  { kind: 'response'; status: number; headers: Headers; text: string } | { kind: 'timeout' } | { kind: 'error'; message: string };

/** One exchange; the timeout covers the body too, so a server that stalls mid-answer is cut off. */
async function attempt(call: HttpCall, url: string, init: RequestInit): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), call.timeoutMs);
  try {
    const res = await call.fetch(url, { ...init, signal: controller.signal });
    const text = await res.text();
    return { kind: 'response', status: res.status, headers: res.headers, text };
  } catch (e) {
    if (controller.signal.aborted) return { kind: 'timeout' };
    return { kind: 'error', message: errorText(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** Node's fetch says only "fetch failed"; the cause carries ECONNREFUSED and the like. */
function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? ((e.cause as Error & { code?: string }).code ?? e.cause.message) : undefined;
  return cause ? `${e.message} (${cause})` : e.message;
}

const retryable = (a: Attempt): boolean => a.kind === 'timeout' || (a.kind === 'response' && (a.status === 429 || a.status >= 500));

function describe(a: Attempt, timeoutMs: number): string {
  if (a.kind === 'timeout') return `no answer within ${timeoutMs} ms`;
  if (a.kind === 'error') return `request failed: ${a.message}`;
  return `HTTP ${a.status}`;
}

/**
 * Sends the request, retrying only timeouts, 429 and 5xx (the source is busy or slow; anything
 * else will not change on a retry). Other statuses are returned for the caller to read; a network
 * error or exhausted retries come back as `failed`.
 */
export async function send(call: HttpCall, url: string, init: RequestInit): Promise<HttpResult> {
  let last: Attempt = { kind: 'error', message: 'not sent' };
  for (let n = 0; n < call.retry.tries; n += 1) {
    if (n > 0) await call.sleep(call.retry.baseDelayMs * 2 ** (n - 1));
    last = await attempt(call, url, init);
    if (!retryable(last)) break;
  }
  if (last.kind === 'response' && !retryable(last)) return last;
  const tries = call.retry.tries;
  return {
    kind: 'failed',
    reason: retryable(last)
      ? `${describe(last, call.timeoutMs)} after ${tries} ${tries === 1 ? 'try' : 'tries'}`
      : describe(last, call.timeoutMs),
  };
}

/**
 * At most one start per `minIntervalMs`: each caller reserves the next free slot at once, so
 * concurrent lookups in one process queue up instead of bursting. Keep one per source per process.
 */
export class RateLimiter {
  private nextAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly minIntervalMs: number,
    private readonly now: Clock = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {}

  async acquire(): Promise<void> {
    const t = this.now();
    const slot = Math.max(t, this.nextAt);
    this.nextAt = slot + this.minIntervalMs;
    if (slot > t) await this.sleep(slot - t);
  }
}

/** JSON or undefined: a source that answers HTML or garbage is as good as unavailable. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const trimSlash = (url: string): string => url.replace(/\/+$/, '');
