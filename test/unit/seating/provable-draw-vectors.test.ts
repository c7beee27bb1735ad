import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../../domain/core/context';
import { seededRandom } from '../../../domain/core/random';
import { qualifyDay2 } from '../../../domain/floor/flights';
import { nextLateLot, seatDrawView, withLateSeat } from '../../../domain/floor/seat-draw';
import { drawSeating } from '../../../domain/floor/seating';
import {
  dealRoundRobin,
  drawStream,
  initialDraw,
  provableLateSeat,
  provableRoundOrder,
  seatDrawCommitment,
  seatLateEntrant,
  SEAT_DRAW_ALGORITHM,
} from '../../../domain/seating';
import type { SeatingState } from '../../../domain/seating';
import { baggedFlights, openDay2 } from '../../../scripts/bench/flights-fixture';

/*
 * R-DRAW-1 fixed vectors: the seats the provable draw gives for fixed seeds and fields, recorded once. The
 * published algorithm (docs/decisions/seat-draw.md) must never change its answers: every draw already
 * published has to re-derive the same way forever, whatever is done to the code's speed. Each vector is
 * also re-derived by scripts/verify-seat-draw.py, the independent implementation anyone can run.
 */

const SCRIPT = join(import.meta.dirname, '../../../scripts/verify-seat-draw.py');
const NOW = Date.UTC(2026, 11, 2, 18);
const STACK = 20_000;

/** The seeds the API makes: 32 bytes as 64 hex digits. */
const seedOf = (name: string): string => createHash('sha256').update(name).digest('hex');
const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A context of its own: ids depend on nothing outside the vector. */
function ctxFor(seed: number): Context {
  let n = 0;
  return { now: NOW, actor: { id: 'floor', role: 'manager' }, rng: seededRandom(seed), newId: (p) => `${p}_${++n}` };
}

interface Seat {
  entryId: string;
  table: number;
  seat: number;
}

/** The active tables' seats (1-based), in table then seat order: the form the verifier prints. */
function seatsOf(s: SeatingState): Seat[] {
  const out: Seat[] = [];
  for (const t of Object.values(s.tables)) {
    if (t.status !== 'active') continue;
    t.seats.forEach((entryId, i) => {
      if (entryId !== null) out.push({ entryId, table: t.number, seat: i + 1 });
    });
  }
  return out.sort((a, b) => a.table - b.table || a.seat - b.seat);
}

interface Derived {
  initial: Seat[];
  late: { sequence: number; entryId: string; table: number; seat: number }[];
  rounds: { round: number; seats: Seat[] }[];
}

function verify(proof: unknown): Derived {
  const r = spawnSync('python3', [SCRIPT, '--proof', '-', '--json'], { input: JSON.stringify(proof), encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr + r.stdout).toBe(0);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] as string) as Derived;
}

/** Ids of mixed length and case, so the code-unit sort matters. */
const fieldOf = (n: number, tag: string): string[] =>
  Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `ent_${tag}${i}` : i % 3 === 1 ? `ent_${tag.toUpperCase()}${i * 7}` : `e${i}_${tag}`));

const INITIAL = [
  { name: 'one entry', tag: 'on', seed: seedOf('vector-1'), n: 1, seats: 9 },
  { name: 'two entries', tag: 'tw', seed: seedOf('vector-2'), n: 2, seats: 9 },
  { name: 'a short table', tag: 'sh', seed: seedOf('vector-3'), n: 23, seats: 9 },
  { name: 'full tables', tag: 'fu', seed: seedOf('vector-4'), n: 90, seats: 10 },
  { name: 'a thousand entries', tag: 'th', seed: seedOf('vector-5'), n: 1_000, seats: 10 },
  { name: 'ten thousand entries', tag: 'te', seed: seedOf('vector-6'), n: 10_000, seats: 9 },
  { name: 'a seed that is not hex', tag: 'nh', seed: 'a-committed-seed', n: 57, seats: 8 },
] as const;

const seat = (entryId: string, table: number, seatNo: number): Seat => ({ entryId, table, seat: seatNo });

const EXPECTED_INITIAL: Record<string, { digest: string; first: Seat; last: Seat }> = {
  'one entry': {
    digest: '49b8b54143e88bc7598e6509dd1d9166001745a731dbe2da584a775fa5de331d',
    first: seat('ent_on0', 1, 1),
    last: seat('ent_on0', 1, 1),
  },
  'two entries': {
    digest: '5d735c58d88e40274e5acd342663db0514c0cf691cbf3bee56de15546ba2569e',
    first: seat('ent_TW7', 1, 1),
    last: seat('ent_tw0', 1, 2),
  },
  'a short table': {
    digest: 'de6dafaa528384012c95a4acccd32e2cfe0a57a74e1e96155a02a80084fced10',
    first: seat('ent_sh21', 1, 1),
    last: seat('ent_SH49', 3, 7),
  },
  'full tables': {
    digest: '95ad0317cea190fcd0d769b088705af2652baf01d97b430b666e9a6214f47105',
    first: seat('e74_fu', 1, 1),
    last: seat('e5_fu', 9, 10),
  },
  'a thousand entries': {
    digest: '50dd06493d00521bce0e339322c8671829419ab6374c2a9723666cb03ddae0f6',
    first: seat('e308_th', 1, 1),
    last: seat('e581_th', 100, 10),
  },
  'ten thousand entries': {
    digest: 'ae5b84f8d63db596c8a94a5666c4d51297159086c0a08b3f972783034ed76dd1',
    first: seat('ent_TE1162', 1, 1),
    last: seat('ent_te5787', 1112, 8),
  },
  'a seed that is not hex': {
    digest: 'ce96aca1bafa664bf5122a711fcb96fded3d4833117519c8a05d6987df747497',
    first: seat('ent_nh15', 1, 1),
    last: seat('ent_NH49', 8, 7),
  },
};

const EXPECTED_STREAM = [
  4, 8, 6, 8, 5, 4, 1, 1, 1, 0, 0, 0, 557144841, 1670674707, 1565353856, 163187, 361034, 545815, 4, 0, 6, 1, 0, 0, 30, 26, 17, 1155, 8433,
  3991,
];
const EXPECTED_LATE = { digest: 'ea4bffbf66eb246776bab5a3848fe09e743a1aaaab66159f55f4fd70399cfef3', seats: [9, 9, 9, 8, 7, 5, 4, 4, 6] };
const EXPECTED_ROUNDS = [
  'de43f4df23a17fdbf305728b08b1ed0660e205b4adedded4a07ee53622765f89',
  'bc6c5521a2d16a2df49e234dcd63b655ca2f3f3cedeff5191b4d1011f57b43f0',
  'a1e7e367382bbf796eccbf220236ae7704ff7f8279246e8630663220170e857b',
];
const EXPECTED_DAY2 = {
  players: 1170,
  digest: '2e5a84b1cc8a0a28dcb04492c231350f2f193ba7163f494549529cd557f7cd2e',
  first: seat('ent_72', 1, 1),
  last: seat('ent_1018', 130, 9),
  lateDigest: '53247f6053004e3b6a9f26e22df2c924f034024c0585e1def52116d1ec4ed121',
};

// The verifier is a Python process per vector, slow to start on a busy machine.
describe('R-DRAW-1: the provable draw gives the seats it always gave (fixed vectors)', { timeout: 60_000 }, () => {
  it('R-DRAW-1: the committed stream gives fixed numbers, across blocks and rejections', () => {
    const draw = drawStream(seedOf('stream'), `${SEAT_DRAW_ALGORITHM}/test`);
    // 2^31 + 1 rejects almost half the words; 1 draws nothing from the stream's words but still reads one.
    const got = [10, 9, 2, 1, 2 ** 31 + 1, 1_000_000, 7, 3, 52, 10_000].flatMap((n) => [draw(n), draw(n), draw(n)]);
    expect(got).toEqual(EXPECTED_STREAM);
  });

  it.each(INITIAL)('R-DRAW-1: initial draw, $name ($n entries, $seats seats), and the verifier agrees', ({ name, tag, seed, n, seats }) => {
    const entryIds = fieldOf(n, tag);
    const s = initialDraw(undefined, { entryIds, seatsPerTable: seats, committedSeed: seed }, ctxFor(1)).state;
    const mine = seatsOf(s);
    const want = EXPECTED_INITIAL[name];
    expect({ digest: digest(mine), first: mine[0], last: mine[mine.length - 1] }).toEqual(want);
    const proof = {
      algorithm: SEAT_DRAW_ALGORITHM,
      commitment: seatDrawCommitment(seed),
      seed,
      seatsPerTable: seats,
      entryIds: [...entryIds].sort(),
      late: [],
      rounds: [],
    };
    expect(digest(verify(proof).initial)).toBe(want?.digest);
  });

  it('R-DRAW-1: entries seated after the draw take fixed seats from the committed stream, and the verifier agrees', () => {
    const seed = seedOf('vector-late');
    const entryIds = fieldOf(23, 'la');
    const ctx = ctxFor(2);
    let s = initialDraw(undefined, { entryIds, seatsPerTable: 9, committedSeed: seed }, ctx).state;
    const late: { sequence: number; entryId: string; tableNumber: number; freeSeats: number[]; seat: number }[] = [];
    // Nine late entries and re-entries: the short table fills, then the others, then a new table opens.
    for (let k = 1; k <= 9; k++) {
      const entryId = k % 2 ? `ent_late${k}` : `ent_re${k}-2`;
      const r = seatLateEntrant(s, { entryId, lot: { seed, sequence: k } }, ctx);
      s = r.state;
      const lot = r.lot as NonNullable<typeof r.lot>;
      late.push({ sequence: k, entryId, tableNumber: lot.tableNumber, freeSeats: lot.freeSeats, seat: lot.seat });
    }
    expect({ digest: digest(late), seats: late.map((l) => l.seat) }).toEqual(EXPECTED_LATE);
    // The lot alone, off the seating: the same seat from the same sequence, entry and free seats.
    for (const l of late) expect(provableLateSeat(seed, l.sequence, l.entryId, l.freeSeats)).toBe(l.seat);
    const derived = verify({
      algorithm: SEAT_DRAW_ALGORITHM,
      commitment: seatDrawCommitment(seed),
      seed,
      seatsPerTable: 9,
      entryIds: [...entryIds].sort(),
      late,
      rounds: [],
    });
    expect(derived.late).toEqual(late.map((l) => ({ sequence: l.sequence, entryId: l.entryId, table: l.tableNumber, seat: l.seat })));
  });

  it("R-DRAW-1, R-SHOOT-2: a shootout's later rounds are fixed by the seed, and the verifier agrees", () => {
    const seed = seedOf('vector-rounds');
    const cases = [
      { round: 2, entryIds: fieldOf(100, 'r2'), seatsPerTable: 10, firstTableNumber: 101 },
      { round: 3, entryIds: fieldOf(10, 'r3'), seatsPerTable: 10, firstTableNumber: 111 },
      { round: 2, entryIds: fieldOf(37, 'r4'), seatsPerTable: 6, firstTableNumber: 8 },
    ];
    const derived = verify({
      algorithm: SEAT_DRAW_ALGORITHM,
      commitment: seatDrawCommitment(seed),
      seed,
      seatsPerTable: 10,
      entryIds: [],
      late: [],
      rounds: cases.slice(0, 2),
    });
    cases.forEach((c, i) => {
      const layout = dealRoundRobin(provableRoundOrder(c.entryIds, seed, c.round), c.seatsPerTable);
      const mine: Seat[] = [];
      layout.forEach((seats, t) =>
        seats.forEach((entryId, seat) => {
          if (entryId !== null) mine.push({ entryId, table: c.firstTableNumber + t, seat: seat + 1 });
        }),
      );
      mine.sort((a, b) => a.table - b.table || a.seat - b.seat);
      expect(digest(mine)).toBe(EXPECTED_ROUNDS[i]);
      if (i < 2) expect(digest(derived.rounds[i]?.seats)).toBe(EXPECTED_ROUNDS[i]);
    });
  });

  it('R-DRAW-1, R-FLIGHT-1: a day 2 drawn from four bagged flights, with late entries, re-derives from its published proof', () => {
    const ctx = ctxFor(3);
    const fixture = { now: NOW, stack: STACK, clubId: 'club_vectors', seatsPerTable: 9 };
    const flights = baggedFlights(fixture, {
      flightId: (f) => `trn_f${f}`,
      day2Id: 'trn_d2',
      flights: 4,
      perFlight: 300,
      // 300 a flight; the first 30 of the second flight played the first too.
      player: (f, i) => (i < 30 && f > 0 ? `ply_${(f - 1) * 300 + i}` : `ply_${f * 300 + i}`),
      ctx: () => ctx,
    });
    const open = openDay2(fixture, 'trn_d2', flights, seedOf('vector-day2'));
    const qualified = qualifyDay2(open, flights, ctx).state;
    let day2 = drawSeating(qualified, ctx).state;
    const seats = seatsOf(day2.seating as SeatingState);
    // Three players coming late to the day 2, seated from the same committed stream.
    for (const entryId of ['ent_d2late1', 'ent_d2late2', 'ent_d2late3']) {
      const lot = nextLateLot(day2) as NonNullable<ReturnType<typeof nextLateLot>>;
      const r = seatLateEntrant(day2.seating as SeatingState, { entryId, lot }, ctx);
      day2 = withLateSeat({ ...day2, seating: r.state }, entryId, r.lot as NonNullable<typeof r.lot>, NOW);
    }
    const proof = seatDrawView(day2);
    expect({
      players: seats.length,
      digest: digest(seats),
      first: seats[0],
      last: seats[seats.length - 1],
      lateDigest: digest(proof.late),
    }).toEqual(EXPECTED_DAY2);
    const derived = verify(proof);
    expect(digest(derived.initial)).toBe(EXPECTED_DAY2.digest);
    expect(derived.late.map((l) => l.seat)).toEqual(proof.late.map((l) => l.seat));
  });
});
