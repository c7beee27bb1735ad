/**
 * Seating benchmark: a 10,000-entry field on 1,000 tables of 10 seats. Measures the initial draw,
 * the balancing that follows a knockout, and breaking a table (median of RUNS timed runs after a
 * short warm-up). Run directly with `npx tsx scripts/bench/seating.bench.ts` to print the table.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';
import { afterKnockout, breakTable, initialDraw } from '../../domain/seating';
import type { SeatingState, Table } from '../../domain/seating';

const FIELD = 10_000;
const SEATS = 10;
const RUNS = 21;
const WARMUP = 3;

export interface BenchRow {
  name: string;
  medianMs: number;
  runs: number;
}

let ids = 0;
const ctx = (seed: number): Context => ({
  now: Date.UTC(2025, 0, 10, 18),
  actor: { id: 'bench', role: 'manager' },
  rng: seededRandom(seed),
  newId: (prefix) => `${prefix}_${++ids}`,
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function measure(name: string, fn: (i: number) => unknown): BenchRow {
  for (let i = 0; i < WARMUP; i++) fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn(i);
    times.push(performance.now() - t0);
  }
  return { name, medianMs: Number(median(times).toFixed(3)), runs: RUNS };
}

const tableNumbered = (s: SeatingState, n: number): Table => Object.values(s.tables).find((t) => t.number === n) as Table;

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`benchmark setup: ${what}`);
}

export async function run(): Promise<BenchRow[]> {
  const entryIds = Array.from({ length: FIELD }, (_, i) => `ent_${String(i).padStart(5, '0')}`);
  const draw = (seed: number) => initialDraw(undefined, { entryIds, seatsPerTable: SEATS }, ctx(seed));
  const rows: BenchRow[] = [measure(`initial draw (${FIELD} entries, ${SEATS} seats)`, (i) => draw(1000 + i))];

  // Table 1 is one short already; a second knockout there leaves 8 v 10 and forces one balancing move.
  const drawn = draw(1).state;
  check(Object.keys(drawn.tables).length === FIELD / SEATS, 'draw opened the expected number of tables');
  const t1 = tableNumbered(drawn, 1);
  const oneShort = afterKnockout(drawn, { entryId: t1.seats[0] as string }, ctx(2)).state;
  const victim = t1.seats[1] as string;
  check(afterKnockout(oneShort, { entryId: victim }, ctx(3)).state.moves.length === 1, 'knockout triggers one move');
  rows.push(measure('knockout + balancing move', (i) => afterKnockout(oneShort, { entryId: victim }, ctx(3000 + i))));

  // Twenty knockouts spread over the tables make room for one table to break.
  let roomy = drawn;
  for (let n = 1; n <= 20; n++) {
    const t = tableNumbered(roomy, n * 37);
    roomy = afterKnockout(roomy, { entryId: t.seats.find((e) => e !== null) as string }, ctx(4000 + n)).state;
  }
  check(breakTable(roomy, {}, ctx(5)).state.moves.length >= SEATS - 1, 'break moves the table out');
  rows.push(measure('break a table (next in order)', (i) => breakTable(roomy, {}, ctx(5000 + i))));
  return rows;
}

const direct = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (direct) {
  const rows = await run();
  console.table(rows);
}
