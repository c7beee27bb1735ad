import type { CacheOptions, CacheStore } from './cache';
import { CachedRegistry } from './cache';
import { DadataRegistry } from './dadata';
import { EgrulRegistry } from './egrul';
import type { FetchFn } from './http';
import type { RegistryPort } from './port';

export interface RegistryDeps {
  /** Required for `dadata`: reads the key from the secret store. */
  dadataApiKey?: () => Promise<string>;
  /** When given, lookups go through CachedRegistry over this store. */
  cacheStore?: CacheStore;
  cacheOptions?: CacheOptions;
  fetch?: FetchFn;
}

/**
 * The registry source the environment names: REGISTRY_PROVIDER=egrul (default) | dadata;
 * REGISTRY_BASE_URL points either at another host (a local fake); REGISTRY_REQUEST_TIMEOUT_MS
 * bounds each HTTP request; REGISTRY_MIN_INTERVAL_MS overrides the source's throttle (egrul 2 s).
 * Build it once per process: its throttle lives in the instance.
 */
export function registryFromConfig(env: Record<string, string | undefined>, deps: RegistryDeps = {}): RegistryPort {
  const provider = (env.REGISTRY_PROVIDER ?? 'egrul').trim().toLowerCase() || 'egrul';
  const baseUrl = env.REGISTRY_BASE_URL?.trim() || undefined;
  const timeout = env.REGISTRY_REQUEST_TIMEOUT_MS ? Number(env.REGISTRY_REQUEST_TIMEOUT_MS) : undefined;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
    throw new Error(`REGISTRY_REQUEST_TIMEOUT_MS must be a positive number, got "${env.REGISTRY_REQUEST_TIMEOUT_MS}"`);
  }
  const minInterval = env.REGISTRY_MIN_INTERVAL_MS ? Number(env.REGISTRY_MIN_INTERVAL_MS) : undefined;
  if (minInterval !== undefined && !(Number.isFinite(minInterval) && minInterval >= 0)) {
    throw new Error(`REGISTRY_MIN_INTERVAL_MS must be a number >= 0, got "${env.REGISTRY_MIN_INTERVAL_MS}"`);
  }
  const common = {
    ...(baseUrl ? { baseUrl } : {}),
    ...(minInterval !== undefined ? { minIntervalMs: minInterval } : {}),
    ...(timeout ? { requestTimeoutMs: timeout } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  };

  let registry: RegistryPort;
  if (provider === 'egrul') {
    registry = new EgrulRegistry(common);
  } else if (provider === 'dadata') {
    if (!deps.dadataApiKey) throw new Error('REGISTRY_PROVIDER=dadata needs an API key provider');
    registry = new DadataRegistry({ ...common, apiKey: deps.dadataApiKey });
  } else {
    throw new Error(`REGISTRY_PROVIDER must be "egrul" or "dadata", got "${env.REGISTRY_PROVIDER}"`);
  }
  return deps.cacheStore ? new CachedRegistry(registry, deps.cacheStore, deps.cacheOptions) : registry;
}
