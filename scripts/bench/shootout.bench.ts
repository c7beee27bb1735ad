/**
 * `npm run bench -- shootout`: closing a shootout's round and drawing the next one (R-SHOOT-2) at 1,000
 * entries on tables of 10 (100 tables, one advancing each), target under 50 ms CPU. The close is one
 * tournament command: it writes one event whatever the field (the tables change inside it), so nothing is
 * written per player. Medians of CPU time.
 */
import { pathToFileURL } from 'node:url';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { closeShootoutRound, currentRound } from '../../domain/floor/shootout';
import { initialDraw } from '../../domain/seating';
import { validateSettings } from '../../domain/tournaments';
import { cpuMedian, verdict, type BenchRow } from './season';

const FIELD = 1_000;
const SEATS = 10;
const TARGET_MS = 50;
const NOW = Date.UTC(2026, 11, 2, 18);

let ids = 0;
const ctx = (seed: number): Context => ({
  now: NOW,
  actor: { id: 'bench', role: 'manager' },
  rng: seededRandom(seed),
  newId: (prefix) => `${prefix}_${++ids}`,
});

/** A running shootout whose round 1 is decided: every table of ten down to its one advancing player. */
function decidedRound(): FloorTournament {
  const settings = validateSettings(
    {
      name: 'Bench shootout',
      startAt: NOW,
      lateRegEndsAt: NOW + 3_600_000,
      buyIn: 0,
      startingStack: 10_000,
      seatsPerTable: SEATS,
      format: 'shootout',
    },
    { currency: 'RUB' },
  );
  const entries: FloorTournament['entries'] = {};
  const entryIds = Array.from({ length: FIELD }, (_, i) => `ent_${String(i).padStart(4, '0')}`);
  entryIds.forEach((id, i) => {
    entries[id] = { id, playerId: `ply_${i}`, registrationId: `reg_${i}`, number: 1, status: 'active', chips: 10_000, createdAt: NOW };
  });
  const seed = 'YmVuY2gtc2hvb3RvdXQtc2VlZC0zMi1ieXRlcy1sb25nLS0';
  const drawn = initialDraw(undefined, { entryIds, seatsPerTable: SEATS, committedSeed: seed }, ctx(1)).state;
  // Every seat but the first of each table busted.
  const tables = { ...drawn.tables };
  const seatOf: NonNullable<FloorTournament['seating']>['seatOf'] = {};
  for (const [id, table] of Object.entries(tables)) {
    const seats = table.seats.map((e, i) => (i === 0 ? e : null));
    tables[id] = { ...table, seats };
    for (const [i, e] of table.seats.entries()) {
      if (e === null) continue;
      if (i === 0) seatOf[e] = { tableId: id, seat: 0 };
      else entries[e] = { ...(entries[e] as FloorTournament['entries'][string]), status: 'busted', bustedAt: NOW };
    }
  }
  return {
    id: 'trn_bench',
    clubId: 'club_bench',
    status: 'running',
    version: 1,
    settings,
    createdAt: NOW,
    updatedAt: NOW,
    registrations: {},
    entries,
    fees: {},
    settlements: {},
    seating: { ...drawn, tables, seatOf },
    seatDraw: { seed, commitment: '', committedAt: NOW, drawnAt: NOW, seatsPerTable: SEATS, entryIds: [...entryIds].sort(), late: [] },
  };
}

export async function run(): Promise<BenchRow[]> {
  const t = decidedRound();
  const once = closeShootoutRound(t, ctx(2));
  if (currentRound(once.state) !== 2 || Object.keys(once.state.seating?.seatOf ?? {}).length !== FIELD / SEATS) {
    throw new Error('benchmark setup: the close did not draw round 2 with one player per table');
  }
  const runs = 21;
  const ms = cpuMedian(runs, 3, (i) => closeShootoutRound(t, ctx(100 + i)));
  console.log(
    `shootout: close a round + draw the next, ${FIELD} entries: ${ms} ms CPU (target under ${TARGET_MS} ms: ${verdict(ms, TARGET_MS)}); events written: 1 (${once.events.length} domain events in it)`,
  );
  return [{ name: `shootout close + draw, ${FIELD.toLocaleString('en')} entries (target < ${TARGET_MS} ms CPU)`, medianMs: ms, runs }];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await run());
