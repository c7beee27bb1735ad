import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RegistryAnswer } from '../../../domain/verification';
import { CachedRegistry, EgrulRegistry, InMemoryCacheStore } from '../../../functions/adapters/registry';
import type { CacheStore, RegistryPort, RegistryQuery } from '../../../functions/adapters/registry';
import { defaultEgrulScenario, startFakeEgrul } from '../../support/fake-egrul';
import type { FakeEgrul } from '../../support/fake-egrul';
import { fakeTime } from './harness';

const SBER = { inn: '7707083893', ogrn: '1027700132195' };
const UNKNOWN = { inn: '5001000034', ogrn: '1105000000038' };
const HOUR = 3600_000;

let fake: FakeEgrul;
let time: ReturnType<typeof fakeTime>;
let store: InMemoryCacheStore;
let cached: CachedRegistry;

beforeEach(async () => {
  fake = await startFakeEgrul(defaultEgrulScenario());
  time = fakeTime();
  store = new InMemoryCacheStore();
  const egrul = new EgrulRegistry({ baseUrl: fake.url, now: time.now, sleep: time.sleep, requestTimeoutMs: 150, sessionCookie: false });
  cached = new CachedRegistry(egrul, store, { now: time.now });
});
afterEach(async () => {
  await fake.close();
});

describe('CachedRegistry over the egrul fake', () => {
  it('serves a found answer from the cache for 6 hours, keeping when the registry was read', async () => {
    const first = await cached.lookup(SBER);
    expect(first.kind).toBe('found');
    const readAt = time.state.t;
    time.state.t += 6 * HOUR - 1;
    expect(await cached.lookup(SBER)).toEqual(first);
    expect(fake.searches()).toHaveLength(1);
    expect(first.kind === 'found' && first.retrievedAt).toBe(readAt);

    time.state.t += 1;
    await cached.lookup(SBER);
    expect(fake.searches()).toHaveLength(2);
  });

  it('keeps "not found" for 10 minutes only', async () => {
    expect((await cached.lookup(UNKNOWN)).kind).toBe('not_found');
    time.state.t += 10 * 60_000 - 1;
    await cached.lookup(UNKNOWN);
    expect(fake.searches()).toHaveLength(1);
    time.state.t += 1;
    await cached.lookup(UNKNOWN);
    expect(fake.searches()).toHaveLength(2);
    expect(store.entries.get(CachedRegistry.key('egrul', UNKNOWN.inn))?.expiresAt).toBe(time.state.t + 10 * 60_000);
  });

  it('never keeps "unavailable": the next lookup asks the source again', async () => {
    fake.scenario.searchRefusal = 'captcha';
    expect((await cached.lookup(SBER)).kind).toBe('unavailable');
    expect(store.entries.size).toBe(0);
    fake.scenario.searchRefusal = undefined;
    expect((await cached.lookup(SBER)).kind).toBe('found');
    expect(fake.searches()).toHaveLength(2);
  });
});

describe('CachedRegistry with a failing store', () => {
  const answer: RegistryAnswer = { kind: 'not_found', source: 'dadata', retrievedAt: 1 };
  class CountingPort implements RegistryPort {
    readonly source = 'dadata' as const;
    calls = 0;
    async lookup(_q: RegistryQuery): Promise<RegistryAnswer> {
      this.calls += 1;
      return answer;
    }
  }
  const broken: CacheStore = {
    get: async () => Promise.reject(new Error('store down')),
    put: async () => Promise.reject(new Error('store down')),
  };

  it('falls through to the source and reports the errors', async () => {
    const inner = new CountingPort();
    const errors: string[] = [];
    const c = new CachedRegistry(inner, broken, { onError: (_e, op) => errors.push(op) });
    expect(await c.lookup(SBER)).toEqual(answer);
    expect(inner.calls).toBe(1);
    expect(errors).toEqual(['get', 'put']);
    expect(c.source).toBe('dadata');
  });

  it("keys by source and INN, so switching the source does not serve the other source's answer", async () => {
    const shared = new InMemoryCacheStore();
    const inner = new CountingPort();
    await new CachedRegistry(inner, shared).lookup(SBER);
    expect([...shared.entries.keys()]).toEqual([`registry#dadata#${SBER.inn}`]);
  });
});
