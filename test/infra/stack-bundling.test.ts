import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { buildFunctionBundles, bundleFile } from '../../scripts/local/function-bundles';
import { serviceFunction } from '../../infra/functions';
import { stageConfig } from '../../infra/stage-config';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The benchmark (scripts/bench/bundles.bench.ts) builds the bundles with esbuild from infra/bundling.ts;
 * the stack hands the same settings to NodejsFunction, which turns them into an esbuild command line of
 * its own. A setting it drops (it took `charset` and never passed it on) makes the deployed bundle differ
 * from the measured one, so one function is bundled here by the CDK itself and compared byte for byte.
 */
describe('what the stack deploys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stack-bundling-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the bundle the benchmark measures and the bundled suites run, byte for byte', async () => {
    const entry = 'functions/http/handlers/results.ts';
    const app = new App({ outdir: join(dir, 'cdk.out') });
    const stack = new Stack(app, 'BundlingProbe');
    serviceFunction(stack, 'Results', {
      config: stageConfig('dev'),
      label: 'results',
      description: 'bundling probe',
      entry,
      environment: {},
    });
    app.synth();
    const assets = readdirSync(join(dir, 'cdk.out')).filter(
      (d) => d.startsWith('asset.') && existsSync(join(dir, 'cdk.out', d, 'index.mjs')),
    );
    expect(assets).toHaveLength(1);
    const deployed = readFileSync(join(dir, 'cdk.out', assets[0] as string, 'index.mjs'), 'utf8');

    const measured = await build({
      ...esbuildOptions(join(ROOT, entry), join(dir, 'bench', 'index.mjs')),
      absWorkingDir: ROOT,
      write: false,
    });
    const code = measured.outputFiles?.find((f) => f.path.endsWith('index.mjs'))?.text ?? '';
    // The money checker's Cyrillic lexicon is in this function: written as UTF-8, not as \u escapes.
    expect(deployed).not.toMatch(/\\u04[0-9a-f]{2}/);
    expect(Buffer.byteLength(deployed)).toBe(Buffer.byteLength(code));
    expect(deployed).toBe(code);

    // The e2e-bundles suites run bundles built together in one esbuild call (scripts/local/function-bundles.ts).
    const together = join(dir, 'together');
    await buildFunctionBundles(together, [
      { name: 'results', entry },
      { name: 'projections', entry: 'functions/projections/handler.ts' },
    ]);
    expect(readFileSync(bundleFile(together, 'results'), 'utf8')).toBe(deployed);
  }, 180_000);
});
