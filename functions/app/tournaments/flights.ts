import type { ChipCountInput } from '../../../domain/floor/chip-counts';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { bagFlight as bag, day2Players, eventPlaces as places, qualifyDay2 } from '../../../domain/floor/flights';
import { tournamentWindow } from '../../../domain/tournaments';
import { flightIdsToLoad, linkFlights as link, type ChangedFlight, type LinkFlightsInput } from '../../../domain/floor/flight-links';
import { drawSeating } from '../../../domain/floor/seating';
import { CompanionConflict, followingEvent, requireTournament } from '../../store/tournament-store';
import { ConcurrentUpdate } from '../../runtime/errors';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';
import { tournamentState } from './queries';
import { registrationsElsewhere } from './parallel-registrations';

/*
 * R-FLIGHT-1: flights into a day 2 (domain/floor/flights.ts, flight-links.ts). The day 2's commands read
 * its flights (one read each, in parallel: a festival has a handful) and decide on them; linking writes the
 * day 2's event and each changed flight's in one transaction.
 */

/** The club's tournaments named, read together: an id not in the club is the 404 of any tournament. */
const flightsOf = (clubId: string, ids: readonly string[]) =>
  Promise.all(ids.map(async (id) => (await requireTournament(clubId, id)).state));

/** Attempts when a flight moved between its read and the transaction. */
const LINK_ATTEMPTS = 5;

/** The day 2 names its flights and the stack rule; every flight it takes or releases is written with it. */
export async function linkFlights(command: TournamentCommand, input: LinkFlightsInput) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await executeTournamentCommand(
        command,
        async (day2, ctx) => {
          const flights = await flightsOf(command.clubId, flightIdsToLoad(day2, input));
          const r = link(day2, flights, input, ctx);
          return { state: r.state, events: r.events, value: r.flights };
        },
        { companions: (_next, d) => d.value.flatMap((f: ChangedFlight) => followingEvent(f.before, f.after, f.events)) },
      );
    } catch (e) {
      if (!(e instanceof CompanionConflict)) throw e;
      if (attempt >= LINK_ATTEMPTS) throw new ConcurrentUpdate('A flight changed meanwhile; retry');
    }
  }
}

/** Bagging: every survivor's stack in one call, one event (R-CHIP-1 records the counts with it). */
export const bagFlight = (command: TournamentCommand, counts: readonly ChipCountInput[]) =>
  executeTournamentCommand(command, (t, ctx) => decided(bag(t, counts, ctx)));

/**
 * The day 2 takes the bagged survivors of all its flights (one stack each) and draws its seats from the
 * committed seed (R-DRAW-1) in the same command: the field and its seats are one event. R-REG-1: the
 * qualifiers' schedules are read first (batch reads), and one registered elsewhere at the day 2's time
 * refuses the field. The day 2's registrations reach the schedules from the stream (addToSchedules).
 */
export const qualifyAndDrawDay2 = (command: TournamentCommand) =>
  executeTournamentCommand(command, async (day2, ctx) => {
    const flights = await flightsOf(command.clubId, day2.day2?.flightIds ?? []);
    const elsewhere = await registrationsElsewhere(day2Players(day2, flights), {
      tournamentId: day2.id,
      window: tournamentWindow(day2.settings),
    });
    const q = qualifyDay2(day2, flights, ctx, elsewhere);
    const seated = drawSeating(q.state, ctx);
    return { state: seated.state, events: [...q.events, ...seated.events], value: q.qualifiers };
  });

/** The event's places over the day 2 and its flights, with the states they come from. */
export async function eventPlaces(clubId: string, day2Id: string) {
  const day2: FloorTournament = await tournamentState(clubId, day2Id);
  const flights = await flightsOf(clubId, day2.day2?.flightIds ?? []);
  return { day2, flights, rows: places(day2, flights) };
}
