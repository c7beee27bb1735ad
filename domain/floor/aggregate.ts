import type { Tournament } from '../tournaments';
import type { SeatingState } from '../seating';
import type { KnockoutsState, MysteryCommitment, ResultRow } from '../results';
import type { BlindStructure, ForcedBetsLedger, TimerState } from '../clock';
import type { ContentModeration } from '../moderation/content';
import type { Announcement } from './announcement';
import type { ChipCount } from './chip-counts';
import type { SeatDrawRecord } from './seat-draw';
import type { ShootoutState } from './shootout';
import type { HandForHandState } from './hand-for-hand';
import type { Day2Record, FlightRecord } from './flights';

import type { FieldViews } from './field-views';
import type { CountingLeague } from '../season/league';

/**
 * The whole tournament as the floor runs it: the core aggregate (settings, registrations, entries,
 * fees) plus the slices the clock, seating and knockouts add once they are in use.
 */
export type FloorTournament = Tournament & {
  /** The running clock and the structure it was started with (a copy: later edits of the club's grid do not move it). */
  clock?: {
    timer: TimerState;
    structure: BlindStructure;
    /** R-NOSHOW-2 / R-LATE-1: the forced-bet count as of the last stored timer (absent on older clocks: from the start). */
    forcedBets?: ForcedBetsLedger;
  };
  seating?: SeatingState;
  knockouts?: KnockoutsState;
  /** R-MYS-2 Beyond: the mystery prize table's commitment; its seed stays secret until the end. */
  mysteryCommitment?: MysteryCommitment;
  /** Fixed when the tournament finishes (R-PLC-1..3). */
  results?: { rows: ResultRow[]; computedAt: number };
  /**
   * R-LEAGUE-4: the club's leagues that counted the tournament when it finished, as the finish read them
   * (the stream's projection of the finish needs no read of the leagues). R-RATE-1: whether the club was
   * opted into the rating then.
   */
  countingLeagues?: CountingLeague[];
  ratingOptIn?: boolean;
  /** R-MOD-1: what the operator has hidden from public view, with the reasons. */
  contentModeration?: ContentModeration;
  /** The line the floor puts on the clock screen (announcement.ts). */
  announcement?: Announcement;
  /** R-CHIP-1: each entry's last recorded stack, by entry id (chip-counts.ts). */
  chipCounts?: Record<string, ChipCount>;
  /** R-DRAW-1: the seat draw's commitment, its seed and the seats drawn from it later (seat-draw.ts). */
  seatDraw?: SeatDrawRecord;
  /** R-SHOOT-2: a shootout's rounds after the first, as drawn (shootout.ts). */
  shootout?: ShootoutState;
  /** R-HFH-1: hand-for-hand at the bubble, on or as it ended (hand-for-hand.ts). */
  handForHand?: HandForHandState;
  /** R-FLIGHT-1: a flight's day 2 and bagged stacks; a day 2's flights and field (flights.ts). */
  flight?: FlightRecord;
  day2?: Day2Record;

  /** Derived (field-views.ts): the field's counts and chip figures, kept up to date event by event. */
  views?: FieldViews;
};
