import { randomInt } from 'node:crypto';
import type { Context } from '../../../domain/core/context';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { LegalForm, VerificationStatus } from '../../../domain/clubs/club';
import { applyAutomaticDecision, decideVerification, type AutomaticOutcome } from '../../../domain/verification';
import { registryForEnv, type RegistryPort } from '../../adapters/registry';
import type { VerifyClubJob } from '../../adapters/verification-queue/port';
import { logger } from '../../runtime/logger';
import { newId } from '../../runtime/ids';
import { DynamoCacheStore } from '../../adapters/registry/dynamo-cache';
import { entities } from '../../store/entities';
import { AUTOMATIC_ACTOR, VerificationChanged, loadVerification, logEntriesOf, saveVerification } from '../../store/verification-store';

/**
 * The automatic verification check (R-CLUB-3): reads the club, asks the state registry, applies the
 * domain's decision to the request it was started for. Delivery is at least once and may come late:
 * a check whose request is no longer pending (decided, re-requested, legal details edited) does nothing.
 */

export type VerifyOutcome = { outcome: 'decided'; status: AutomaticOutcome; reasons: string[] } | { outcome: 'dropped'; reason: string };

export interface VerifyDeps {
  registry: RegistryPort;
  now: () => number;
}

const ENV_KEYS = [
  'STAGE',
  'REGISTRY_PROVIDER',
  'REGISTRY_BASE_URL',
  'REGISTRY_REQUEST_TIMEOUT_MS',
  'REGISTRY_MIN_INTERVAL_MS',
  'DADATA_KEY_PARAMETER',
];
let built: { signature: string; registry: RegistryPort } | undefined;

/**
 * One registry per container (its throttle and key cache live in it), rebuilt only when the
 * environment that selects it changes (the local server and tests set it before use).
 */
export function workerRegistry(env: Record<string, string | undefined> = process.env): RegistryPort {
  const signature = ENV_KEYS.map((k) => env[k] ?? '').join('|');
  if (built?.signature !== signature) built = { signature, registry: registryForEnv(env, { cacheStore: new DynamoCacheStore() }) };
  return built.registry;
}

const defaultDeps = (): VerifyDeps => ({ registry: workerRegistry(), now: Date.now });

function workerContext(now: number): Context {
  return {
    now,
    actor: { id: AUTOMATIC_ACTOR, role: 'operator' },
    rng: seededRandom(randomInt(0, 2 ** 32)),
    newId: (prefix) => newId(prefix, now),
  };
}

export const dropped = (reason: string): VerifyOutcome => ({ outcome: 'dropped', reason });

export async function runVerification(job: VerifyClubJob, deps: VerifyDeps = defaultDeps()): Promise<VerifyOutcome> {
  const { clubId, attempt } = job;
  const { data: club } = await entities().club.get({ clubId }).go();
  if (!club) return dropped('no such club');
  const before = await loadVerification(clubId, club.verificationStatus as VerificationStatus);
  if (before.state.status !== 'pending' || before.state.attempt !== attempt) {
    return dropped(`request ${attempt} is no longer pending`);
  }

  const answer = await deps.registry.lookup({ inn: club.inn, ogrn: club.ogrn });
  const now = deps.now();
  const decision = decideVerification(
    { legalForm: club.legalForm as LegalForm, inn: club.inn, ogrn: club.ogrn, name: club.name },
    answer,
    now,
  );
  const ctx = workerContext(now);
  let result;
  try {
    result = applyAutomaticDecision(before.state, { attempt, decision }, ctx);
  } catch (e) {
    if (isDomainError(e) && e.kind === 'conflict') return dropped(e.message);
    throw e;
  }
  try {
    await saveVerification({
      before,
      state: result.state,
      log: logEntriesOf(result.events, result.state),
      at: new Date(now).toISOString(),
      newId: ctx.newId,
    });
  } catch (e) {
    // A moderator decided or the owner edited the legal details while the registry answered.
    if (e instanceof VerificationChanged) return dropped(e.message);
    throw e;
  }
  logger.info('club verification decided', { clubId, attempt, status: decision.status, source: answer.source });
  return { outcome: 'decided', status: decision.status, reasons: decision.reasons };
}
