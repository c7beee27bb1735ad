/**
 * Flights benchmark (R-FLIGHT-1): bagging 1,000 counts in one call, and the day-2 draw from 4 flights of
 * 2,500 bagged stacks each (one stack per player over the flights, the day's entries, then the provable
 * seat draw on the committed seed, R-DRAW-1). Each is one pure decision of one command: no per-player
 * round trips. Targets: under 50 ms of CPU each (medians of process.cpuUsage), printed beside the figures. Run directly with
 * `npx tsx scripts/bench/flights.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { bagFlight, qualifyDay2 } from '../../domain/floor/flights';
import { commitSeatDraw } from '../../domain/floor/seat-draw';
import { drawSeating } from '../../domain/floor/seating';
import { validateSettings } from '../../domain/tournaments';
import type { Entry } from '../../domain/tournaments/types';
import { cpuMedian, verdict, type BenchRow } from './season';

const RUNS = 11;
const WARMUP = 2;
const TARGET_MS = 50;
const BAGGED = 1_000;
const FLIGHTS = 4;
const PER_FLIGHT = 2_500;
const STACK = 20_000;
const NOW = Date.UTC(2025, 0, 10, 18);

let ids = 0;
const ctx = (seed: number): Context => ({
  now: NOW,
  actor: { id: 'bench', role: 'manager' },
  rng: seededRandom(seed),
  newId: (prefix) => `${prefix}_${++ids}`,
});

/** Median CPU time (process.cpuUsage) of RUNS calls, printed beside the target. */
function measure(name: string, fn: (i: number) => unknown): BenchRow {
  const medianMs = cpuMedian(RUNS, WARMUP, fn);
  console.log(`${name}: ${medianMs} ms CPU (target under ${TARGET_MS} ms: ${verdict(medianMs, TARGET_MS)})`);
  return { name: `${name} (target < ${TARGET_MS} ms CPU)`, medianMs, runs: RUNS };
}

/** A tournament of `players` entries (ids p_<n>), running or open, the starting stack each. */
function tournament(id: string, status: FloorTournament['status'], players: string[]): FloorTournament {
  const settings = validateSettings(
    { name: id, startAt: NOW - 3_600_000, lateRegEndsAt: NOW - 60_000, buyIn: 0, startingStack: STACK },
    { currency: 'RUB' },
  );
  const entries: Record<string, Entry> = {};
  for (const p of players) {
    const eid = `ent_${id}_${p}`;
    entries[eid] = { id: eid, playerId: p, registrationId: `reg_${id}_${p}`, number: 1, status: 'active', chips: STACK, createdAt: NOW };
  }
  return {
    id,
    clubId: 'club_bench',
    status,
    settings,
    registrations: {},
    entries,
    fees: {},
    settlements: {},
    createdAt: NOW,
    updatedAt: NOW,
    version: 1,
  } as unknown as FloorTournament;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const players = Array.from({ length: BAGGED }, (_, i) => `p_${i}`);
  const flight = { ...tournament('fa', 'running', players), flight: { day2Id: 'd2' } };
  const counts = Object.values(flight.entries).map((e) => ({ entryId: e.id, chips: STACK }));
  rows.push(measure(`bagging ${BAGGED.toLocaleString('en')} counts`, () => bagFlight(flight, counts, ctx(1))));

  // Four flights of 2,500 survivors; a tenth of each flight's players also bagged in the flight before
  // (players of that flight's own range, so every flight after the first shares 250: 9,250 on day 2).
  const overlap = PER_FLIGHT / 10;
  const flights: FloorTournament[] = Array.from({ length: FLIGHTS }, (_, f) => {
    const ps = Array.from({ length: PER_FLIGHT }, (_, i) =>
      i < overlap && f > 0 ? `p_${(f - 1) * PER_FLIGHT + overlap + i}` : `p_${f * PER_FLIGHT + i}`,
    );
    const t = { ...tournament(`f${f}`, 'running', ps), flight: { day2Id: 'd2' } };
    const bag = Object.values(t.entries).map((e, i) => ({ entryId: e.id, chips: STACK + ((i % 7) - 3) * 1_000 }));
    // Stacks that still add up to the chips in play: the last one takes the difference.
    const sum = bag.reduce((s, c) => s + c.chips, 0);
    (bag[bag.length - 1] as { chips: number }).chips += STACK * PER_FLIGHT - sum;
    return bagFlight(t, bag, ctx(2 + f)).state;
  });
  const day2 = commitSeatDraw(
    { ...tournament('d2', 'registration_open', []), day2: { flightIds: flights.map((f) => f.id), stackRule: 'largest' } },
    'a'.repeat(64),
    NOW,
  );
  rows.push(
    measure(`day-2 draw, ${FLIGHTS} flights x ${PER_FLIGHT.toLocaleString('en')}`, (i) => {
      const q = qualifyDay2(day2, flights, ctx(100 + i));
      return drawSeating(q.state, ctx(200 + i));
    }),
  );
  // Its two halves: the day's field from the bagged stacks (an entry and a registration per player), then the draw.
  rows.push(measure('  of which: the day 2 field from the bagged stacks', (i) => qualifyDay2(day2, flights, ctx(300 + i))));
  const qualified = qualifyDay2(day2, flights, ctx(400)).state;
  if (Object.keys(qualified.entries).length !== FLIGHTS * PER_FLIGHT - (FLIGHTS - 1) * overlap) {
    throw new Error('benchmark setup: the day 2 does not have one entry per player');
  }
  rows.push(measure('  of which: the provable seat draw', (i) => drawSeating(qualified, ctx(500 + i))));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await run());
}
