import type { RegistryAnswer } from '../../../domain/verification';
import type { Clock } from './http';
import type { RegistryPort, RegistryQuery } from './port';

export type CacheableAnswer = Extract<RegistryAnswer, { kind: 'found' | 'not_found' }>;

export interface CacheEntry {
  answer: CacheableAnswer;
  /** Epoch milliseconds; a store with its own expiry (DynamoDB TTL, in seconds) may keep entries longer. */
  expiresAt: number;
}

/** Where answers are kept between lookups (DynamoDB in AWS, a Map in tests). */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  put(key: string, value: CacheableAnswer, expiresAt: number): Promise<void>;
}

export class InMemoryCacheStore implements CacheStore {
  readonly entries = new Map<string, CacheEntry>();

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.entries.get(key);
  }

  async put(key: string, answer: CacheableAnswer, expiresAt: number): Promise<void> {
    this.entries.set(key, { answer, expiresAt });
  }
}

export interface CacheOptions {
  /** A found record (active or not) is kept this long: registry changes are rare. */
  positiveTtlSec?: number;
  /** "Not found" is kept briefly: a fresh registration appears in the search within days. */
  negativeTtlSec?: number;
  now?: Clock;
  /** Cache failures never fail a lookup; they are reported here. */
  onError?: (error: unknown, operation: 'get' | 'put') => void;
}

/**
 * Answers from the cache while fresh, from the source otherwise. Keyed by source and INN (the search
 * key of both sources). `unavailable` is never kept: the next lookup must try the source again.
 */
export class CachedRegistry implements RegistryPort {
  readonly source: RegistryPort['source'];
  private readonly positiveMs: number;
  private readonly negativeMs: number;
  private readonly now: Clock;
  private readonly onError: NonNullable<CacheOptions['onError']>;

  constructor(
    private readonly inner: RegistryPort,
    private readonly store: CacheStore,
    options: CacheOptions = {},
  ) {
    this.source = inner.source;
    this.positiveMs = (options.positiveTtlSec ?? 6 * 3600) * 1000;
    this.negativeMs = (options.negativeTtlSec ?? 10 * 60) * 1000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
  }

  static key(source: string, inn: string): string {
    return `registry#${source}#${inn}`;
  }

  async lookup(query: RegistryQuery): Promise<RegistryAnswer> {
    const key = CachedRegistry.key(this.source, query.inn);
    try {
      const hit = await this.store.get(key);
      if (hit && hit.expiresAt > this.now()) return hit.answer;
    } catch (e) {
      this.onError(e, 'get');
    }

    const answer = await this.inner.lookup(query);
    if (answer.kind === 'unavailable') return answer;
    const kept: CacheableAnswer = { ...answer, retrievedAt: answer.retrievedAt ?? this.now() };
    const ttl = kept.kind === 'found' ? this.positiveMs : this.negativeMs;
    try {
      await this.store.put(key, kept, this.now() + ttl);
    } catch (e) {
      this.onError(e, 'put');
    }
    return kept;
  }
}
