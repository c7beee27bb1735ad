import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { probeSchemas, routeSchemas, type SchemaReport } from '../support/schema-probe';
import type { Route } from '../../functions/platform/route';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every module that defines schemas: schemas/ (but zod's own set-up) and the job payloads. */
const SCHEMA_MODULES = [
  ...readdirSync(join(ROOT, 'schemas'))
    .filter((f) => f.endsWith('.ts') && !f.startsWith('zod'))
    .map((f) => `schemas/${f.replace(/\.ts$/, '')}`),
  'functions/app/jobs/payloads',
];

/** The functions' route groups: their params, query, body and answer schemas, some built in place. */
const GROUPS = readdirSync(join(ROOT, 'functions/http/handlers'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `functions/http/handlers/${f.replace(/\.ts$/, '')}`);

/**
 * The Lambda bundles run zod/mini with the classic methods the schemas call (schemas/zod-mini.ts); the
 * tests, the local server and the contract generator run classic zod. Every exported schema, and every
 * route's params, query, body and answer schemas, are built both ways and must have the same JSON
 * Schema and give the same answers, messages included.
 */
describe('zod/mini in the bundles (schemas/zod-mini.ts)', () => {
  let dir: string;
  let metafile: Metafile;
  let bundled: Record<string, SchemaReport>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zod-mini-'));
    const { entryPoints: _entry, ...options } = esbuildOptions('', join(dir, 'probe.mjs'));
    const contents = [
      "import { probeSchemas, routeSchemas } from './test/support/schema-probe';",
      ...SCHEMA_MODULES.map((m, i) => `import * as m${i} from './${m}';`),
      ...GROUPS.map((m, i) => `import { routes as g${i} } from './${m}';`),
      `const modules = { ${SCHEMA_MODULES.map((m, i) => `'${m}': m${i}`).join(', ')} };`,
      `Object.assign(modules, routeSchemas([${GROUPS.map((_, i) => `...g${i}`).join(', ')}]));`,
      'process.stdout.write(JSON.stringify(probeSchemas(modules)));',
    ].join('\n');
    metafile = (await build({ ...options, absWorkingDir: ROOT, stdin: { contents, resolveDir: ROOT, loader: 'ts' } })).metafile;
    bundled = JSON.parse(
      execFileSync(process.execPath, [join(dir, 'probe.mjs')], { encoding: 'utf8', timeout: 60_000, maxBuffer: 256 * 1024 * 1024, env: { PATH: process.env.PATH ?? '' } }),
    ) as Record<string, SchemaReport>;
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('bundles zod/mini, not the classic API, zod-to-openapi or the other locales', () => {
    const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
    const inputs = Object.entries(output?.inputs ?? {}).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path);
    expect(inputs).toContain('schemas/zod-mini.ts');
    expect(inputs.filter((p) => p.includes('node_modules/zod/v4/mini/'))).not.toEqual([]);
    expect(inputs.filter((p) => /node_modules\/zod\/v4\/classic\/|zod\/v4\/locales\/(?!en\.js)/.test(p))).toEqual([]);
    // Of zod-to-openapi, only top-level statements esbuild cannot prove free of effects (schemas/zod.ts).
    const kept = Object.values(metafile.outputs).flatMap((o) => Object.entries(o.inputs)).filter(([p]) => p.includes('zod-to-openapi'));
    expect(kept.reduce((n, [, i]) => n + i.bytesInOutput, 0)).toBeLessThan(1024);
  });

  it('builds every schema as classic zod does: the same JSON Schema and the same answers, messages included', async () => {
    const modules = Object.fromEntries(
      await Promise.all(SCHEMA_MODULES.map(async (m) => [m, (await import(pathToFileURL(join(ROOT, `${m}.ts`)).href)) as Record<string, unknown>] as const)),
    );
    const routes = await Promise.all(GROUPS.map(async (m) => ((await import(pathToFileURL(join(ROOT, `${m}.ts`)).href)) as { routes: Route[] }).routes));
    const classic = probeSchemas({ ...modules, ...routeSchemas(routes.flat()) });
    expect(Object.keys(classic).length).toBeGreaterThan(300);
    expect(Object.keys(bundled).sort()).toEqual(Object.keys(classic).sort());
    for (const key of Object.keys(classic)) expect(bundled[key], key).toEqual(classic[key]);
    // The samples reach past the top-level type test: some pass, some fail on a field.
    const answers = Object.values(classic).flatMap((c) => c.answers);
    expect(answers.filter((a) => 'data' in a).length).toBeGreaterThan(200);
    expect(answers.filter((a) => 'issues' in a && a.issues.some((i) => i.path.length > 0)).length).toBeGreaterThan(200);
  }, 120_000);
});
