/**
 * npm run bench:money — the money checker (R-MONEY-2) against its labelled corpus: recall on money
 * phrases (refused or held), false refusals and false reviews on allowed phrases, per category, and
 * the time per typical 200-character text. Exits non-zero when a target is missed.
 */
import { checkMoney } from '../../domain/text/money/checker';
import { CORPUS } from '../../test/unit/text/money/corpus';
import { corpusReport, MONEY_TARGETS } from '../../test/unit/text/money/report';

const verbose = process.argv.includes('--verbose');
const report = corpusReport(CORPUS, (text) => checkMoney(text, 'prize').outcome);
const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

console.log(`Money wording corpus: ${CORPUS.length} phrases (${report.money.total} money, ${report.allow.total} allowed)\n`);
console.log('category         money  caught   recall | allowed  refused  held  false-refusal false-review');
for (const [cat, r] of Object.entries(report.byCategory)) {
  console.log(
    `${cat.padEnd(16)} ${String(r.money).padStart(5)} ${String(r.caught).padStart(7)}  ${pct(r.caught, r.money)} | ${String(r.allow).padStart(7)} ${String(r.falseRefusals).padStart(8)} ${String(r.falseReviews).padStart(5)}  ${pct(r.falseRefusals, r.allow).padStart(12)} ${pct(r.falseReviews, r.allow).padStart(12)}`,
  );
}
console.log('');
console.log(`recall (refused or held): ${pct(report.money.caught, report.money.total)}  (target 100%)`);
console.log(`false refusals on allowed: ${report.allow.refused}  (target 0)`);
console.log(
  `false reviews on allowed: ${pct(report.allow.held, report.allow.total)}  (target at most ${MONEY_TARGETS.maxFalseReviewPercent}%)`,
);
if (verbose || report.failures.length) {
  console.log('\nmisses:');
  for (const f of report.failures) console.log(`  [${f.category}] expected ${f.expected}, got ${f.got}: ${JSON.stringify(f.text)}`);
}

// Speed: 200-character texts cut from the corpus (prizes, names, descriptions; clean and not), timed in
// CPU time so that other work on the machine does not count.
const joined = CORPUS.map((row) => row.text).join('. ');
const samples: string[] = [];
for (let at = 0; at + 200 <= joined.length; at += 200) samples.push(joined.slice(at, at + 200));
// Warm up first: the figure is for a running validator, not for the first call after a cold start.
for (let r = 0; r < 30; r++) for (const s of samples) checkMoney(s, 'prize');
// Batches of 5 rounds: the median says what a text costs, the best batch what it costs without other work
// on the machine getting in the way (CPU time still counts cache misses caused by neighbours). Thirty of
// them: on a shared machine a dozen let a few slow batches from neighbours' bursts move the median.
const batches: number[] = [];
for (let b = 0; b < 30; b++) {
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < 5; r++) for (const s of samples) checkMoney(s, 'prize');
  const cpu = process.cpuUsage(cpu0);
  batches.push((cpu.user + cpu.system) / (5 * samples.length));
}
batches.sort((x, y) => x - y);
const micros = batches[Math.floor(batches.length / 2)] as number;
const best = batches[0] as number;
console.log(
  `\nspeed: ${micros.toFixed(1)} µs CPU per 200-character text, median of ${batches.length} batches (best ${best.toFixed(1)} µs; ${samples.length} texts cut from the corpus; target under ${MONEY_TARGETS.maxMicrosPerText} µs)`,
);

const ok =
  report.money.caught === report.money.total &&
  report.allow.refused === 0 &&
  (100 * report.allow.held) / report.allow.total <= MONEY_TARGETS.maxFalseReviewPercent &&
  micros < MONEY_TARGETS.maxMicrosPerText;
if (!ok) process.exitCode = 1;
