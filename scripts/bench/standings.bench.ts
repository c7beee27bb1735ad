/**
 * `npm run bench -- standings`: a league's standings (R-LEAGUE-3, R-LEAGUE-4). Recomputation from the
 * stored results of 50 tournaments x 300 players (points by formula, then the table), target under
 * 200 ms CPU; the incremental update when one more tournament finishes, target under 20 ms CPU at any
 * league size (measured at 50, 500 and 2,000 counted tournaments): the per-player update a store of one
 * record per player runs, and, for scale, the whole in-memory table's, which is linear in the league.
 * Medians of CPU time.
 */
import { pathToFileURL } from 'node:url';
import { seededRandom } from '../../domain/core/random';
import { applyContribution, buildStandings, compilePointsRule, contributionOf, updatePlayerStandings } from '../../domain/season';
import { cpuMedian, randomFinish, randomLeague, verdict, type BenchRow } from './season';

const FORMULA = compilePointsRule({ kind: 'sqrt_decay', knockoutPoints: 2 });
const RECOMPUTE_TARGET_MS = 200;
const UPDATE_TARGET_MS = 20;

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const league = randomLeague(1, 50, 300, 3_000);
  const recompute = cpuMedian(15, 3, () =>
    buildStandings(
      league.map((f) => contributionOf(f, FORMULA)),
      { bestOf: 20 },
    ),
  );
  console.log(
    `standings: recompute 50 x 300 from results ${recompute} ms CPU (target under ${RECOMPUTE_TARGET_MS} ms: ${verdict(recompute, RECOMPUTE_TARGET_MS)})`,
  );
  rows.push({ name: `recompute 50 tournaments x 300 players (target < ${RECOMPUTE_TARGET_MS} ms CPU)`, medianMs: recompute, runs: 15 });

  for (const [tournaments, pool] of [
    [50, 3_000],
    [500, 30_000],
    [2_000, 100_000],
  ] as const) {
    const base = buildStandings(
      randomLeague(2, tournaments, 300, pool).map((f) => contributionOf(f, FORMULA)),
      { bestOf: 20 },
    );
    const rng = seededRandom(3);
    const finishes = Array.from({ length: 25 }, (_, i) => randomFinish(rng, `n${i}`, 300, pool, 1_000_000 + i));
    const next = (i: number) => finishes[(i + 25) % 25] as (typeof finishes)[number];
    const update = cpuMedian(21, 4, (i) => applyContribution(base, contributionOf(next(i), FORMULA)));
    const perPlayer = cpuMedian(21, 4, (i) => {
      const c = contributionOf(next(i), FORMULA);
      return updatePlayerStandings(base.players, c.tournamentId, [], c, base.options);
    });
    const players = base.order.length;
    console.log(
      `standings: one finish of 300 into ${tournaments} tournaments (${players} players): per-player records ${perPlayer} ms CPU ` +
        `(target under ${UPDATE_TARGET_MS} ms: ${verdict(perPlayer, UPDATE_TARGET_MS)}); whole in-memory table ${update} ms CPU (linear in the league)`,
    );
    rows.push({
      name: `update on one finish, per-player records, league of ${tournaments} x 300, ${players} players (target < ${UPDATE_TARGET_MS} ms CPU)`,
      medianMs: perPlayer,
      runs: 21,
    });
    rows.push({ name: `update on one finish, whole in-memory table, ${players} players (no target)`, medianMs: update, runs: 21 });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await run());
