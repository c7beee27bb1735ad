import type { RegistryAnswer } from '../../../domain/verification';
import type { CacheStore } from './cache';
import { registryFromConfig } from './config';
import type { RegistryPort } from './port';
import { ssmSecretReader } from './ssm-secret';

/** No registry configured (a laptop with nothing set): every lookup is unavailable, so requests go to moderators. */
export class UnconfiguredRegistry implements RegistryPort {
  readonly source = 'egrul' as const;

  async lookup(): Promise<RegistryAnswer> {
    return { kind: 'unavailable', source: this.source, reason: 'no registry is configured (REGISTRY_PROVIDER / REGISTRY_BASE_URL)' };
  }
}

export interface WorkerRegistryDeps {
  cacheStore?: CacheStore;
  /** Reads the DaData key; by default from SSM by the name in DADATA_KEY_PARAMETER. */
  dadataApiKey?: () => Promise<string>;
}

/**
 * The verification worker's registry, from the environment:
 * - REGISTRY_PROVIDER=none, or nothing set at all in the local stage: UnconfiguredRegistry;
 * - otherwise `registryFromConfig` (egrul by default, REGISTRY_BASE_URL for a fake), the DaData key
 *   read by name from DADATA_KEY_PARAMETER, answers cached in `cacheStore`.
 * Outside the local stage an unset provider means the real EGRUL site.
 */
export function registryForEnv(env: Record<string, string | undefined>, deps: WorkerRegistryDeps = {}): RegistryPort {
  const provider = env.REGISTRY_PROVIDER?.trim().toLowerCase() ?? '';
  const local = (env.STAGE ?? 'local') === 'local';
  if (provider === 'none' || (provider === '' && !env.REGISTRY_BASE_URL?.trim() && local)) return new UnconfiguredRegistry();
  const parameter = env.DADATA_KEY_PARAMETER?.trim();
  const dadataApiKey = deps.dadataApiKey ?? (parameter ? ssmSecretReader(parameter) : undefined);
  return registryFromConfig(env, {
    ...(dadataApiKey ? { dadataApiKey } : {}),
    ...(deps.cacheStore ? { cacheStore: deps.cacheStore } : {}),
  });
}
