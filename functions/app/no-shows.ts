import { processNoShows as decideNoShows } from '../../domain/tournaments';
import type { TournamentEvent } from '../../domain/tournaments';
import { seatNewEntries } from '../../domain/floor/seat-new-entries';
import { forcedBetsPostedAt } from '../../domain/floor/dead-stacks';
import type { SeatingEvent } from '../../domain/seating';
import type { Context } from '../../domain/core/context';
import type { StoredTournament } from '../store/tournament-store';
import { executeTournamentCommand, type CommandResult, type TournamentCommand } from './tournament-command';
import { jobContext } from './jobs/context';
import type { NoShowsPayload } from './jobs/payloads';

export type NoShowEvent = TournamentEvent | SeatingEvent;

/**
 * R-NOSHOW-1/-2 on a stored tournament: the domain's processing, then the dead stacks of absent_mode
 * seated (R-SEAT-5) when the tables are drawn already; before the draw, the draw seats them.
 * Returns the very same state when there was nothing to do (a second run).
 */
export function applyNoShows(state: StoredTournament, ctx: Context): { state: StoredTournament; events: NoShowEvent[] } {
  // A dead stack seated now posts from now on (R-NOSHOW-2).
  const r = decideNoShows(state, ctx, { forcedBetsPosted: forcedBetsPostedAt(state, ctx.now) });
  if (r.state === state) return { state, events: [] };
  const seated = seatNewEntries({ ...state, ...r.state }, r.events, ctx);
  return { state: { ...state, ...seated.state }, events: seated.events };
}

/** What a run did: the registrations it cancelled (R-NOSHOW-1) and those it marked absent (R-NOSHOW-2). */
export interface NoShowsDone {
  cancelledRegistrationIds: string[];
  absentRegistrationIds: string[];
}

function doneBy(events: readonly NoShowEvent[]): NoShowsDone {
  const done: NoShowsDone = { cancelledRegistrationIds: [], absentRegistrationIds: [] };
  for (const e of events) {
    if (e.type === 'registration.cancelled') done.cancelledRegistrationIds.push(e.registrationId);
    if (e.type === 'registration.absent') done.absentRegistrationIds.push(e.registrationId);
  }
  return done;
}

/** The floor applies the policy now (after late registration); idempotent: a second call does nothing. */
export function processNoShows(command: TournamentCommand): Promise<CommandResult<NoShowEvent, NoShowsDone>> {
  return executeTournamentCommand(command, (state, ctx) => {
    const r = applyNoShows(state, ctx);
    return { ...r, value: doneBy(r.events) };
  });
}

export type ScheduledNoShowsOutcome = 'processed' | 'nothing_to_do' | 'not_running' | 'not_due';

/**
 * The scheduled run at the end of late registration. Not running (yet): nothing; early: nothing, and
 * `dueAt` says when late registration ends.
 */
export function noShowsAtLateRegEnd(
  job: NoShowsPayload,
  now: number,
): Promise<CommandResult<NoShowEvent, { outcome: ScheduledNoShowsOutcome; dueAt: number }>> {
  const command: TournamentCommand = { clubId: job.clubId, tournamentId: job.tournamentId, ctx: jobContext(now) };
  return executeTournamentCommand<NoShowEvent, { outcome: ScheduledNoShowsOutcome; dueAt: number }>(command, (state, ctx) => {
    if (state.status !== 'running') return { state, events: [], value: { outcome: 'not_running', dueAt: now } };
    if (now < state.settings.lateRegEndsAt)
      return { state, events: [], value: { outcome: 'not_due', dueAt: state.settings.lateRegEndsAt } };
    const r = applyNoShows(state, ctx);
    return { ...r, value: { outcome: r.state === state ? 'nothing_to_do' : 'processed', dueAt: now } };
  });
}
