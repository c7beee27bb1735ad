import { mapDadataSuggestion, selectDadataRecord } from '../../../domain/verification';
import type { RegistryAnswer, RegistryRecord } from '../../../domain/verification';
import type { Clock, FetchFn, HttpCall, RetryPolicy, Sleep } from './http';
import { DEFAULT_RETRY, RateLimiter, isObject, parseJson, realSleep, send, trimSlash } from './http';
import type { RegistryPort, RegistryQuery } from './port';

export interface DadataOptions {
  /** The API key, read when needed (from a secret store by the wiring); never a literal in code. */
  apiKey: () => Promise<string>;
  baseUrl?: string;
  fetch?: FetchFn;
  sleep?: Sleep;
  now?: Clock;
  requestTimeoutMs?: number;
  retry?: RetryPolicy;
  /** DaData serves many requests a second; 0 turns the throttle off. */
  minIntervalMs?: number;
  limiter?: RateLimiter;
}

const PATH = '/suggestions/api/4_1/rs/findById/party';

const unavailable = (reason: string): RegistryAnswer => ({ kind: 'unavailable', source: 'dadata', reason });

/** DaData's findById/party: the registry's data through a commercial API with a key and a daily quota. */
export class DadataRegistry implements RegistryPort {
  readonly source = 'dadata' as const;
  private readonly baseUrl: string;
  private readonly apiKey: () => Promise<string>;
  private readonly now: Clock;
  private readonly http: HttpCall;
  private readonly limiter: RateLimiter;

  constructor(options: DadataOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = trimSlash(options.baseUrl ?? 'https://suggestions.dadata.ru');
    this.now = options.now ?? Date.now;
    const sleep = options.sleep ?? realSleep;
    this.http = {
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      sleep,
      timeoutMs: options.requestTimeoutMs ?? 10_000,
      retry: options.retry ?? DEFAULT_RETRY,
    };
    this.limiter = options.limiter ?? new RateLimiter(options.minIntervalMs ?? 0, this.now, sleep);
  }

  async lookup(query: RegistryQuery): Promise<RegistryAnswer> {
    let key: string;
    try {
      key = await this.apiKey();
    } catch {
      // The provider's error may quote the secret's name or worse: say only that it failed.
      return unavailable('the DaData API key could not be read');
    }
    if (!key) return unavailable('the DaData API key is empty');

    await this.limiter.acquire();
    const res = await send(this.http, `${this.baseUrl}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Token ${key}` },
      body: JSON.stringify({ query: query.inn, branch_type: 'MAIN' }),
    });
    if (res.kind === 'failed') return unavailable(res.reason);
    if (res.status === 401) return unavailable('DaData refused the API key (HTTP 401)');
    if (res.status === 403) return unavailable('DaData quota exhausted or access denied (HTTP 403)');
    if (res.status !== 200) return unavailable(`DaData: HTTP ${res.status}`);

    const body = parseJson(res.text);
    if (!isObject(body) || !Array.isArray(body.suggestions)) return unavailable('DaData: unexpected answer');
    const retrievedAt = this.now();
    if (body.suggestions.length === 0) return { kind: 'not_found', source: 'dadata', retrievedAt };

    const records = body.suggestions.map(mapDadataSuggestion);
    const readable = records.filter((r): r is RegistryRecord => r !== undefined);
    if (readable.length < records.length) return unavailable('DaData: a suggestion could not be read (unknown type or status)');
    const record = selectDadataRecord(readable, query.inn);
    if (!record) return { kind: 'not_found', source: 'dadata', retrievedAt };
    return { kind: 'found', source: 'dadata', record, retrievedAt };
  }
}
