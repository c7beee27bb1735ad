import { recordCount } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, ruleError } from '../core/errors';
import type { FloorTournament } from './aggregate';
import { MAX_FLIGHTS, type StackRule } from './flights';

/*
 * R-FLIGHT-1: a day 2 names its starting flights. The day 2 records the list and the stack rule; each
 * flight records its day 2 (what bagging needs). The caller writes the day 2 and every flight it changed
 * together or not at all, so the two sides never disagree. Naming the list again replaces it: a flight
 * left out is released, unless it has bagged (its survivors are the day 2's already).
 */

export interface LinkFlightsInput {
  flightIds: readonly string[];
  stackRule?: StackRule | undefined;
}

export type FlightLinkEvent =
  | { type: 'day2.flights_linked'; flightIds: string[]; stackRule: StackRule; at: number }
  | { type: 'flight.linked'; day2Id: string; at: number }
  | { type: 'flight.unlinked'; day2Id: string; at: number };

/** A flight the link changed: its state before and after, and the event it logs. */
export interface ChangedFlight {
  before: FloorTournament;
  after: FloorTournament;
  events: FlightLinkEvent[];
}

/** Statuses in which a day 2 still takes its flights: nothing seated, nothing played. */
const LINKABLE = new Set<FloorTournament['status']>(['announced', 'registration_open']);

/** The ids the link must load: the flights named now and those named before (to release). */
export function flightIdsToLoad(day2: FloorTournament, input: LinkFlightsInput): string[] {
  return [...new Set([...input.flightIds, ...(day2.day2?.flightIds ?? [])])];
}

/**
 * The day 2 with its flights (in the order given) and the flights it changed. `flights` holds every id
 * flightIdsToLoad named, as loaded from the day 2's club (an id not there is the caller's 404).
 */
export function linkFlights(
  day2: FloorTournament,
  flights: readonly FloorTournament[],
  input: LinkFlightsInput,
  ctx: Context,
): { state: FloorTournament; events: FlightLinkEvent[]; flights: ChangedFlight[] } {
  const ids = input.flightIds;
  const stackRule = input.stackRule ?? day2.day2?.stackRule ?? 'largest';
  if (ids.length === 0 || ids.length > MAX_FLIGHTS || new Set(ids).size !== ids.length || ids.includes(day2.id)) {
    throw ruleError('FLIGHTS_INVALID', `Name 1 to ${MAX_FLIGHTS} other tournaments, each once`, [
      { field: 'flightIds', message: `1 to ${MAX_FLIGHTS} distinct tournaments other than the day 2` },
    ]);
  }
  if (day2.flight) throw conflict('DAY2_IS_A_FLIGHT', `This tournament is a flight of ${day2.flight.day2Id}`);
  const seated = day2.seating && recordCount(day2.seating.tables) > 0;
  if (!LINKABLE.has(day2.status) || seated || day2.day2?.qualifiers) {
    throw conflict('DAY2_UNDER_WAY', `The day 2 takes its flights before it is seated or started (status ${day2.status})`);
  }
  const same = day2.day2 && day2.day2.stackRule === stackRule && sameList(day2.day2.flightIds, ids);
  if (same) return { state: day2, events: [], flights: [] };

  const byId = new Map(flights.map((f) => [f.id, f]));
  const changed: ChangedFlight[] = [];
  for (const id of ids) {
    const f = byId.get(id) as FloorTournament;
    if (f.day2) throw conflict('FLIGHT_IS_A_DAY2', `Tournament ${id} is a day 2 itself`);
    if (f.status === 'cancelled') throw conflict('FLIGHT_CANCELLED', `Tournament ${id} is cancelled`);
    if (f.flight && f.flight.day2Id !== day2.id) {
      throw conflict('FLIGHT_OF_ANOTHER_DAY2', `Tournament ${id} is a flight of ${f.flight.day2Id} already`);
    }
    if (!f.flight) {
      const after = { ...f, flight: { day2Id: day2.id }, updatedAt: ctx.now };
      changed.push({ before: f, after, events: [{ type: 'flight.linked', day2Id: day2.id, at: ctx.now }] });
    }
  }
  for (const old of day2.day2?.flightIds ?? []) {
    if (ids.includes(old)) continue;
    const f = byId.get(old);
    if (!f || f.flight?.day2Id !== day2.id) continue;
    if (f.flight.bagged) throw conflict('FLIGHT_BAGGED', `Flight ${old} has bagged: its survivors belong to this day 2`);
    const { flight: _released, ...rest } = f;
    changed.push({
      before: f,
      after: { ...rest, updatedAt: ctx.now },
      events: [{ type: 'flight.unlinked', day2Id: day2.id, at: ctx.now }],
    });
  }
  return {
    state: { ...day2, day2: { flightIds: [...ids], stackRule }, updatedAt: ctx.now },
    events: [{ type: 'day2.flights_linked', flightIds: [...ids], stackRule, at: ctx.now }],
    flights: changed,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
