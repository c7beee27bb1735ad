/**
 * `npm run bench -- rating`: the rating update for one finished tournament (R-RATE-1), a 300-player
 * field with every player rated before, target under 50 ms CPU; 1,000 (the largest field of the
 * quadratic full-pairing model) and 3,000 (partial pairing) are shown for scale. Medians of CPU time.
 */
import { pathToFileURL } from 'node:url';
import { seededRandom } from '../../domain/core/random';
import { FULL_PAIRING_MAX_FIELD, rateFinish, ratingModelFor, recomputeRatings } from '../../domain/season';
import { cpuMedian, randomFinish, randomLeague, verdict, type BenchRow } from './season';

const TARGET_MS = 50;

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of [300, FULL_PAIRING_MAX_FIELD, 3_000]) {
    const pool = size * 2;
    const prior = recomputeRatings(randomLeague(5, 5, size, pool));
    const rng = seededRandom(6);
    const finishes = Array.from({ length: 10 }, (_, i) => randomFinish(rng, `r${i}`, size, pool, 1_000 + i));
    const runs = size > 1_000 ? 7 : 15;
    const ms = cpuMedian(runs, 2, (i) => rateFinish(prior, finishes[(i + 10) % 10] as (typeof finishes)[number]));
    const target = size === 300 ? ` (target under ${TARGET_MS} ms: ${verdict(ms, TARGET_MS)})` : '';
    console.log(`rating: one finish of ${size} players, ${ratingModelFor(size)} ${ms} ms CPU${target}`);
    rows.push({
      name: `rate one finish, ${size} players, ${ratingModelFor(size)}${size === 300 ? ` (target < ${TARGET_MS} ms CPU)` : ''}`,
      medianMs: ms,
      runs,
    });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await run());
