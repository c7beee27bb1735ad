import { pendingLevelEnd } from '../../../domain/clock';
import type { LevelEndJob } from '../../../domain/clock';
import { jobName, scheduler } from '../../adapters/scheduler';
import type { ScheduledJob } from '../../adapters/scheduler';
import { logger } from '../../platform/logger';
import type { StoredTournament } from '../../store/tournament-store';
import type { LevelEndPayload, NoShowsPayload } from './payloads';
import { syncStartingSoon } from '../../live/push/starting-soon';

/*
 * Which jobs a tournament has pending, derived from its stored state alone. Level-end names carry the
 * timer's (revision, level), so each names exactly one level end (see docs/decisions/clock.md): a
 * schedule written late by a slower writer can only ever be a stale job, never hide the current one.
 */

export const levelEndJobName = (tournamentId: string, job: { revision: number; levelIndex: number }): string =>
  jobName('lvl', tournamentId, `r${job.revision}`, `l${job.levelIndex}`);

export const noShowJobName = (tournamentId: string): string => jobName('noshow', tournamentId);

/** The level-end job this state wants, or null (not started, paused, finished, not running). */
export function levelEndJobOf(state: StoredTournament): ScheduledJob | null {
  if (!state.clock || state.status !== 'running') return null;
  const pending: LevelEndJob | null = pendingLevelEnd(state.clock.timer, state.clock.structure);
  if (!pending) return null;
  const payload: LevelEndPayload = {
    kind: 'level-end',
    clubId: state.clubId,
    tournamentId: state.id,
    revision: pending.revision,
    levelIndex: pending.levelIndex,
  };
  return { name: levelEndJobName(state.id, pending), at: pending.at, payload };
}

/** The no-show job (R-NOSHOW-1): from the opening of registration until the tournament ends. */
export function noShowJobOf(state: StoredTournament): ScheduledJob | null {
  if (state.status !== 'registration_open' && state.status !== 'running') return null;
  const payload: NoShowsPayload = { kind: 'no-shows', clubId: state.clubId, tournamentId: state.id };
  return { name: noShowJobName(state.id), at: state.settings.lateRegEndsAt, payload };
}

/**
 * After a write that may have moved the clock: replace the level end the previous state had pending
 * (its name, or null) by the one the written state has. Scheduling failures are logged, not thrown:
 * the write has happened, the clock reads right from time alone, and the next command repairs it.
 */
export async function syncLevelEnd(state: StoredTournament, previous: string | null): Promise<void> {
  const next = levelEndJobOf(state);
  try {
    if (previous && previous !== next?.name) await scheduler().cancel(previous);
    if (next && next.name !== previous) await scheduler().schedule(next);
  } catch (e) {
    logger.error('level end not scheduled', { tournamentId: state.id, error: (e as Error).message });
  }
}

export const pendingLevelEndName = (state: StoredTournament): string | null => levelEndJobOf(state)?.name ?? null;

/**
 * Schedules (or cancels) what a tournament's status calls for: the no-show run at the end of late
 * registration while registration is open or the tournament runs, nothing once it is finished or
 * cancelled. The tournament routes call it after open-registration, start, finish and cancel (the
 * command path does so on `tournament.status_changed`, app/tournament-events.ts). Idempotent.
 */
export async function scheduleTournamentJobs(state: StoredTournament): Promise<void> {
  const noShow = noShowJobOf(state);
  if (noShow) await scheduler().schedule(noShow);
  else await scheduler().cancel(noShowJobName(state.id));
  // The players' reminder 30 minutes before the start, while registration is open.
  await syncStartingSoon(state);
  if (state.status === 'finished' || state.status === 'cancelled') {
    // The clock stops with the tournament: drop the level end it had pending.
    const stopped = state.clock ? pendingLevelEnd(state.clock.timer, state.clock.structure) : null;
    if (stopped) await scheduler().cancel(levelEndJobName(state.id, stopped));
  }
}
