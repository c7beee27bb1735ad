import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { creditsByEntry, creditsOfEntries, emptyKnockoutsState, type ResultRow } from '../results';
import {
  satelliteAwards,
  satellitePlaces,
  satelliteSummary,
  satelliteTickets,
  satelliteSeats,
  type SatellitePlace,
  type SatelliteSummary,
  type SeatAward,
  type TicketChange,
} from '../season';
import { changeStatus } from '../tournaments';
import { satelliteOf, type SatelliteSetting } from '../tournaments/satellite-settings';
import { lateRegistrationOpen } from '../tournaments/windows';
import { MAX_FREE_ENTRY_PLACES } from '../tournaments/settings';
import type { FloorTournament } from './aggregate';
import { entryRefs, type FloorResult } from './knockouts';

/*
 * R-SAT-1..3 on the floor: the satellite's live summary, and its finish. The finish writes the seat
 * tickets in the same transaction as the free-entry prize rows do (R-TICKET-2), so one finish issues at
 * most MAX_FREE_ENTRY_PLACES tickets: a per-entries satellite's seats stop there (docs/decisions.md).
 */

export const satelliteSetting = (state: FloorTournament): SatelliteSetting | undefined =>
  (state.settings as { satellite?: SatelliteSetting }).satellite;

/** R-SAT-1: N for the field as it stands, bounded by what one finish may issue. */
export function floorSatelliteSeats(state: FloorTournament, setting: SatelliteSetting): number {
  const counted = entryRefs(state).filter((e) => e.status !== 'void').length;
  return Math.min(satelliteSeats(satelliteOf(setting).seats, counted), MAX_FREE_ENTRY_PLACES);
}

/** R-SAT-2: the satellite's summary (the bubble at N + 1 left), or undefined for a tournament without one. */
export function floorSatelliteSummary(state: FloorTournament, now: number): SatelliteSummary | undefined {
  const setting = satelliteSetting(state);
  if (!setting) return undefined;
  const seats = floorSatelliteSeats(state, setting);
  return satelliteSummary(
    entryRefs(state),
    { mode: 'fixed', count: seats },
    { lateRegistrationOpen: lateRegistrationOpen(state.status, state.settings, now) },
  );
}

/** Whether the satellite of this running tournament is over: N or fewer left, late registration closed. */
export const satelliteEnded = (state: FloorTournament, now: number): boolean =>
  state.status === 'running' && floorSatelliteSummary(state, now)?.ended === true;

export interface SatelliteFinish extends FloorResult {
  awards: SeatAward[];
  /** Winners already in the target whose seat passed down (R-SAT-3 pass_to_next). */
  passedOver: string[];
  tickets: TicketChange[];
}

/** R-SAT-2: the satellite's final places (refused while it has not ended). */
export function satelliteFinalPlaces(state: FloorTournament, ctx: Context): SatellitePlace[] {
  const setting = satelliteSetting(state);
  if (!setting) throw conflict('NOT_A_SATELLITE', 'This tournament is not a satellite (R-SAT-1)');
  if (state.status !== 'running') {
    throw conflict('INVALID_STATUS_TRANSITION', `Only a running tournament finishes (status ${state.status})`);
  }
  if (lateRegistrationOpen(state.status, state.settings, ctx.now)) {
    throw conflict('SATELLITE_NOT_ENDED', 'Late registration is still open: the seats are not decided yet (R-SAT-2)');
  }
  return satellitePlaces(state.knockouts ?? emptyKnockoutsState(), entryRefs(state), floorSatelliteSeats(state, setting), ctx);
}

/**
 * R-SAT-2, R-SAT-3: the satellite ends with `places` (satelliteFinalPlaces): the players left share
 * place 1, the others keep their elimination order, each seat goes to a winner (or down the places, or
 * as a ticket to the organiser's other event, for a winner in `inTarget`), and the seat tickets are
 * decided for the finish's write.
 */
export function finishSatelliteOnFloor(
  state: FloorTournament,
  places: readonly SatellitePlace[],
  inTarget: ReadonlySet<string>,
  ctx: Context,
): SatelliteFinish {
  const setting = satelliteSetting(state) as SatelliteSetting;
  const knockouts = state.knockouts ?? emptyKnockoutsState();
  const entries = entryRefs(state);
  const settings = satelliteOf(setting);
  const { awards, passedOver } = satelliteAwards(places, settings, inTarget, ctx);
  const awarded = new Map(awards.map((a) => [a.playerId, a]));
  const entryIdsOf = (playerId: string) =>
    entries
      .filter((e) => e.playerId === playerId && e.status !== 'void')
      .sort((a, b) => a.number - b.number || a.createdAt - b.createdAt)
      .map((e) => e.id);
  const credits = creditsByEntry(knockouts);
  const rows: ResultRow[] = places
    .map((p) => {
      const entryIds = entryIdsOf(p.playerId);
      const award = awarded.get(p.playerId);
      return {
        place: p.place,
        playerId: p.playerId,
        entryIds,
        lastEntryId: p.lastEntryId,
        knockouts: creditsOfEntries(credits, entryIds),
        ...(award ? { prize: seatLabel(award) } : {}),
      };
    })
    .sort((a, b) => a.place - b.place || (a.playerId < b.playerId ? -1 : 1));
  const done = changeStatus(state, { to: 'finished' }, ctx);
  const tickets = satelliteTickets(awards, { clubId: state.clubId, tournamentId: state.id, finishedAt: ctx.now }, settings, ctx);
  return {
    state: { ...done.state, results: { rows, computedAt: ctx.now } },
    events: done.events,
    awards,
    passedOver,
    tickets,
  };
}

/** The prize text of a seat (non-monetary: a right to enter, R-MONEY-1). */
function seatLabel(a: SeatAward): string {
  const to =
    a.target.kind === 'tournament'
      ? `в турнир ${a.target.tournamentId}`
      : a.target.kind === 'series'
        ? `в турнир серии ${a.target.seriesId}`
        : 'в турнир клуба';
  return a.reason === 'other_event' ? `Бесплатный вход ${to} (вместо места сателлита)` : `Место ${to} (сателлит)`;
}
