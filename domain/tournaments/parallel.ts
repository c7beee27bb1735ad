import { ruleError } from '../core/errors';
import { liveRegistrationOf } from './records';
import type { TournamentSettings } from './settings';
import type { RegistrationStatus, Tournament, TournamentStatus } from './types';

/**
 * R-REG-1 "at the same time": two tournaments are parallel when their expected windows
 * [startAt, endAt) overlap. endAt = startAt + expectedDurationMinutes (default 6 hours), but never before
 * the late-registration or re-entry deadline, since the tournament certainly still runs until then.
 */
export const DEFAULT_EXPECTED_DURATION_MINUTES = 360;

export interface TournamentWindow {
  startAt: number;
  endAt: number;
}

export function tournamentWindow(
  settings: Pick<TournamentSettings, 'startAt' | 'lateRegEndsAt' | 'reentryEndsAt' | 'expectedDurationMinutes'>,
): TournamentWindow {
  const minutes = settings.expectedDurationMinutes ?? DEFAULT_EXPECTED_DURATION_MINUTES;
  const endAt = Math.max(settings.startAt + minutes * 60_000, settings.lateRegEndsAt, settings.reentryEndsAt ?? 0);
  return { startAt: settings.startAt, endAt };
}

/** Half-open windows: one ending exactly when the other starts does not overlap it. */
export function windowsOverlap(a: TournamentWindow, b: TournamentWindow): boolean {
  return a.startAt < b.endAt && b.startAt < a.endAt;
}

/** One of the player's registrations in another tournament, as the caller loads it through the player index. */
export interface OtherRegistration {
  tournamentId: string;
  registrationId: string;
  registrationStatus: RegistrationStatus;
  tournamentStatus: TournamentStatus;
  window: TournamentWindow;
  /** The player is out of that tournament (his latest entry busted); see playerEliminated. */
  eliminated?: boolean;
}

/** Whether a registration still ties the player to its tournament. Waitlisted counts: it is a registration. */
export function blocksParallel(o: OtherRegistration): boolean {
  return (
    o.registrationStatus !== 'cancelled' && o.tournamentStatus !== 'finished' && o.tournamentStatus !== 'cancelled' && o.eliminated !== true
  );
}

export function findParallelRegistration(
  candidate: { tournamentId: string; window: TournamentWindow },
  others: readonly OtherRegistration[],
): OtherRegistration | undefined {
  return others.find((o) => o.tournamentId !== candidate.tournamentId && blocksParallel(o) && windowsOverlap(o.window, candidate.window));
}

/** R-REG-1: refuses with PARALLEL_REGISTRATION naming the other tournament. */
export function assertNoParallelRegistration(
  candidate: { tournamentId: string; window: TournamentWindow },
  others: readonly OtherRegistration[],
): void {
  const clash = findParallelRegistration(candidate, others);
  if (clash) {
    throw ruleError(
      'PARALLEL_REGISTRATION',
      `The player is already registered in tournament ${clash.tournamentId}, which runs at the same time`,
      [{ field: 'playerId', message: `registered in parallel tournament ${clash.tournamentId} (R-REG-1)` }],
    );
  }
}

/** For building OtherRegistration from a loaded tournament: the player's latest entry has busted. */
export function playerEliminated(state: Tournament, playerId: string): boolean {
  const r = liveRegistrationOf(state.registrations, playerId);
  if (r?.entryId === undefined) return false;
  const e = state.entries[r.entryId];
  return e !== undefined && e.status !== 'active';
}
