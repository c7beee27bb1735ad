import { jobName, scheduler } from '../../adapters/scheduler';
import type { ScheduledJob } from '../../adapters/scheduler';
import { notifier } from '../../adapters/notifications';
import { registeredPlayers } from '../../adapters/notifications/tournament-notifications';
import { loadTournament, type StoredTournament } from '../../store/tournament-store';
import type { StartingSoonPayload } from './payloads';

/** How long before the start the registered players are told (and their phones pushed). */
export const STARTING_SOON_MS = 30 * 60_000;

export const startingSoonJobName = (tournamentId: string): string => jobName('soon', tournamentId);

/** The reminder this state wants: registration open and the reminder still ahead. */
export function startingSoonJobOf(state: StoredTournament, now: number): ScheduledJob | null {
  const at = state.settings.startAt - STARTING_SOON_MS;
  if (state.status !== 'registration_open' || at <= now) return null;
  const payload: StartingSoonPayload = {
    kind: 'starting-soon',
    clubId: state.clubId,
    tournamentId: state.id,
    startAt: state.settings.startAt,
  };
  return { name: startingSoonJobName(state.id), at, payload };
}

export type StartingSoonOutcome = 'notified' | 'stale' | 'not_open' | 'gone';

/**
 * The reminder: every registered player is told the tournament starts in 30 minutes (the feed, and a
 * push where the player has a phone and has not turned `starting` off). A start moved since the job was
 * made: the job for the new time is made instead. The notification id names the start, so a second
 * delivery is the same notification (and pushes nothing again).
 */
export async function runStartingSoon(p: StartingSoonPayload, now: number): Promise<StartingSoonOutcome> {
  const loaded = await loadTournament(p.clubId, p.tournamentId);
  if (!loaded) return 'gone';
  const state = loaded.state;
  if (state.status !== 'registration_open') return 'not_open';
  if (state.settings.startAt !== p.startAt) {
    const next = startingSoonJobOf(state, now);
    if (next) await scheduler().schedule(next);
    return 'stale';
  }
  await notifier().publish(
    registeredPlayers(state),
    {
      id: `${state.id}.tournament.starting.${p.startAt}`,
      type: 'tournament.starting',
      at: now,
      clubId: state.clubId,
      tournamentId: state.id,
      title: `${state.settings.name}: starts in 30 minutes`,
      data: { startAt: new Date(p.startAt).toISOString() },
    },
    { tournamentWide: true },
  );
  return 'notified';
}
