import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { printFontCommands, screenAssetCommands } from '../../infra/screen-assets';
import { SCREEN_SCRIPTS } from '../../functions/http/screen-scripts';
import { buildScreenScript } from '../../functions/http/screen-build';
import { PRINT_FONT_FILES } from '../../functions/http/print/fonts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The clock function as the stack bundles it, with the screens' scripts the bundling hook puts beside
 * it: it serves the clock screen's script from that file, with no esbuild inside.
 */
describe('the clock function bundle', () => {
  let dir: string;
  let metafile: Metafile;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clock-bundle-'));
    metafile = (
      await build({ ...esbuildOptions(join(ROOT, 'functions/http/handlers/clock.ts'), join(dir, 'index.mjs')), absWorkingDir: ROOT })
    ).metafile;
    for (const command of screenAssetCommands(ROOT, dir)) execFileSync('bash', ['-c', command], { stdio: 'pipe', timeout: 60_000 });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('carries the script the sources build, as one browser file without module syntax', async () => {
    const file = readFileSync(join(dir, SCREEN_SCRIPTS.clock.file), 'utf8');
    expect(file).toBe(await buildScreenScript('clock'));
    expect(file).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(file).not.toMatch(/\bimport\s*[{*"']|\bexport\s*[{*]|require\(/);
    expect(Buffer.byteLength(file)).toBeLessThan(10_000);
  });

  it('leaves esbuild and the browser sources out of the function', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((p) => p.includes('node_modules/esbuild/'))).toEqual([]);
    expect(inputs).not.toContain('functions/http/screen-build.ts');
    expect(inputs.filter((p) => p.endsWith('.browser.ts'))).toEqual([]);
  });

  it('serves the file beside it at the script route', () => {
    const path = SCREEN_SCRIPTS.clock.path;
    const script = `
      const { handler } = await import(process.argv[1]);
      const event = { version: '2.0', routeKey: 'GET ${path}', rawPath: '${path}', rawQueryString: '', headers: { host: 'api.test' },
        requestContext: { requestId: 'r1', domainName: 'api.test', http: { method: 'GET', path: '${path}' } }, isBase64Encoded: false };
      const context = { awsRequestId: 'r1', functionName: 'clock', getRemainingTimeInMillis: () => 10000 };
      process.stdout.write(JSON.stringify(await handler(event, context)));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, pathToFileURL(join(dir, 'index.mjs')).href], {
      env: {
        PATH: process.env.PATH ?? '',
        AWS_REGION: 'eu-central-1',
        TABLE_NAME: 'unused',
        POWERTOOLS_METRICS_DISABLED: 'true',
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    const answer = JSON.parse(out) as { statusCode: number; body: string; headers: Record<string, string> };
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toBe(readFileSync(join(dir, SCREEN_SCRIPTS.clock.file), 'utf8'));
  }, 60_000);
});

/** The print function as the stack bundles it: the font beside it, and the PDF library in it, not in the clock's. */
describe('the print function bundle', () => {
  let dir: string;
  let inputs: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'print-bundle-'));
    const result = await build({
      ...esbuildOptions(join(ROOT, 'functions/http/handlers/print.ts'), join(dir, 'index.mjs')),
      absWorkingDir: ROOT,
    });
    inputs = Object.keys(result.metafile.inputs);
    for (const command of printFontCommands(ROOT, dir)) execFileSync('bash', ['-c', command], { stdio: 'pipe', timeout: 60_000 });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('carries the print font and its licence beside it, as print/fonts.ts reads them', () => {
    for (const file of [...Object.values(PRINT_FONT_FILES), 'LICENSE']) {
      expect(readFileSync(join(dir, file)).equals(readFileSync(join(ROOT, 'functions/http/print/fonts', file)))).toBe(true);
    }
  });

  it('holds pdf-lib and the font kit, which the clock function no longer carries', async () => {
    expect(inputs.some((p) => p.includes('node_modules/pdf-lib/'))).toBe(true);
    expect(inputs.some((p) => p.includes('node_modules/@pdf-lib/fontkit/'))).toBe(true);
    const clock = await build({
      ...esbuildOptions(join(ROOT, 'functions/http/handlers/clock.ts'), join(dir, 'clock', 'index.mjs')),
      absWorkingDir: ROOT,
    });
    expect(Object.keys(clock.metafile.inputs).filter((p) => p.includes('pdf-lib'))).toEqual([]);
  }, 120_000);
});
