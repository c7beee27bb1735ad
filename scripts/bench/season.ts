/**
 * Shared by the season benchmarks: seeded leagues of finished tournaments and a CPU-time median
 * (user + system, so that a busy shared machine's neighbours count less than in wall time).
 */
import { seededRandom, type Random } from '../../domain/core/random';
import type { FinishedTournament } from '../../domain/season';

export interface BenchRow {
  name: string;
  medianMs: number;
  runs: number;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Median CPU milliseconds of `runs` calls after `warmup` untimed ones; `fn(i)` gets the run index. */
export function cpuMedian(runs: number, warmup: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < warmup; i++) fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    fn(i);
    const d = process.cpuUsage(c0);
    times.push((d.user + d.system) / 1000);
  }
  return Number(median(times).toFixed(3));
}

const pad = (n: number) => String(n).padStart(6, '0');

/** A finish of `size` players drawn from a pool of `pool`, a few sharing a place, with knockouts and re-entries. */
export function randomFinish(rng: Random, id: string, size: number, pool: number, finishedAt: number): FinishedTournament {
  const picked = new Set<string>();
  while (picked.size < Math.min(size, pool)) picked.add(`p${pad(rng.int(pool))}`);
  const ids = [...picked];
  let place = 1;
  const rows = ids.map((playerId, i) => {
    if (i > 0 && rng.next() > 0.05) place = i + 1;
    return { playerId, place, entries: rng.next() < 0.2 ? 2 : 1, knockouts: rng.int(5) / 2, rebuys: 0, addons: rng.int(2) };
  });
  return {
    tournamentId: `t${pad(finishedAt)}`,
    clubId: 'club-bench',
    finishedAt,
    entries: size + Math.round(size * 0.2),
    paidPlaces: Math.round(size * 0.12),
    rows,
  };
}

export function randomLeague(seed: number, tournaments: number, size: number, pool: number): FinishedTournament[] {
  const rng = seededRandom(seed);
  return Array.from({ length: tournaments }, (_, i) => randomFinish(rng, `t${i}`, size, pool, i + 1));
}

export const verdict = (value: number, target: number): string => `${value <= target ? 'met' : 'NOT MET'}`;
