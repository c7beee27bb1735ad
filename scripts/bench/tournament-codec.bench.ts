/**
 * The per-request CPU of the tournament partition for a field of 2,000 entries: decoding the loaded
 * parts into the aggregate, and encoding + diffing the next state to find what to write.
 */
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../../domain/core/random';
import type { Context } from '../../domain/core/context';
import { changeStatus, checkIn, createTournament, rebuy, register, type Tournament } from '../../domain/tournaments';
import { decode, diff, encode } from '../../functions/store/aggregate-codec';
import { TOURNAMENT_LAYOUT } from '../../functions/store/tournament-store';

const FIELD = 2000;
const RUNS = 21;
let n = 0;
const ctx = (now: number): Context => ({
  now,
  actor: { id: 'bench', role: 'manager' },
  rng: seededRandom(1),
  newId: (p) => `${p}_${(++n).toString(36)}`,
});

function field(): Tournament {
  const start = Date.UTC(2026, 0, 1, 18);
  let t = createTournament(
    {
      clubId: 'c',
      clubCurrency: 'RUB',
      settings: {
        name: 'Bench',
        startAt: start,
        lateRegEndsAt: start + 3_600_000,
        buyIn: 1000,
        rebuy: 1000,
        startingStack: 10_000,
        seatsPerTable: 10,
      },
    },
    ctx(start - 7_200_000),
  ).state;
  t = changeStatus(t, { to: 'registration_open' }, ctx(start - 7_000_000)).state;
  for (let i = 0; i < FIELD; i++) {
    const r = register(t, { playerId: `p${i}`, otherRegistrations: [] }, ctx(start - 6_000_000));
    t = checkIn(
      r.state,
      { registrationId: Object.keys(r.state.registrations).find((id) => !t.registrations[id]) as string },
      ctx(start - 5_000_000),
    ).state;
  }
  return changeStatus(t, { to: 'running' }, ctx(start)).state;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

function measure(name: string, fn: () => unknown) {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return { name, medianMs: Number(median(times).toFixed(3)), runs: RUNS };
}

export async function run() {
  const t = field();
  const parts = encode(t, TOURNAMENT_LAYOUT);
  const entryId = Object.keys(t.entries)[100] as string;
  const next = rebuy(t, { entryId }, ctx(Date.UTC(2026, 0, 1, 19))).state;
  return [
    measure(`decode ${FIELD}-entry tournament (${parts.size} parts)`, () => decode(parts, TOURNAMENT_LAYOUT)),
    measure('rebuy (domain) on it', () => rebuy(t, { entryId }, ctx(Date.UTC(2026, 0, 1, 19)))),
    measure('encode + diff after a rebuy, from scratch', () => diff(parts, encode(next, TOURNAMENT_LAYOUT))),
    measure('encode + diff after a rebuy, against the loaded state', () =>
      diff(parts, encode(next, TOURNAMENT_LAYOUT, { state: t, parts })),
    ),
  ];
}
