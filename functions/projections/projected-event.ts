import type { LoggedEvent } from '../store/tournament-log';
import type { StoredTournament } from '../store/tournament-store';

/** One committed event as each projection sees it: the tournament before and after it. */
export interface ProjectedEvent {
  clubId: string;
  tournamentId: string;
  version: number;
  before: StoredTournament | undefined;
  after: StoredTournament;
  event: LoggedEvent;
}
