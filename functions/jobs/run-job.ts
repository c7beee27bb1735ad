import { logger } from '../runtime/logger';
import { defaultJobDeps } from './context';
import type { JobDeps } from './context';
import { runLevelEnd } from './level-end';
import { runNoShows } from './no-shows';
import { runStartingSoon } from '../app/jobs/starting-soon';
import { JobPayload } from '../app/jobs/payloads';
import { runErasureJob } from '../app/erasure';

export type JobOutcome =
  | Awaited<ReturnType<typeof runLevelEnd>>
  | Awaited<ReturnType<typeof runNoShows>>
  | Awaited<ReturnType<typeof runStartingSoon>>
  | Awaited<ReturnType<typeof runErasureJob>>
  | 'invalid';

/**
 * One scheduled job, whichever runtime fired it (the jobs Lambda or the local poller). A payload that
 * is not a job is logged and dropped: retrying it could never succeed. Other errors are thrown so that
 * the scheduler's retry policy applies.
 */
export async function runJob(payload: unknown, deps: JobDeps = defaultJobDeps()): Promise<JobOutcome> {
  const parsed = JobPayload.safeParse(payload);
  if (!parsed.success) {
    logger.error('not a job payload', { payload: JSON.stringify(payload).slice(0, 500) });
    return 'invalid';
  }
  const job = parsed.data;
  if (job.kind === 'erasure') return runErasureJob(job, deps.now());
  logger.appendKeys({ job: job.kind, tournamentId: job.tournamentId });
  try {
    const outcome =
      job.kind === 'level-end'
        ? await runLevelEnd(job, deps)
        : job.kind === 'starting-soon'
          ? await runStartingSoon(job, deps.now())
          : await runNoShows(job, deps);
    logger.info('job done', { outcome });
    return outcome;
  } finally {
    logger.removeKeys(['job', 'tournamentId']);
  }
}
