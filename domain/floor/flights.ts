import { putRecords, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, conflictWith, notFound, ruleError } from '../core/errors';
import { changeStatus, findParallelRegistration, tournamentWindow, type OtherRegistration, type TournamentEvent } from '../tournaments';
import type { Entry, Registration } from '../tournaments/types';
import { emptyKnockoutsState, finalPlaces } from '../results';
import type { FloorTournament } from './aggregate';
import { chipsInPlay, MAX_CHIP_COUNTS, MAX_STACK, recordChipCounts, type ChipCountInput } from './chip-counts';
import { entryRefs } from './knockouts';

/*
 * R-FLIGHT-1: starting flights (day 1A, 1B, ...) feeding one day 2. Each flight and the day 2 is a tournament
 * of its own (registration, clock, seating). The model on those items: a flight carries `flight` (its day 2
 * and, once bagged, the survivors' stacks); the day 2 carries `day2` (its flights in order, the stack rule
 * and, once qualified, where each day-2 entry's stack came from). Nothing here reads a store: the caller
 * hands the flights' states in.
 *
 * - Bagging: one call with every survivor's count; the counts must add up to the flight's chips in play
 *   (R-CHIP-1) exactly, else 422 naming the difference. Bagging finishes the flight: no more knockouts
 *   (FLIGHT_BAGGED), registrations or clock.
 * - One stack per player: a player who survived more than one flight goes on with one stack: the largest
 *   (default; equal stacks: the earlier flight) or the one of the latest flight he bagged in.
 * - Day 2: one checked-in registration and one entry per qualifier, the entry's chips its bagged stack, no
 *   fee (the flights took them); the day's seats are then drawn by the provable draw (R-DRAW-1). A
 *   qualifier registered in a tournament at the day 2's time (R-REG-1) holds the whole field back: 409
 *   naming every such player, until the floor settles it (docs/decisions.md).
 * - Event places: the day 2's places first; then every day-1 bust below them (docs/decisions.md).
 */

export const STACK_RULES = ['largest', 'latest'] as const;
export type StackRule = (typeof STACK_RULES)[number];
/** Flights one day 2 may list: a festival's starting days. */
export const MAX_FLIGHTS = 20;

export interface BaggedStack {
  entryId: string;
  playerId: string;
  chips: number;
}

export interface FlightRecord {
  day2Id: string;
  baggedAt?: number;
  baggedBy?: string;
  bagged?: BaggedStack[];
}

export interface Day2Qualifier {
  playerId: string;
  chips: number;
  /** The flight and entry the stack comes from. */
  flightId: string;
  entryId: string;
  /** Other flights the player bagged in, whose stacks he gave up. */
  alsoBagged: readonly string[];
}

/** Most players bag in one flight: they share one (frozen) empty list instead of an array each. */
const NONE: readonly string[] = Object.freeze([]);

export interface Day2Record {
  flightIds: string[];
  stackRule: StackRule;
  qualifiedAt?: number;
  qualifiers?: Day2Qualifier[];
}

type WithFlights = FloorTournament;

export type FlightEvent =
  | { type: 'flight.bagged'; day2Id: string; players: number; total: number; at: number }
  | { type: 'day2.qualified'; flights: number; players: number; total: number; at: number };

/**
 * R-FLIGHT-1 bagging: every entry still in play listed once with its stack, adding up to the chips in
 * play. Refusals name the fields: a missing entry, or the difference between the counts and the chips.
 */
export function bagFlight(
  t: WithFlights,
  counts: readonly ChipCountInput[],
  ctx: Context,
): { state: WithFlights; events: (FlightEvent | TournamentEvent)[] } {
  if (!t.flight) throw conflict('NOT_A_FLIGHT', 'This tournament is not a flight of a day 2 (R-FLIGHT-1)');
  if (t.flight.bagged) throw conflict('FLIGHT_ALREADY_BAGGED', 'The flight is bagged already');
  if (t.status !== 'running') throw conflict('TOURNAMENT_NOT_RUNNING', `A flight is bagged while it runs (status ${t.status})`);
  if (counts.length === 0 || counts.length > MAX_CHIP_COUNTS) {
    throw ruleError('CHIP_COUNTS_INVALID', `Give 1 to ${MAX_CHIP_COUNTS} counts`, [
      { field: 'counts', message: `1 to ${MAX_CHIP_COUNTS} counts` },
    ]);
  }
  const listed = new Set(counts.map((c) => c.entryId));
  const missing = recordValues(t.entries)
    .filter((e) => e.status === 'active' && !listed.has(e.id))
    .map((e) => e.id)
    .sort();
  if (missing.length > 0) {
    throw ruleError(
      'BAG_INCOMPLETE',
      `Every survivor is bagged in one call: ${missing.length} entries in play are missing (${missing.slice(0, 5).join(', ')})`,
      [{ field: 'counts', message: `missing ${missing.length} entries in play` }],
    );
  }
  const inPlay = chipsInPlay(t).total;
  let total = 0;
  for (const c of counts) total += c.chips;
  const mismatch = () => {
    const diff = total - inPlay;
    return ruleError(
      'BAG_CHIPS_MISMATCH',
      `The counts add up to ${total}, ${Math.abs(diff)} ${diff > 0 ? 'more' : 'fewer'} than the ${inPlay} chips in play`,
      [{ field: 'counts', message: `difference ${diff > 0 ? '+' : ''}${diff} against ${inPlay} chips in play` }],
    );
  };
  // Counts well formed and of survivors only (else R-CHIP-1's own refusals below): the sum decides first.
  const wellFormed =
    listed.size === counts.length &&
    counts.every((c) => Number.isSafeInteger(c.chips) && c.chips >= 0 && c.chips <= MAX_STACK && t.entries[c.entryId]?.status === 'active');
  if (wellFormed && total !== inPlay) throw mismatch();
  const recorded = recordChipCounts(t, counts, ctx);
  if (total !== inPlay) throw mismatch();
  const bagged: BaggedStack[] = counts
    .map((c) => ({ entryId: c.entryId, playerId: (t.entries[c.entryId] as Entry).playerId, chips: c.chips }))
    .sort((a, b) => cmp(a.entryId, b.entryId));
  const flight: FlightRecord = { ...t.flight, baggedAt: ctx.now, baggedBy: ctx.actor.id, bagged };
  // The flight's play ends with the bag: finished, so its clock arms no level end, the desk takes no
  // entry and the screen shows it done. No results of its own: its places are the event's (eventPlaces).
  const bagState: WithFlights = { ...(recorded.state as WithFlights), flight };
  const done = changeStatus(bagState, { to: 'finished' }, ctx);
  return {
    state: done.state as WithFlights,
    events: [{ type: 'flight.bagged', day2Id: t.flight.day2Id, players: bagged.length, total, at: ctx.now }, ...done.events],
  };
}

/** A knockout in a bagged flight is refused: its survivors are on day 2. */
export function assertNotBagged(t: WithFlights): void {
  if (t.flight?.bagged) throw conflict('FLIGHT_BAGGED', 'The flight is bagged: its survivors play on day 2');
}

export interface BaggedFlight {
  flightId: string;
  bagged: readonly BaggedStack[];
}

/** One stack per player over the flights, in the day 2's order of flights (R-FLIGHT-1). */
export function day2Field(flights: readonly BaggedFlight[], rule: StackRule = 'largest'): Day2Qualifier[] {
  const byPlayer = new Map<string, Day2Qualifier>();
  for (const f of flights) {
    for (const s of f.bagged) {
      const had = byPlayer.get(s.playerId);
      if (!had) {
        byPlayer.set(s.playerId, { playerId: s.playerId, chips: s.chips, flightId: f.flightId, entryId: s.entryId, alsoBagged: NONE });
      } else if (rule === 'latest' || s.chips > had.chips) {
        // The qualifiers are this function's own objects: updated in place, no copy per player.
        had.alsoBagged = [...had.alsoBagged, had.flightId];
        had.chips = s.chips;
        had.flightId = f.flightId;
        had.entryId = s.entryId;
      } else {
        had.alsoBagged = [...had.alsoBagged, f.flightId];
      }
    }
  }
  return [...byPlayer.values()].sort((a, b) => cmp(a.playerId, b.playerId));
}

/** A qualifier registered in another tournament at the day 2's time (R-REG-1). */
export interface Day2Clash {
  playerId: string;
  tournamentId: string;
}

/** The players a day 2 would take, each once: everyone bagged in its flights; none until every flight is bagged. */
export function day2Players(day2: WithFlights, flights: readonly (WithFlights & { id: string })[]): string[] {
  const d = day2.day2;
  if (!d || d.qualifiers) return [];
  const byId = new Map(flights.map((f) => [f.id, f]));
  const players = new Set<string>();
  for (const id of d.flightIds) {
    const bagged = byId.get(id)?.flight?.bagged;
    if (!bagged) return [];
    for (const b of bagged) players.add(b.playerId);
  }
  return [...players];
}

/**
 * The day 2's field from its bagged flights: a registration (checked in) and an entry per qualifier with
 * the bagged stack. Refused unless every flight is bagged, or once the day 2 has its field. `elsewhere`:
 * the qualifiers' registrations in other tournaments (the caller reads those of day2Players); one that
 * still ties its player at the day 2's time refuses the field (R-REG-1).
 */
export function qualifyDay2(
  day2: WithFlights,
  flights: readonly (WithFlights & { id: string })[],
  ctx: Context,
  elsewhere: ReadonlyMap<string, readonly OtherRegistration[]> = new Map(),
): { state: WithFlights; events: FlightEvent[]; qualifiers: Day2Qualifier[] } {
  const d = day2.day2;
  if (!d) throw conflict('NOT_A_DAY2', 'This tournament has no flights (R-FLIGHT-1)');
  if (d.qualifiers) throw conflict('DAY2_ALREADY_QUALIFIED', 'The day 2 has its field already');
  if (day2.status !== 'registration_open') {
    throw conflict('DAY2_NOT_OPEN', `The day 2 takes its field while registration is open (status ${day2.status})`);
  }
  const byId = new Map(flights.map((f) => [f.id, f]));
  const ordered: BaggedFlight[] = d.flightIds.map((id) => {
    const f = byId.get(id);
    if (!f) throw notFound('FLIGHT_NOT_FOUND', `No flight ${id}`);
    if (!f.flight?.bagged) throw conflict('FLIGHT_NOT_BAGGED', `Flight ${id} is not bagged yet`);
    return { flightId: id, bagged: f.flight.bagged };
  });
  assertNoParallelQualifiers(day2, elsewhere);
  const qualifiers = day2Field(ordered, d.stackRule);
  // One pass over the day 2's own registrations: how many there are (the next seq) and who holds one.
  let seq = 0;
  const present = new Set<string>();
  for (const r of recordValues(day2.registrations)) {
    seq++;
    if (r.status !== 'cancelled') present.add(r.playerId);
  }
  // A registration and an entry per qualifier, put in the record maps in one batch each.
  const registrations: (readonly [string, Registration])[] = [];
  const entries: (readonly [string, Entry])[] = [];
  let total = 0;
  const anyPresent = present.size > 0;
  for (const q of qualifiers) {
    if (anyPresent && present.has(q.playerId)) {
      throw conflict('ALREADY_REGISTERED', `Player ${q.playerId} is registered in the day 2 already`);
    }
    const regId = ctx.newId('reg');
    const entryId = ctx.newId('ent');
    registrations.push([
      regId,
      {
        id: regId,
        playerId: q.playerId,
        status: 'checked_in',
        seq: ++seq,
        registeredAt: ctx.now,
        registeredBy: ctx.actor.id,
        source: 'staff',
        checkedInAt: ctx.now,
        checkedInBy: ctx.actor.id,
        entryId,
      },
    ]);
    entries.push([
      entryId,
      { id: entryId, playerId: q.playerId, registrationId: regId, number: 1, status: 'active', chips: q.chips, createdAt: ctx.now },
    ]);
    total += q.chips;
  }
  return {
    state: {
      ...day2,
      registrations: putRecords(day2.registrations, registrations),
      entries: putRecords(day2.entries, entries),
      day2: { ...d, qualifiedAt: ctx.now, qualifiers },
      updatedAt: ctx.now,
    },
    events: [{ type: 'day2.qualified', flights: ordered.length, players: qualifiers.length, total, at: ctx.now }],
    qualifiers,
  };
}

/** R-REG-1 over the field: every qualifier still registered at the day 2's time, named in one 409. */
function assertNoParallelQualifiers(day2: WithFlights, elsewhere: ReadonlyMap<string, readonly OtherRegistration[]>): void {
  if (elsewhere.size === 0) return;
  const candidate = { tournamentId: day2.id, window: tournamentWindow(day2.settings) };
  const clashes: Day2Clash[] = [];
  for (const [playerId, others] of elsewhere) {
    const clash = findParallelRegistration(candidate, others);
    if (clash) clashes.push({ playerId, tournamentId: clash.tournamentId });
  }
  if (clashes.length === 0) return;
  clashes.sort((a, b) => cmp(a.playerId, b.playerId) || cmp(a.tournamentId, b.tournamentId));
  const named = clashes.slice(0, 5).map((c) => `${c.playerId} (${c.tournamentId})`);
  throw conflictWith(
    'DAY2_PARALLEL_REGISTRATIONS',
    `${clashes.length} qualifiers are registered in tournaments at the day 2's time (R-REG-1): ${named.join(', ')}${clashes.length > 5 ? ', ...' : ''}`,
    { clashes },
  );
}

export interface EventPlace {
  place: number;
  playerId: string;
  /** `day2`, or the flight of the player's best day-1 finish. */
  stage: 'day2' | 'day1';
  tournamentId: string;
  lastEntryId: string;
}

/**
 * R-FLIGHT-1, R-PLC over the event. The day 2's places first (R-PLC-1..3: it must be down to one player).
 * Then the players out on day 1 and on no day 2, each by his best flight finish: the flight's place
 * (R-PLC-2 inside the flight: its survivors and later busts above), then the larger last recorded stack
 * (R-CHIP-1) where the flight places are equal; still equal: one shared place.
 */
export function eventPlaces(day2: WithFlights & { id: string }, flights: readonly (WithFlights & { id: string })[]): EventPlace[] {
  if (!day2.day2) throw conflict('NOT_A_DAY2', 'This tournament has no flights (R-FLIGHT-1)');
  const top = finalPlaces(day2.knockouts ?? emptyKnockoutsState(), entryRefs(day2));
  const rows: EventPlace[] = top.map((r) => ({
    place: r.place,
    playerId: r.playerId,
    stage: 'day2',
    tournamentId: day2.id,
    lastEntryId: r.lastEntryId,
  }));
  const onDay2 = new Set(rows.map((r) => r.playerId));
  const best = new Map<string, { flightPlace: number; stack: number; tournamentId: string; lastEntryId: string }>();
  for (const f of flights) {
    for (const b of flightBusts(f)) {
      if (onDay2.has(b.playerId)) continue;
      const had = best.get(b.playerId);
      if (!had || b.flightPlace < had.flightPlace || (b.flightPlace === had.flightPlace && b.stack > had.stack)) {
        best.set(b.playerId, { flightPlace: b.flightPlace, stack: b.stack, tournamentId: f.id, lastEntryId: b.lastEntryId });
      }
    }
  }
  const out = [...best].sort(([pa, a], [pb, b]) => a.flightPlace - b.flightPlace || b.stack - a.stack || cmp(pa, pb));
  let prev: { flightPlace: number; stack: number } | undefined;
  out.forEach(([playerId, b], i) => {
    const last = rows[rows.length - 1];
    const same = prev !== undefined && prev.flightPlace === b.flightPlace && prev.stack === b.stack;
    const place = same && last ? last.place : top.length + i + 1;
    rows.push({ place, playerId, stage: 'day1', tournamentId: b.tournamentId, lastEntryId: b.lastEntryId });
    prev = b;
  });
  return rows;
}

/** A flight's busted players (by their last entry) with their place in the flight and last recorded stack. */
function flightBusts(f: WithFlights): { playerId: string; flightPlace: number; stack: number; lastEntryId: string }[] {
  const numberOf = new Map<string, number>();
  for (const k of recordValues((f.knockouts ?? emptyKnockoutsState()).knockouts)) {
    if (k.status === 'active') numberOf.set(k.bustedEntryId, k.eliminationNumber);
  }
  const lastOf = new Map<string, Entry>();
  for (const e of recordValues(f.entries)) {
    if (e.status === 'void') continue;
    const had = lastOf.get(e.playerId);
    if (!had || e.number > had.number) lastOf.set(e.playerId, e);
  }
  const inPlay = [...lastOf.values()].filter((e) => e.status === 'active').length;
  const busts = [...lastOf.values()]
    .filter((e) => e.status === 'busted')
    .map((e) => ({ e, n: numberOf.get(e.id) ?? 0 }))
    .sort((a, b) => b.n - a.n);
  const out: { playerId: string; flightPlace: number; stack: number; lastEntryId: string }[] = [];
  busts.forEach(({ e, n }, i) => {
    const prev = out[i - 1];
    const flightPlace = prev && busts[i - 1]?.n === n ? prev.flightPlace : inPlay + i + 1;
    out.push({ playerId: e.playerId, flightPlace, stack: f.chipCounts?.[e.id]?.chips ?? 0, lastEntryId: e.id });
  });
  return out;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
