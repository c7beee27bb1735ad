import type { Blinds } from './structure';

export type ClockEventType =
  | 'clock.started'
  | 'clock.paused'
  | 'clock.resumed'
  /** The last level ran out; the clock stays at its end. */
  | 'clock.finished'
  /** A level was entered, by the schedule or by a manual move. Breaks are levels too. */
  | 'level.started'
  | 'level.restarted'
  | 'level.overridden'
  /** Time added to (or taken from) the current level by staff. */
  | 'level.time_adjusted'
  /** R-CLK-4 */
  | 'break.started'
  /** R-CLK-4 */
  | 'break.ended';

/**
 * A plain, serialisable record of what the clock did. `at` is the UTC millisecond it happened:
 * for automatic advances the exact level end, not the moment the advance was computed.
 */
export interface ClockEvent {
  type: ClockEventType;
  levelIndex: number;
  at: number;
  /** `schedule` for advances computed from time, `command` for what staff did. */
  cause: 'schedule' | 'command';
  /** break.started / break.ended: 1-based number of the break (what R-ADDON-2 "break N" means). */
  breakNumber?: number;
  /** level.overridden: the blinds now in force. */
  blinds?: Blinds;
  /** Staff commands: who gave it (the audit of clock changes during play). */
  by?: string;
  /** level.time_adjusted: seconds added (negative: taken away). */
  seconds?: number;
}
