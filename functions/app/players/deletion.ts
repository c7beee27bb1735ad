import { keptRecords, requestErasure, type ErasureProgress } from '../erasure';
import { NotFound } from '../../runtime/errors';
import { accountDeleted } from './profile';

/*
 * The owner's request to delete the account (R-PD-1): the erasure is started (or continued) for the time
 * given, and what the law keeps is listed once it is finished.
 */

export type AccountDeletion =
  | { kind: 'in_progress'; progress: ErasureProgress }
  | { kind: 'finished'; progress: ErasureProgress; consentAt: string; kept: Awaited<ReturnType<typeof keptRecords>> };

/** Erases for up to `budgetMs`; NotFound without a profile, Gone once an earlier erasure finished. */
export async function deleteAccount(userId: string, now: number, budgetMs: number): Promise<AccountDeletion> {
  const started = await requestErasure(userId, now, budgetMs);
  if (started.kind === 'no_profile') throw new NotFound('PLAYER_NOT_FOUND', 'No player profile');
  if (started.kind === 'erased') throw accountDeleted();
  const { progress } = started;
  if (!progress.finished) return { kind: 'in_progress', progress };
  return { kind: 'finished', progress, consentAt: started.consentAt, kept: await keptRecords(userId) };
}
