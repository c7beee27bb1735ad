/**
 * Hold'em evaluator benchmark and proof. Compares ours with phe on every 5-card hand (2,598,960) and on
 * 1,000,000 random 7-card hands (the class must be exactly 7463 minus phe's number: same order, same ties),
 * orders 10,000 random pairs of 7-card hands as pokersolver does, and measures evaluations per second of each
 * on the same hands (median of RUNS). Fails (exit 1) on any disagreement. Run alone with
 * `npx tsx scripts/bench/holdem.bench.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { HAND_CLASSES, rank5, rank7, rankCards, warmUp } from '../../domain/holdem/evaluator';
import { hands, pheEvaluate5, pheEvaluate7, solve, solverOrder, toPhe } from '../../test/unit/holdem/reference-evaluators';

export interface BenchRow {
  name: string;
  medianMs: number;
  runs: number;
}

const SEVEN = 1_000_000;
const SOLVER_PAIRS = 10_000;
const RUNS = 5;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
};

function timed(fn: () => number): { ms: number; sink: number } {
  const t0 = performance.now();
  const sink = fn();
  return { ms: performance.now() - t0, sink };
}

export async function run(): Promise<BenchRow[]> {
  const build = timed(() => (warmUp(), 0)).ms;

  // Every 5-card hand.
  let five = 0;
  let fiveBad = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            five++;
            if (rank5(a, b, c, d, e) + pheEvaluate5(toPhe(a), toPhe(b), toPhe(c), toPhe(d), toPhe(e)) !== HAND_CLASSES + 1) fiveBad++;
          }

  // 1,000,000 random 7-card hands, the same for both.
  const ours = hands(SEVEN, 7, 20251201);
  const theirs = ours.map(toPhe);
  let sevenBad = 0;
  for (let i = 0; i < SEVEN; i++) {
    const o = i * 7;
    const x = rank7(ours[o]!, ours[o + 1]!, ours[o + 2]!, ours[o + 3]!, ours[o + 4]!, ours[o + 5]!, ours[o + 6]!);
    const y = pheEvaluate7(theirs[o]!, theirs[o + 1]!, theirs[o + 2]!, theirs[o + 3]!, theirs[o + 4]!, theirs[o + 5]!, theirs[o + 6]!);
    if (x + y !== HAND_CLASSES + 1) sevenBad++;
  }

  const oursRuns: number[] = [];
  const pheRuns: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    oursRuns.push(
      timed(() => {
        let acc = 0;
        for (let i = 0; i < SEVEN; i++) {
          const o = i * 7;
          acc += rank7(ours[o]!, ours[o + 1]!, ours[o + 2]!, ours[o + 3]!, ours[o + 4]!, ours[o + 5]!, ours[o + 6]!);
        }
        return acc;
      }).ms,
    );
    pheRuns.push(
      timed(() => {
        let acc = 0;
        for (let i = 0; i < SEVEN; i++) {
          const o = i * 7;
          acc += pheEvaluate7(theirs[o]!, theirs[o + 1]!, theirs[o + 2]!, theirs[o + 3]!, theirs[o + 4]!, theirs[o + 5]!, theirs[o + 6]!);
        }
        return acc;
      }).ms,
    );
  }

  // pokersolver: pairwise order on a sample, and its speed (it parses text; we time solve() only).
  const pairs = hands(SOLVER_PAIRS * 2, 7, 424242);
  const solverInput = Array.from({ length: SOLVER_PAIRS * 2 }, (_, i) => Array.from(pairs.subarray(i * 7, i * 7 + 7)));
  const t0 = performance.now();
  const solved = solverInput.map(solve);
  const solverMs = performance.now() - t0;
  let solverBad = 0;
  for (let i = 0; i < SOLVER_PAIRS; i++) {
    const a = solverInput[2 * i] as number[];
    const b = solverInput[2 * i + 1] as number[];
    if (Math.sign(rankCards(a) - rankCards(b)) !== solverOrder(solved[2 * i]!, solved[2 * i + 1]!)) solverBad++;
  }

  const oursMs = median(oursRuns);
  const pheMs = median(pheRuns);
  const perSec = (n: number, ms: number) => Math.round((n / ms) * 1000);
  const oursRate = perSec(SEVEN, oursMs);
  const pheRate = perSec(SEVEN, pheMs);
  const solverRate = perSec(SOLVER_PAIRS * 2, solverMs);
  const fastest = Math.max(pheRate, solverRate);
  console.log(
    [
      `holdem evaluator: tables built in ${build.toFixed(0)} ms`,
      `  5-card hands compared with phe: ${five.toLocaleString('en')}, disagreements ${fiveBad}`,
      `  7-card hands compared with phe: ${SEVEN.toLocaleString('en')}, disagreements ${sevenBad}`,
      `  7-card pairs ordered like pokersolver: ${SOLVER_PAIRS.toLocaleString('en')}, disagreements ${solverBad}`,
      `  7-card evaluations per second: ours ${oursRate.toLocaleString('en')}, phe ${pheRate.toLocaleString('en')}, pokersolver ${solverRate.toLocaleString('en')}`,
      `  ratio ours / fastest reference: ${(oursRate / fastest).toFixed(2)}x`,
    ].join('\n'),
  );
  if (fiveBad || sevenBad || solverBad) {
    process.exitCode = 1;
    console.error('holdem evaluator: disagreements with the reference evaluators');
  }
  return [
    { name: `ours: ${SEVEN.toLocaleString('en')} 7-card hands`, medianMs: Number(oursMs.toFixed(1)), runs: RUNS },
    { name: `phe: ${SEVEN.toLocaleString('en')} 7-card hands`, medianMs: Number(pheMs.toFixed(1)), runs: RUNS },
    { name: `pokersolver: ${(SOLVER_PAIRS * 2).toLocaleString('en')} 7-card hands`, medianMs: Number(solverMs.toFixed(1)), runs: 1 },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await run());
}
