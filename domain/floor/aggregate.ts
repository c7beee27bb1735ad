import type { Tournament } from '../tournaments';
import type { SeatingState } from '../seating';
import type { KnockoutsState, ResultRow } from '../results';
import type { BlindStructure, TimerState } from '../clock';

/**
 * The whole tournament as the floor runs it: the core aggregate (settings, registrations, entries,
 * fees) plus the slices the clock, seating and knockouts add once they are in use.
 */
export type FloorTournament = Tournament & {
  /** The running clock and the structure it was started with (a copy: later edits of the club's grid do not move it). */
  clock?: { timer: TimerState; structure: BlindStructure };
  seating?: SeatingState;
  knockouts?: KnockoutsState;
  /** Fixed when the tournament finishes (R-PLC-1..3). */
  results?: { rows: ResultRow[]; computedAt: number };
};
