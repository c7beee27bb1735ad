import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { flightIdsToLoad, linkFlights } from '../../../domain/floor/flight-links';
import { Desk, HOUR, START } from '../tournaments/harness';

const ctx: Context = { now: START, actor: { id: 'usr_floor', role: 'manager' }, rng: seededRandom(1), newId: (p) => `${p}_1` };

function tournament(id: string, status: FloorTournament['status'] = 'registration_open'): FloorTournament {
  const desk = new Desk({}, 'registration_open', START - HOUR);
  if (status !== 'registration_open') desk.status(status);
  return { ...(desk.state as FloorTournament), id };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e.code;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('R-FLIGHT-1: a day 2 names its flights', () => {
  it('R-FLIGHT-1: the day 2 records the list and the rule, each flight its day 2; the same list again changes nothing', () => {
    const d2 = tournament('d2');
    const a = tournament('fa');
    const b = tournament('fb', 'running');
    const r = linkFlights(d2, [a, b], { flightIds: ['fa', 'fb'] }, ctx);
    expect(r.state.day2).toEqual({ flightIds: ['fa', 'fb'], stackRule: 'largest' });
    expect(r.flights.map((f) => [f.after.id, f.after.flight])).toEqual([
      ['fa', { day2Id: 'd2' }],
      ['fb', { day2Id: 'd2' }],
    ]);
    expect(r.flights.every((f) => f.before.flight === undefined)).toBe(true);
    const again = linkFlights(r.state, [r.flights[0]!.after, r.flights[1]!.after], { flightIds: ['fa', 'fb'] }, ctx);
    expect(again.state).toBe(r.state);
    expect(again.flights).toEqual([]);
  });

  it('R-FLIGHT-1: a flight left out is released unless it has bagged', () => {
    const d2 = { ...tournament('d2'), day2: { flightIds: ['fa', 'fb'], stackRule: 'largest' as const } };
    const a = { ...tournament('fa'), flight: { day2Id: 'd2' } };
    const b = { ...tournament('fb'), flight: { day2Id: 'd2' } };
    expect(flightIdsToLoad(d2, { flightIds: ['fa'] })).toEqual(['fa', 'fb']);
    const r = linkFlights(d2, [a, b], { flightIds: ['fa'], stackRule: 'latest' }, ctx);
    expect(r.state.day2).toEqual({ flightIds: ['fa'], stackRule: 'latest' });
    expect(r.flights).toHaveLength(1);
    expect(r.flights[0]?.after.id).toBe('fb');
    expect(r.flights[0]?.after.flight).toBeUndefined();
    const bagged = { ...b, flight: { day2Id: 'd2', bagged: [], baggedAt: START } };
    expect(refusal(() => linkFlights(d2, [a, bagged], { flightIds: ['fa'] }, ctx))).toBe('FLIGHT_BAGGED');
  });

  it('R-FLIGHT-1: refusals: the day 2 under way, itself a flight, a flight of another day 2, a day 2 as a flight, a bad list', () => {
    const a = tournament('fa');
    expect(refusal(() => linkFlights(tournament('d2', 'running'), [a], { flightIds: ['fa'] }, ctx))).toBe('DAY2_UNDER_WAY');
    expect(refusal(() => linkFlights({ ...tournament('d2'), flight: { day2Id: 'x' } }, [a], { flightIds: ['fa'] }, ctx))).toBe(
      'DAY2_IS_A_FLIGHT',
    );
    expect(refusal(() => linkFlights(tournament('d2'), [{ ...a, flight: { day2Id: 'other' } }], { flightIds: ['fa'] }, ctx))).toBe(
      'FLIGHT_OF_ANOTHER_DAY2',
    );
    const day2Too = { ...a, day2: { flightIds: ['x'], stackRule: 'largest' as const } };
    expect(refusal(() => linkFlights(tournament('d2'), [day2Too], { flightIds: ['fa'] }, ctx))).toBe('FLIGHT_IS_A_DAY2');
    expect(refusal(() => linkFlights(tournament('d2'), [a], { flightIds: ['fa', 'fa'] }, ctx))).toBe('FLIGHTS_INVALID');
    expect(refusal(() => linkFlights(tournament('d2'), [a], { flightIds: ['d2'] }, ctx))).toBe('FLIGHTS_INVALID');
  });
});
