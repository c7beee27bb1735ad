import { mapEgrulRow, parseEgrulRow, selectEgrulRow } from '../../../domain/verification';
import type { RegistryAnswer } from '../../../domain/verification';
import type { Clock, FetchFn, HttpCall, HttpResult, RetryPolicy, Sleep } from './http';
import { DEFAULT_RETRY, RateLimiter, isObject, parseJson, realSleep, send, trimSlash } from './http';
import type { RegistryPort, RegistryQuery } from './port';

export interface EgrulOptions {
  baseUrl?: string;
  fetch?: FetchFn;
  sleep?: Sleep;
  now?: Clock;
  /** Pause between polls of a running search. */
  pollIntervalMs?: number;
  /** Give up (unavailable) when the search still says "wait" after this long. */
  pollTimeoutMs?: number;
  /** Per HTTP request; a request that takes longer is aborted and retried. */
  requestTimeoutMs?: number;
  retry?: RetryPolicy;
  /** Searches are started at most once per this interval (per instance; keep one per process). */
  minIntervalMs?: number;
  limiter?: RateLimiter;
  /** Fetch /index.html first for a session cookie and send it on the search calls. */
  sessionCookie?: boolean;
  userAgent?: string;
}

const unavailable = (reason: string): RegistryAnswer => ({ kind: 'unavailable', source: 'egrul', reason });

/** The messages of an `{"ERRORS": {"field": ["message", ...]}}` answer, joined. */
function errorsText(errors: unknown): string {
  if (!isObject(errors)) return String(errors);
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join('; ') : String(messages)}`)
    .join(', ');
}

/** A failure the site reports in a JSON body (captcha, ERRORS), or undefined. */
function siteRefusal(body: Record<string, unknown>): string | undefined {
  if (body.captchaRequired === true) return 'the registry asks for a captcha';
  if (body.ERRORS !== undefined) return `the registry answered with errors (${errorsText(body.ERRORS)})`;
  return undefined;
}

/**
 * egrul.nalog.ru's search as used by its own page (egrul.md): there is no published API, so every
 * answer that is not the expected shape is `unavailable` and the club goes to moderators.
 */
export class EgrulRegistry implements RegistryPort {
  readonly source = 'egrul' as const;
  private readonly baseUrl: string;
  private readonly now: Clock;
  private readonly sleep: Sleep;
  private readonly http: HttpCall;
  private readonly pollIntervalMs: number;
  private readonly pollTimeoutMs: number;
  private readonly limiter: RateLimiter;
  private readonly sessionCookie: boolean;
  private readonly userAgent: string | undefined;

  constructor(options: EgrulOptions = {}) {
    this.baseUrl = trimSlash(options.baseUrl ?? 'https://egrul.nalog.ru');
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.http = {
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      sleep: this.sleep,
      timeoutMs: options.requestTimeoutMs ?? 10_000,
      retry: options.retry ?? DEFAULT_RETRY,
    };
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.pollTimeoutMs = options.pollTimeoutMs ?? 30_000;
    this.limiter = options.limiter ?? new RateLimiter(options.minIntervalMs ?? 2000, this.now, this.sleep);
    this.sessionCookie = options.sessionCookie ?? true;
    this.userAgent = options.userAgent;
  }

  async lookup(query: RegistryQuery): Promise<RegistryAnswer> {
    await this.limiter.acquire();
    const cookie = this.sessionCookie ? await this.fetchCookie() : undefined;
    const headers = this.headers(cookie);

    const started = await send(this.http, `${this.baseUrl}/`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: searchForm(query.inn),
    });
    const token = readSearchToken(started);
    if (token.kind === 'refused') return unavailable(token.reason);

    const rows = await this.poll(token.t, headers);
    if (!Array.isArray(rows)) return unavailable(rows.reason);
    const retrievedAt = this.now();
    if (rows.length === 0) return { kind: 'not_found', source: 'egrul', retrievedAt };

    const parsed = rows.map(parseEgrulRow).filter((r) => r !== undefined);
    if (parsed.length === 0) return unavailable('the registry returned rows without name, INN or OGRN');
    const row = selectEgrulRow(parsed, query.inn);
    if (!row) return { kind: 'not_found', source: 'egrul', retrievedAt };
    return { kind: 'found', source: 'egrul', record: mapEgrulRow(row), retrievedAt };
  }

  private headers(cookie: string | undefined): Record<string, string> {
    const h: Record<string, string> = {
      Accept: 'application/json, text/javascript, */*; q=0.01',
      'X-Requested-With': 'XMLHttpRequest',
      Referer: `${this.baseUrl}/index.html`,
    };
    if (cookie) h.Cookie = cookie;
    if (this.userAgent) h['User-Agent'] = this.userAgent;
    return h;
  }

  /** The session cookie is a courtesy to the site: one try, and the search goes on without it. */
  private async fetchCookie(): Promise<string | undefined> {
    const res = await send({ ...this.http, retry: { tries: 1, baseDelayMs: 0 } }, `${this.baseUrl}/index.html`, {
      method: 'GET',
      headers: this.userAgent ? { 'User-Agent': this.userAgent } : {},
    });
    if (res.kind !== 'response' || res.status >= 400) return undefined;
    const pairs = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]?.trim() ?? '')
      .filter((c) => c.includes('='));
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  /** Polls the search until it has rows, or says why it gave up. */
  private async poll(t: string, headers: Record<string, string>): Promise<unknown[] | { reason: string }> {
    const deadline = this.now() + this.pollTimeoutMs;
    for (;;) {
      const ms = this.now();
      const url = `${this.baseUrl}/search-result/${encodeURIComponent(t)}?r=${ms}&_=${ms}`;
      const res = await send(this.http, url, { method: 'GET', headers });
      if (res.kind === 'failed') return { reason: `search result: ${res.reason}` };
      if (res.status !== 200) return { reason: `search result: HTTP ${res.status}` };
      const body = parseJson(res.text);
      if (!isObject(body)) return { reason: 'search result: the answer is not JSON' };
      const refusal = siteRefusal(body);
      if (refusal) return { reason: refusal };
      if (Array.isArray(body.rows)) return body.rows as unknown[];
      if (body.status !== 'wait') return { reason: 'search result: unexpected answer' };
      if (this.now() + this.pollIntervalMs > deadline) {
        return { reason: `the search was still running after ${this.pollTimeoutMs} ms` };
      }
      await this.sleep(this.pollIntervalMs);
    }
  }
}

/** The form the site's page posts, field for field and in its order. */
export function searchForm(query: string): string {
  return new URLSearchParams([
    ['vyp3CaptchaToken', ''],
    ['page', ''],
    ['query', query],
    ['region', ''],
    ['PreventChromeAutocomplete', ''],
  ]).toString();
}

function readSearchToken(res: HttpResult): { kind: 'ok'; t: string } | { kind: 'refused'; reason: string } {
  if (res.kind === 'failed') return { kind: 'refused', reason: `search: ${res.reason}` };
  if (res.status === 405) return { kind: 'refused', reason: 'the registry refused the search (HTTP 405)' };
  if (res.status !== 200) return { kind: 'refused', reason: `search: HTTP ${res.status}` };
  const body = parseJson(res.text);
  if (!isObject(body)) return { kind: 'refused', reason: 'search: the answer is not JSON' };
  const refusal = siteRefusal(body);
  if (refusal) return { kind: 'refused', reason: refusal };
  if (typeof body.t !== 'string' || body.t === '') return { kind: 'refused', reason: 'search: no search token in the answer' };
  return { kind: 'ok', t: body.t };
}
