import { logger } from '../runtime/logger';
import { scheduler } from '../adapters/scheduler';
import { NotFound } from '../runtime/errors';
import { applyLevelEnd, type LevelEndOutcome as Applied } from '../app/clock';
import type { LevelEndPayload } from '../app/jobs/payloads';
import { levelEndJobName } from '../app/jobs/schedules';
import type { JobDeps } from './context';

export type LevelEndOutcome = Applied | 'gone';

/**
 * R-CLK-5: a scheduled level end (see applyLevelEnd). Early (not_due), it waits in-process when the
 * end is near, else schedules itself again for the end; a tournament deleted meanwhile is `gone`.
 */
export async function runLevelEnd(p: LevelEndPayload, deps: JobDeps): Promise<LevelEndOutcome> {
  for (let attempt = 0; ; attempt++) {
    const now = deps.now();
    let applied: Awaited<ReturnType<typeof applyLevelEnd>>;
    try {
      applied = await applyLevelEnd(p, now);
    } catch (e) {
      if (e instanceof NotFound) return 'gone';
      throw e;
    }
    const { outcome, dueAt } = applied.value;
    if (outcome === 'advanced') logger.info('level end applied', { tournamentId: p.tournamentId, events: applied.events.length });
    if (outcome !== 'not_due') return outcome;
    if (attempt === 0 && dueAt - now <= deps.maxEarlyWaitMs) {
      await deps.sleep(Math.max(0, dueAt - now) + 10);
      continue;
    }
    await scheduler().schedule({ name: levelEndJobName(p.tournamentId, p), at: dueAt, payload: p });
    return outcome;
  }
}
