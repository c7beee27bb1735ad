import { isDomainError } from '../../domain/core/errors';
import { scheduler } from '../adapters/scheduler';
import { NotFound } from '../runtime/errors';
import { noShowsAtLateRegEnd, type ScheduledNoShowsOutcome } from '../app/no-shows';
import type { NoShowsPayload } from '../app/jobs/payloads';
import { noShowJobOf } from '../app/jobs/schedules';
import type { JobDeps } from './context';

export type NoShowsOutcome = ScheduledNoShowsOutcome | 'gone';

/**
 * The scheduled run at the end of late registration. Idempotent: a second delivery finds nothing to
 * do and writes nothing. Not running yet: dropped (starting the tournament schedules it again); early:
 * waits in-process when the end is near, else schedules itself again.
 */
export async function runNoShows(p: NoShowsPayload, deps: JobDeps): Promise<NoShowsOutcome> {
  for (let attempt = 0; ; attempt++) {
    const now = deps.now();
    let run: Awaited<ReturnType<typeof noShowsAtLateRegEnd>>;
    try {
      run = await noShowsAtLateRegEnd(p, now);
    } catch (e) {
      if (e instanceof NotFound) return 'gone';
      if (isDomainError(e)) return 'not_running';
      throw e;
    }
    const { outcome, dueAt } = run.value;
    if (outcome !== 'not_due') return outcome;
    if (attempt === 0 && dueAt - now <= deps.maxEarlyWaitMs) {
      await deps.sleep(Math.max(0, dueAt - now) + 10);
      continue;
    }
    const job = noShowJobOf(run.state);
    if (job) await scheduler().schedule(job);
    return outcome;
  }
}
