import type { StoredTournament } from '../store/tournament-store';

/**
 * What happens after a tournament command commits: schedules, notifications. Modules register
 * listeners here (the clock's scheduler, the players' feed) so the routes stay unaware of them.
 */
export type TournamentListener = (state: StoredTournament, events: readonly { type: string }[]) => Promise<void>;

const listeners: TournamentListener[] = [];

export function onTournamentEvents(listener: TournamentListener): void {
  listeners.push(listener);
}

export async function publishTournamentEvents(state: StoredTournament, events: readonly { type: string }[]): Promise<void> {
  if (events.length === 0) return;
  for (const l of listeners) await l(state, events);
}
