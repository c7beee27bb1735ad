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
import { drawSeating } from '../../domain/floor/seating';
import { newId } from '../../functions/runtime/ids';
import { baggedFlights, fixtureTournament, openDay2 } from './flights-fixture';
import { cpuMedian, verdict, type BenchRow } from './season';

const RUNS = 31;
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

const FIXTURE = { now: NOW, stack: STACK, clubId: 'club_bench' };
// A tenth of each flight's players after the first also bagged in the flight before (players of that
// flight's own range, so every flight after the first shares 250: 9,250 on day 2).
const OVERLAP = PER_FLIGHT / 10;

/** Four bagged flights of 2,500 survivors and their day 2, its seed committed. */
export function day2Fixture(): { day2: FloorTournament; flights: FloorTournament[] } {
  const flights = baggedFlights(FIXTURE, {
    flightId: (f) => `f${f}`,
    day2Id: 'd2',
    flights: FLIGHTS,
    perFlight: PER_FLIGHT,
    player: (f, i) => (i < OVERLAP && f > 0 ? `p_${(f - 1) * PER_FLIGHT + OVERLAP + i}` : `p_${f * PER_FLIGHT + i}`),
    ctx: (f) => ctx(2 + f),
  });
  return { day2: openDay2(FIXTURE, 'd2', flights, 'a'.repeat(64)), flights };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const players = Array.from({ length: BAGGED }, (_, i) => `p_${i}`);
  const flight = { ...fixtureTournament(FIXTURE, 'fa', 'running', players), flight: { day2Id: 'd2' } };
  const counts = Object.values(flight.entries).map((e) => ({ entryId: e.id, chips: STACK }));
  rows.push(measure(`bagging ${BAGGED.toLocaleString('en')} counts`, () => bagFlight(flight, counts, ctx(1))));

  const { day2, flights } = day2Fixture();
  rows.push(
    measure(`day-2 draw, ${FLIGHTS} flights x ${PER_FLIGHT.toLocaleString('en')}`, (i) => {
      const q = qualifyDay2(day2, flights, ctx(100 + i));
      return drawSeating(q.state, ctx(200 + i));
    }),
  );
  // The same command with the ids the API makes (functions/runtime/ids.ts: time and random characters)
  // rather than the counter above: the ids are two per player, so their making is part of the command.
  const apiIds = (seed: number): Context => ({ ...ctx(seed), newId: (prefix) => newId(prefix, NOW) });
  rows.push(
    measure(`  the same with the API's ids`, (i) => {
      const q = qualifyDay2(day2, flights, apiIds(600 + i));
      return drawSeating(q.state, apiIds(700 + i));
    }),
  );
  // Its two halves: the day's field from the bagged stacks (an entry and a registration per player), then the draw.
  rows.push(measure('  of which: the day 2 field from the bagged stacks', (i) => qualifyDay2(day2, flights, ctx(300 + i))));
  const qualified = qualifyDay2(day2, flights, ctx(400)).state;
  if (Object.keys(qualified.entries).length !== FLIGHTS * PER_FLIGHT - (FLIGHTS - 1) * OVERLAP) {
    throw new Error('benchmark setup: the day 2 does not have one entry per player');
  }
  rows.push(measure('  of which: the provable seat draw', (i) => drawSeating(qualified, ctx(500 + i))));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await run());
}
