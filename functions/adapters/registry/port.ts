import type { RegistryAnswer, RegistrySource } from '../../../domain/verification';

export type { RegistryAnswer, RegistrySource };

/** Both numbers the club gave; a source searches by whichever it supports (both searched here by INN). */
export interface RegistryQuery {
  inn: string;
  ogrn: string;
}

/**
 * The state registry as the verification worker sees it. `lookup` never throws for the source's
 * failures: captcha, quota, timeouts and errors come back as `unavailable`, never as `not_found`.
 */
export interface RegistryPort {
  readonly source: RegistrySource;
  lookup(query: RegistryQuery): Promise<RegistryAnswer>;
}
