import { processNoShows } from '../../domain/tournaments';
import type { TournamentEvent } from '../../domain/tournaments';
import { seatNewEntries } from '../../domain/floor/seat-new-entries';
import { forcedBetsPostedAt } from '../../domain/floor/dead-stacks';
import type { SeatingEvent } from '../../domain/seating';
import type { Context } from '../../domain/core/context';
import { isDomainError } from '../../domain/core/errors';
import { NotFound } from '../app/errors';
import { scheduler } from '../adapters/scheduler';
import { mutateTournament } from '../store/tournament-store';
import type { StoredTournament } from '../store/tournament-store';
import { publishTournamentEvents } from '../http/tournament-events';
import { jobContext } from './context';
import type { JobDeps } from './context';
import type { NoShowsPayload } from './payloads';
import { noShowJobOf } from './schedules';

export type NoShowEvent = TournamentEvent | SeatingEvent;

/**
 * R-NOSHOW-1/-2 on a stored tournament: the domain's processing, then the dead stacks of absent_mode
 * seated (R-SEAT-5) when the tables are drawn already; before the draw, the draw seats them.
 * Returns the very same state when there was nothing to do (a second run).
 */
export function applyNoShows(state: StoredTournament, ctx: Context): { state: StoredTournament; events: NoShowEvent[] } {
  // A dead stack seated now posts from now on (R-NOSHOW-2).
  const r = processNoShows(state, ctx, { forcedBetsPosted: forcedBetsPostedAt(state, ctx.now) });
  if (r.state === state) return { state, events: [] };
  const seated = seatNewEntries({ ...state, ...r.state }, r.events, ctx);
  return { state: { ...state, ...seated.state }, events: seated.events };
}

export type NoShowsOutcome = 'processed' | 'nothing_to_do' | 'not_running' | 'not_due' | 'gone';

/**
 * The scheduled run at the end of late registration. Idempotent: a second delivery finds nothing to
 * do and writes nothing. Not running yet: dropped (starting the tournament schedules it again); early:
 * waits in-process when the end is near, else schedules itself again.
 */
export async function runNoShows(p: NoShowsPayload, deps: JobDeps): Promise<NoShowsOutcome> {
  for (let attempt = 0; ; attempt++) {
    const now = deps.now();
    let outcome = 'nothing_to_do' as NoShowsOutcome;
    let dueAt = now;
    let result: { state: StoredTournament; events: NoShowEvent[] };
    try {
      result = await mutateTournament<NoShowEvent>(p.clubId, p.tournamentId, (state) => {
        if (state.status !== 'running') {
          outcome = 'not_running';
          return { state, events: [] };
        }
        if (now < state.settings.lateRegEndsAt) {
          outcome = 'not_due';
          dueAt = state.settings.lateRegEndsAt;
          return { state, events: [] };
        }
        const r = applyNoShows(state, jobContext(now));
        outcome = r.state === state ? 'nothing_to_do' : 'processed';
        return r;
      });
    } catch (e) {
      if (e instanceof NotFound) return 'gone';
      if (isDomainError(e)) return 'not_running';
      throw e;
    }
    if (outcome === 'processed') await publishTournamentEvents(result.state, result.events);
    if (outcome !== 'not_due') return outcome;
    if (attempt === 0 && dueAt - now <= deps.maxEarlyWaitMs) {
      await deps.sleep(Math.max(0, dueAt - now) + 10);
      continue;
    }
    const job = noShowJobOf(result.state);
    if (job) await scheduler().schedule(job);
    return outcome;
  }
}
