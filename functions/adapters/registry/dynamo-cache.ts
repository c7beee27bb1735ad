import type { CacheEntry, CacheStore, CacheableAnswer } from './cache';
import { entities } from '../../store/entities';

/**
 * The registry answers' cache in the single table. The port speaks epoch milliseconds; the item
 * keeps epoch seconds in `expiresAt`, the table's TTL attribute. TTL deletes up to days late, so
 * an expired item is treated as absent here.
 */
export class DynamoCacheStore implements CacheStore {
  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<CacheEntry | undefined> {
    const { data } = await entities().registryCache.get({ cacheKey: key }).go();
    if (!data) return undefined;
    const expiresAt = data.expiresAt * 1000;
    if (expiresAt <= this.now()) return undefined;
    return { answer: data.answer as CacheableAnswer, expiresAt };
  }

  async put(key: string, answer: CacheableAnswer, expiresAt: number): Promise<void> {
    await entities()
      .registryCache.put({ cacheKey: key, answer, expiresAt: Math.ceil(expiresAt / 1000) })
      .go();
  }
}
