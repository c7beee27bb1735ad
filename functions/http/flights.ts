import { recordValues } from '../../domain/core/record-map';
import type * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/tournaments';
import { BagFlightBody, BaggedFlight, Day2Field, Day2Flights, EventPlaces, EventPlacesQuery, LinkFlightsBody } from '../../schemas/flights';
import type { FloorTournament } from '../../domain/floor/aggregate';
import type { EventPlace } from '../../domain/floor/flights';
import { eventPlacesCsv } from '../../domain/floor/event-places-csv';
import { defineRoute } from '../platform/route';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';
import { bagFlight, eventPlaces, linkFlights, qualifyAndDrawDay2 } from '../app/tournaments/flights';
import { commandOf, versioned } from './tournament-support';

/** R-FLIGHT-1: starting flights into one day 2: the link, bagging, the day 2's field and the event's places. */

const TAGS = ['Knockouts and results'];
const BASE = '/v1/clubs/{clubId}/tournaments/{tournamentId}';
const iso = (ms: number) => new Date(ms).toISOString();

function day2FlightsView(t: FloorTournament): z.output<typeof Day2Flights> {
  const d = t.day2 as NonNullable<FloorTournament['day2']>;
  return { tournamentId: t.id, version: t.version, flightIds: d.flightIds, stackRule: d.stackRule };
}

function baggedView(t: FloorTournament): z.output<typeof BaggedFlight> {
  const f = t.flight as Required<NonNullable<FloorTournament['flight']>>;
  return {
    tournamentId: t.id,
    version: t.version,
    day2Id: f.day2Id,
    baggedAt: iso(f.baggedAt),
    total: f.bagged.reduce((n, b) => n + b.chips, 0),
    bagged: f.bagged,
  };
}

function day2FieldView(t: FloorTournament): z.output<typeof Day2Field> {
  const d = t.day2 as NonNullable<FloorTournament['day2']>;
  const qualifiers = d.qualifiers ?? [];
  const entryOf = new Map(recordValues(t.entries).map((e) => [e.playerId, e.id]));
  return {
    tournamentId: t.id,
    version: t.version,
    qualifiedAt: iso(d.qualifiedAt as number),
    total: qualifiers.reduce((n, q) => n + q.chips, 0),
    tables: recordValues(t.seating?.tables).filter((x) => x.status === 'active').length,
    qualifiers: qualifiers.map((q) => ({
      playerId: q.playerId,
      entryId: entryOf.get(q.playerId) as string,
      flightEntryId: q.entryId,
      chips: q.chips,
      flightId: q.flightId,
      alsoBagged: [...q.alsoBagged],
    })),
  };
}

export const linkFlightsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'linkFlights',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'PUT',
  path: `${BASE}/flights`,
  summary:
    "Name a day 2's starting flights, tournaments of the same club (R-FLIGHT-1), and the stack rule for a player who bagged in two: the day 2 and every flight are written together; a flight left out of the list is released. 404 for a tournament not in the club; 409 DAY2_UNDER_WAY once the day 2 is seated or started, FLIGHT_OF_ANOTHER_DAY2",
  tags: TAGS,
  params: TournamentParams,
  body: LinkFlightsBody,
  responses: { 200: { description: "The day 2's flights", schema: Day2Flights } },
  problems: [404, 409, 422],
  handle: async (req) => {
    const { state, version } = await linkFlights(commandOf(req), req.body);
    return versioned(200, version, day2FlightsView(state));
  },
});

export const bagFlightRoute = /* @__PURE__ */ defineRoute({
  operationId: 'bagFlight',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${BASE}/flight/bag`,
  summary:
    "Bag a flight at its end (R-FLIGHT-1, R-CHIP-1): every survivor's stack in one call, together exactly the chips in play. 422 BAG_CHIPS_MISMATCH with the difference, BAG_INCOMPLETE naming the entries missing; a bagged flight takes no more knockouts",
  tags: TAGS,
  params: TournamentParams,
  body: BagFlightBody,
  responses: { 200: { description: "The flight's bagged stacks", schema: BaggedFlight } },
  problems: [404, 409, 422],
  handle: async (req) => {
    const { state, version } = await bagFlight(commandOf(req), req.body.counts);
    return versioned(200, version, baggedView(state));
  },
});

export const qualifyDay2Route = /* @__PURE__ */ defineRoute({
  operationId: 'qualifyDay2',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${BASE}/day2/qualify`,
  summary:
    "The day 2's field from its bagged flights (R-FLIGHT-1): one checked-in entry per player with his bagged stack (two flights: the stack rule decides), seated at once by the draw on the committed seed (R-DRAW-1: publish the commitment first). 409 FLIGHT_NOT_BAGGED, SEAT_DRAW_NOT_COMMITTED; 409 DAY2_PARALLEL_REGISTRATIONS names (`clashes`) the qualifiers registered in a tournament at the day 2's time (R-REG-1)",
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: "The day 2's field, seated", schema: Day2Field } },
  problems: [404, 409],
  handle: async (req) => {
    const { state, version } = await qualifyAndDrawDay2(commandOf(req));
    return versioned(200, version, day2FieldView(state));
  },
});

const placesView = (day2: FloorTournament, rows: EventPlace[]): z.output<typeof EventPlaces> => ({
  tournamentId: day2.id,
  flightIds: day2.day2?.flightIds ?? [],
  rows,
});

export const eventPlacesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getEventPlaces',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: `${BASE}/event-places`,
  summary:
    "The places of an event over its flights (R-FLIGHT-1, R-PLC): the day 2's places, then every player out on day 1 below them, by his flight place, then the larger last stack (docs/decisions.md). 409 PLACES_NOT_READY until the day 2 is down to one; ?format=csv for a spreadsheet",
  tags: TAGS,
  params: TournamentParams,
  query: EventPlacesQuery,
  responses: { 200: { description: 'Event places (JSON or text/csv)', schema: EventPlaces, alsoAs: ['text/csv'] } },
  problems: [409],
  handle: async (req) => {
    const { day2, rows } = await eventPlaces(req.params.clubId, req.params.tournamentId);
    if (req.query.format === 'csv') {
      return {
        status: 200,
        raw: true,
        body: eventPlacesCsv(rows),
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="event-places-${day2.id}.csv"` },
      };
    }
    return versioned(200, day2.version, placesView(day2, rows));
  },
});

export const flightRoutes = [linkFlightsRoute, bagFlightRoute, qualifyDay2Route, eventPlacesRoute];
