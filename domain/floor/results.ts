import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { changeStatus } from '../tournaments';
import { emptyKnockoutsState, finalPlaces, results, standingsSummary, type ResultRow, type Standings } from '../results';
import { prizeRowsForField } from '../tournaments/guaranteed-prizes';
import type { FloorTournament } from './aggregate';
import { bountySettings, entryRefs, type FloorResult } from './knockouts';

/** R-ITM-1, R-ITM-2: players left, places paid, the bubble. */
export function floorStandings(state: FloorTournament): Standings {
  return standingsSummary(entryRefs(state), { percent: state.settings.itmPercent, minimum: state.settings.itmMinimum });
}

/** R-PLC-1..3 with what the bounty earned (R-BTY-2) and each place's prize (R-PRZ-1); refused while more than one entry is in play. */
export function floorResults(state: FloorTournament): ResultRow[] {
  const entries = entryRefs(state);
  // A preset is cut to the field: the entries that count (every one but the void ones), as for ITM; unless guaranteed (R-GTD-1).
  const rows = prizeRowsForField(state.settings, entries.filter((e) => e.status !== 'void').length);
  return results(state.knockouts ?? emptyKnockoutsState(), entries, rows, bountySettings(state));
}

/**
 * Finishing computes the final places and keeps them with the tournament, so the result that players
 * and the club read later is the one fixed at the end. A tournament still with two entries in play
 * cannot finish: the floor records the last eliminations first (R-PLC-1).
 */
export function finishOnFloor(state: FloorTournament, ctx: Context): FloorResult {
  if (state.status !== 'running') {
    throw conflict('INVALID_STATUS_TRANSITION', `Only a running tournament finishes (status ${state.status})`);
  }
  finalPlaces(state.knockouts ?? emptyKnockoutsState(), entryRefs(state));
  const rows = floorResults(state);
  const done = changeStatus(state, { to: 'finished' }, ctx);
  return { state: { ...done.state, results: { rows, computedAt: ctx.now } }, events: done.events };
}
