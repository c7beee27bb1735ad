/**
 * A day 2 and its bagged flights (R-FLIGHT-1), for the flights benchmark (flights.bench.ts) and the
 * day-2 vector of the provable draw (test/unit/seating/provable-draw-vectors.test.ts). Every flight's
 * survivors are all its entries, bagged at the starting stack give or take up to 3,000 (the last stack
 * takes the difference, so the counts add up to the chips in play).
 */
import type { Context } from '../../domain/core/context';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { bagFlight, type StackRule } from '../../domain/floor/flights';
import { commitSeatDraw } from '../../domain/floor/seat-draw';
import { validateSettings } from '../../domain/tournaments';
import type { Entry } from '../../domain/tournaments/types';

export interface FlightsFixture {
  now: number;
  stack: number;
  clubId: string;
  /** Left out: the settings' default. */
  seatsPerTable?: number;
}

/** A tournament of `players` entries (ent_<tournament>_<player>), running or open, the starting stack each. */
export function fixtureTournament(
  o: FlightsFixture,
  id: string,
  status: FloorTournament['status'],
  players: readonly string[],
): FloorTournament {
  const settings = validateSettings(
    {
      name: id,
      startAt: o.now - 3_600_000,
      lateRegEndsAt: o.now - 60_000,
      buyIn: 0,
      startingStack: o.stack,
      ...(o.seatsPerTable === undefined ? {} : { seatsPerTable: o.seatsPerTable }),
    },
    { currency: 'RUB' },
  );
  const entries: Record<string, Entry> = {};
  for (const p of players) {
    const eid = `ent_${id}_${p}`;
    entries[eid] = {
      id: eid,
      playerId: p,
      registrationId: `reg_${id}_${p}`,
      number: 1,
      status: 'active',
      chips: o.stack,
      createdAt: o.now,
    };
  }
  return {
    id,
    clubId: o.clubId,
    status,
    settings,
    registrations: {},
    entries,
    fees: {},
    settlements: {},
    createdAt: o.now,
    updatedAt: o.now,
    version: 1,
  } as unknown as FloorTournament;
}

export interface BaggedFlightsInput {
  /** Flight f's id. */
  flightId: (f: number) => string;
  day2Id: string;
  flights: number;
  perFlight: number;
  /** Flight f's player at i: a player id, the same id in two flights being the same player. */
  player: (f: number, i: number) => string;
  /** The context flight f is bagged with. */
  ctx: (f: number) => Context;
}

/** The flights of a day 2, each running with `perFlight` entries, then bagged. */
export function baggedFlights(o: FlightsFixture, input: BaggedFlightsInput): FloorTournament[] {
  return Array.from({ length: input.flights }, (_, f) => {
    const players = Array.from({ length: input.perFlight }, (_, i) => input.player(f, i));
    const t = { ...fixtureTournament(o, input.flightId(f), 'running', players), flight: { day2Id: input.day2Id } };
    const counts = Object.values(t.entries).map((e, i) => ({ entryId: e.id, chips: o.stack + ((i % 7) - 3) * 1_000 }));
    const sum = counts.reduce((s, c) => s + c.chips, 0);
    (counts[counts.length - 1] as { chips: number }).chips += o.stack * players.length - sum;
    return bagFlight(t, counts, input.ctx(f)).state;
  });
}

/** The day 2 of `flights`, open for registration, its seat draw committed to `seed`. */
export function openDay2(
  o: FlightsFixture,
  day2Id: string,
  flights: readonly FloorTournament[],
  seed: string,
  stackRule: StackRule = 'largest',
): FloorTournament {
  return commitSeatDraw(
    { ...fixtureTournament(o, day2Id, 'registration_open', []), day2: { flightIds: flights.map((f) => f.id), stackRule } },
    seed,
    o.now,
  );
}
