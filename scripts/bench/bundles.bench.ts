/**
 * Bundle benchmark: builds every Lambda function exactly as the stack does (infra/bundling.ts) and a
 * bundle of nothing but the DynamoDB clients with the same esbuild settings, then measures each bundle's
 * size and its cold import: a fresh `node` per run (with the functions' NODE_OPTIONS) imports the bundle
 * and reports the CPU time and the wall time the import took; medians of RUNS, the bundles taken in turn
 * so that a busy machine slows them all alike. The CPU time is what the targets are judged on: on a
 * shared machine the wall time mostly measures the neighbours. Prints each size (no target) and each
 * cold import beside its target, at most 2.5x the DynamoDB-only bundle's; then what weighs most in each
 * bundle (esbuild's metafile, by package).
 *
 * The DynamoDB-only reference is the SDK as it ships: without the credential chain's substitution
 * (BUNDLE_ALIAS). A second row builds it with the substitution, for information: it shows what the
 * substitution takes off the client itself.
 * Run alone with `npm run bench -- bundles` or `npx tsx scripts/bench/bundles.bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_ALIAS, LAMBDA_NODE_OPTIONS, esbuildOptions } from '../../infra/bundling';
import { functionEntries } from '../local/function-bundles';

export interface BenchRow {
  name: string;
  medianMs: number;
  runs: number;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const IMPORT_LIMIT_RATIO = 2.5;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const DYNAMODB_ONLY = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;

/** What a function sees at init, minus credentials: nothing is called, only imported. */
const LAMBDA_ENV = {
  PATH: process.env.PATH ?? '',
  NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
  AWS_REGION: 'eu-central-1',
  TABLE_NAME: 'bench',
  STAGE: 'bench',
  POWERTOOLS_SERVICE_NAME: 'sport-poker',
  POWERTOOLS_METRICS_DISABLED: 'true',
  // The machines run Node 20; the Lambda runtime is Node 22, where the SDK does not warn.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const IMPORT_ONCE =
  'const c = process.cpuUsage(); const t = performance.now(); await import(process.argv[1]); ' +
  'const d = process.cpuUsage(c); process.stdout.write(JSON.stringify([(d.user + d.system) / 1000, performance.now() - t]));';

/** CPU and wall milliseconds of one cold import. */
function importMs(file: string): [number, number] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_ONCE, pathToFileURL(file).href], {
    env: LAMBDA_ENV,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(out) as [number, number];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

interface Bundle {
  name: string;
  file: string;
  kb: number;
  cpu: number[];
  wall: number[];
  /** A reference, not a function: no targets apply. */
  reference?: boolean;
  metafile?: Metafile;
}

/** The heaviest packages (or source folders) of a bundle, in KB of minified output. */
function heaviest(metafile: Metafile, count: number): string {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
  const bytes = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, 2).join('/');
    bytes.set(pkg, (bytes.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([pkg, n]) => `${pkg} ${Math.round(n / 1024)}`)
    .join(', ');
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sport-poker-bundles-'));
  try {
    const bundles: Bundle[] = [];
    // The same settings; the reference itself without the substitution (the second row has it).
    const references = [
      { name: 'DynamoDB clients only', dir: 'dynamodb-only', alias: {} },
      { name: 'DynamoDB clients, env credentials (info)', dir: 'dynamodb-env-credentials', alias: BUNDLE_ALIAS },
    ];
    for (const ref of references) {
      const file = join(dir, ref.dir, 'index.mjs');
      const { entryPoints: _unused, ...options } = esbuildOptions('', file);
      const { metafile } = await build({
        ...options,
        alias: ref.alias,
        absWorkingDir: ROOT,
        stdin: { contents: DYNAMODB_ONLY, resolveDir: ROOT, loader: 'ts' },
      });
      bundles.push({ name: ref.name, file, kb: statSync(file).size / 1024, cpu: [], wall: [], reference: true, metafile });
    }
    for (const { name, entry } of functionEntries()) {
      const file = join(dir, name, 'index.mjs');
      const { metafile } = await build({ ...esbuildOptions(join(ROOT, entry), file), absWorkingDir: ROOT });
      bundles.push({ name, file, kb: statSync(file).size / 1024, cpu: [], wall: [], metafile });
    }

    // One warm-up round (the disk cache), then RUNS rounds over every bundle in turn.
    for (const b of bundles) importMs(b.file);
    for (let i = 0; i < RUNS; i++) {
      for (const b of bundles) {
        const [cpu, wall] = importMs(b.file);
        b.cpu.push(cpu);
        b.wall.push(wall);
      }
    }

    const baseline = median(bundles[0]!.cpu);
    const metOr = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    console.log(`bundles (esbuild as infra/bundling.ts), cold import median of ${RUNS} fresh node processes`);
    console.table(
      bundles.map((b) => {
        const ms = median(b.cpu);
        const ratio = ms / baseline;
        return {
          bundle: b.name,
          KB: Math.round(b.kb),
          'import CPU ms': Math.round(ms),
          'wall ms': Math.round(median(b.wall)),
          'x DynamoDB-only': Number(ratio.toFixed(2)),
          [`<= ${IMPORT_LIMIT_RATIO}x`]: b.reference ? '' : metOr(ratio <= IMPORT_LIMIT_RATIO),
        };
      }),
    );
    console.log('what weighs most (KB of minified output, by package or source folder)');
    for (const b of bundles) if (b.metafile) console.log(`  ${b.name}: ${heaviest(b.metafile, 8)}`);
    return bundles.map((b) => ({
      name: `cold import CPU, ${b.name} (${Math.round(b.kb)} KB)`,
      medianMs: Math.round(median(b.cpu)),
      runs: RUNS,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
