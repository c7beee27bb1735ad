/**
 * The stack's functions built as the CDK builds them (infra/bundling.ts), for what runs them outside AWS:
 * the bundle benchmark, and the local API when it serves from bundles (test/support/bundles-setup.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { contractAssetCommands, esbuildOptions } from '../../infra/bundling';
import { PRINT_FONT_GROUP, SCREEN_ASSET_GROUP, printFontCommands, screenAssetCommands } from '../../infra/screen-assets';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface FunctionEntry {
  /** The function's label: its HTTP handler group, or jobs, verify-club, projections, live. */
  name: string;
  /** Its entry, from the repository's root (as infra/ names it). */
  entry: string;
}

/** One function per handler group (infra/functions.ts), and those of infra/scheduling, verification, projections, live. */
export function functionEntries(): FunctionEntry[] {
  const groups = readdirSync(join(ROOT, 'functions/http/handlers'))
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => ({ name: f.replace(/\.ts$/, ''), entry: `functions/http/handlers/${f}` }));
  return [
    ...groups,
    { name: 'jobs', entry: 'functions/jobs/handler.ts' },
    { name: 'verify-club', entry: 'functions/jobs/verify-club.ts' },
    { name: 'projections', entry: 'functions/projections/handler.ts' },
    { name: 'live', entry: 'functions/live/handler.ts' },
  ];
}

/** Where a function's bundle is in `outdir`: `<name>/index.mjs`, the asset's layout. */
export const bundleFile = (outdir: string, name: string): string => join(outdir, name, 'index.mjs');

/**
 * Builds every function into `outdir/<name>/index.mjs` in one esbuild call (without code splitting each
 * output is the bundle a build of that entry alone writes), then puts the contract's files beside the
 * system function's bundle, and the screens' scripts and the print font beside the clock function's, as the
 * stack's bundling hooks do.
 */
export async function buildFunctionBundles(outdir: string, entries: FunctionEntry[] = functionEntries()): Promise<Metafile> {
  const { entryPoints: _one, outfile: _file, ...options } = esbuildOptions('', '');
  const { metafile } = await build({
    ...options,
    entryPoints: Object.fromEntries(entries.map((e) => [`${e.name}/index`, join(ROOT, e.entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: ROOT,
  });
  const run = (commands: string[]) => {
    for (const command of commands) execFileSync('bash', ['-c', command], { stdio: 'pipe', timeout: 120_000 });
  };
  if (entries.some((e) => e.name === 'system')) run(contractAssetCommands(ROOT, join(outdir, 'system')));
  if (entries.some((e) => e.name === SCREEN_ASSET_GROUP)) run(screenAssetCommands(ROOT, join(outdir, SCREEN_ASSET_GROUP)));
  if (entries.some((e) => e.name === PRINT_FONT_GROUP)) run(printFontCommands(ROOT, join(outdir, PRINT_FONT_GROUP)));
  return metafile;
}
