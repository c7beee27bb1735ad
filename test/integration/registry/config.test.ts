import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CachedRegistry,
  DadataRegistry,
  EgrulRegistry,
  InMemoryCacheStore,
  registryFromConfig,
} from '../../../functions/adapters/registry';
import { defaultEgrulScenario, startFakeEgrul } from '../../support/fake-egrul';
import type { FakeEgrul } from '../../support/fake-egrul';
import { defaultDadataScenario, startFakeDadata } from '../../support/fake-dadata';
import type { FakeDadata } from '../../support/fake-dadata';

let egrul: FakeEgrul;
let dadata: FakeDadata;

beforeEach(async () => {
  egrul = await startFakeEgrul(defaultEgrulScenario());
  dadata = await startFakeDadata('k-1', defaultDadataScenario());
});
afterEach(async () => {
  await egrul.close();
  await dadata.close();
});

const SBER = { inn: '7707083893', ogrn: '1027700132195' };

describe('registryFromConfig', () => {
  it('defaults to EGRUL and follows REGISTRY_BASE_URL', async () => {
    const port = registryFromConfig({ REGISTRY_BASE_URL: egrul.url });
    expect(port).toBeInstanceOf(EgrulRegistry);
    expect((await port.lookup(SBER)).kind).toBe('found');
    expect(egrul.searches()).toHaveLength(1);
  });

  it('selects DaData with its key provider', async () => {
    const port = registryFromConfig({ REGISTRY_PROVIDER: 'dadata', REGISTRY_BASE_URL: dadata.url }, { dadataApiKey: async () => 'k-1' });
    expect(port).toBeInstanceOf(DadataRegistry);
    expect(await port.lookup(SBER)).toMatchObject({ kind: 'found', source: 'dadata' });
  });

  it('wraps the source in the cache when given a store', () => {
    const port = registryFromConfig({ REGISTRY_PROVIDER: 'egrul' }, { cacheStore: new InMemoryCacheStore() });
    expect(port).toBeInstanceOf(CachedRegistry);
    expect(port.source).toBe('egrul');
  });

  it('refuses a configuration it cannot serve', () => {
    expect(() => registryFromConfig({ REGISTRY_PROVIDER: 'dadata' })).toThrow(/API key provider/);
    expect(() => registryFromConfig({ REGISTRY_PROVIDER: 'spark' })).toThrow(/egrul" or "dadata/);
    expect(() => registryFromConfig({ REGISTRY_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/positive number/);
  });
});
