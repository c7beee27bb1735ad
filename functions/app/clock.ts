import { initialTimer, nextTransitionAt, onLevelEnd } from '../../domain/clock';
import type { BlindStructure, ClockEvent, ClockResult, TimerState } from '../../domain/clock';
import { conflict } from '../../domain/core/errors';
import { storeTimer, type DeadStackEvent } from '../../domain/floor/dead-stacks';
import { FALLBACK_PRESET, findPreset, structureForTournament } from '../store/blind-structures';
import type { StoredTournament } from '../store/tournament-store';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../runtime/prefetch';
import { readPrefetch } from '../platform/authorize';
import { clubItemKey } from './clubs';
import { clubBadgeOf, freshClubBadge, type ClubBadge } from './club-badge';
import { executeTournamentCommand, type CommandResult, type TournamentCommand } from './tournament-command';
import { jobContext } from './jobs/context';
import type { LevelEndPayload } from './jobs/payloads';
import { levelEndToCheck, rearmLevelEnd } from './jobs/schedules';

/** R-CLK-1..5: the server's clock. Staff commands and the scheduled level end take the same path. */

export type Clock = { timer: TimerState; structure: BlindStructure };
export type ClockEvents = ClockEvent | DeadStackEvent;

/**
 * The tournament's clock: the structure frozen at announcement (R-LIFE-2), or for a tournament stored
 * before that copy existed, the one its settings name. `structureId` (clock start only) may only name
 * that same structure: after the announcement nothing replaces it.
 */
export async function clockOf(state: StoredTournament, structureId?: string): Promise<Clock> {
  const frozenId = state.clock?.structure.id ?? state.settings.blindStructureId ?? FALLBACK_PRESET.structure.id;
  if (structureId !== undefined && structureId !== frozenId && findPreset(structureId)?.structure.id !== frozenId) {
    throw conflict(
      'SETTINGS_FROZEN',
      `The blind structure is frozen with the settings (${frozenId}); it cannot be replaced after the announcement (R-LIFE-2)`,
    );
  }
  if (state.clock) return state.clock;
  return { timer: initialTimer(), structure: await structureForTournament(state.clubId, state.settings.blindStructureId) };
}

/**
 * The rest of a read of the clock, once the tournament is read: a running clock whose level end was never
 * armed (or an older one was) is armed again, and the club's name and logo are answered (the board shows
 * them, and a screen's ETag names the logo). What neither the route's prefetch nor this container's copies
 * hold (the armed mark, the club) is read in one BatchGetItem, so a read is the tournament's round trip
 * and at most one more.
 */
export async function completeClockRead(state: StoredTournament, opts: { now: number; prefetched?: Prefetched }): Promise<ClubBadge> {
  const given = opts.prefetched ?? NOTHING_PREFETCHED;
  const wanted = [levelEndToCheck(state), freshClubBadge(state.clubId, opts.now) ? undefined : clubItemKey(state.clubId)];
  const missing = wanted.filter((k): k is ItemKey => k !== undefined && prefetchedItem(given, k) === undefined);
  const prefetched = missing.length === 0 ? given : new Map([...given, ...(await readPrefetch(missing))]);
  await rearmLevelEnd(state, prefetched);
  return clubBadgeOf(state.clubId, opts.now, prefetched);
}

export type ClockCommand = (timer: TimerState, structure: BlindStructure, now: number) => ClockResult;

/**
 * One staff command on the clock: the pure domain command under the tournament's version check. The
 * stream consumer replaces the pending level end from the committed event (R-CLK-5, app/jobs/schedules.ts).
 * Audited: the log keeps each command with who gave it.
 */
export async function runClockCommand(
  command: TournamentCommand,
  clockCommand: ClockCommand,
  structureId?: string,
): Promise<CommandResult<ClockEvents, Clock>> {
  return executeTournamentCommand<ClockEvents, Clock>(command, async (state, ctx) => {
    if (state.status !== 'running') {
      throw conflict('TOURNAMENT_NOT_RUNNING', `The clock runs while the tournament runs (status ${state.status})`);
    }
    const clock = await clockOf(state, structureId);
    const r = clockCommand(clock.timer, clock.structure, ctx.now);
    const events = r.events.map((e) => (e.cause === 'command' ? { ...e, by: ctx.actor.id } : e));
    // The forced-bet count is carried and dead stacks that have posted everything go out (R-NOSHOW-2).
    const stored = storeTimer({ ...state, clock, updatedAt: ctx.now }, r.timer, clock.structure, ctx);
    const next = stored.state.clock as Clock;
    return { state: stored.state, events: [...events, ...stored.events], value: next };
  });
}

export type LevelEndOutcome = 'advanced' | 'stale' | 'not_due';

/**
 * R-CLK-5: a scheduled level end, applied with domain `onLevelEnd` under the version check:
 * - advanced: every level end up to now is stored (the stream consumer schedules the next end);
 * - stale (the clock moved on, was paused, or the tournament stopped): nothing changes; the pending
 *   job of the current state is armed again if an earlier scheduling was lost (rearmLevelEnd);
 * - not_due (early delivery): nothing changes; `dueAt` says when the end is.
 * A duplicate delivery finds the level already moved and is stale, so at-least-once delivery is harmless.
 */
export async function applyLevelEnd(
  job: LevelEndPayload,
  now: number,
): Promise<CommandResult<ClockEvents, { outcome: LevelEndOutcome; dueAt: number }>> {
  const command: TournamentCommand = { clubId: job.clubId, tournamentId: job.tournamentId, ctx: jobContext(now) };
  const result = await executeTournamentCommand<ClockEvents, { outcome: LevelEndOutcome; dueAt: number }>(command, (state, ctx) => {
    if (state.status !== 'running' || !state.clock) return { state, events: [], value: { outcome: 'stale', dueAt: now } };
    const r = onLevelEnd(state.clock.timer, state.clock.structure, now, job);
    if (r.outcome !== 'advanced') {
      return { state, events: [], value: { outcome: r.outcome, dueAt: nextTransitionAt(state.clock.timer, state.clock.structure) ?? now } };
    }
    // R-NOSHOW-2: the forced-bet count moves with the clock and empties the dead stacks it reaches.
    const stored = storeTimer({ ...state, clock: state.clock, updatedAt: now }, r.timer, state.clock.structure, ctx);
    return { state: stored.state, events: [...r.events, ...stored.events], value: { outcome: 'advanced', dueAt: now } };
  });
  if (result.value.outcome === 'stale') await rearmLevelEnd(result.state);
  return result;
}
