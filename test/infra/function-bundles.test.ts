import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFile, buildFunctionBundles } from '../../scripts/local/function-bundles';
import { PRINT_FONT_GROUP, SCREEN_ASSET_GROUP } from '../../infra/screen-assets';
import { SCREEN_SCRIPTS, type ScreenScript } from '../../functions/http/screen-scripts';
import { buildScreenScript } from '../../functions/http/screen-build';
import { PRINT_FONT_FILES } from '../../functions/http/print/fonts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The bundles the e2e-bundles suites run (scripts/local/function-bundles.ts) carry what the stack's bundling
 * hooks put beside the deployed functions: the screens' scripts beside the clock function, the print font beside the print one.
 */
describe('the local function bundles', () => {
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'function-bundles-'));
    await buildFunctionBundles(dir, [
      { name: SCREEN_ASSET_GROUP, entry: `functions/http/handlers/${SCREEN_ASSET_GROUP}.ts` },
      { name: PRINT_FONT_GROUP, entry: `functions/http/handlers/${PRINT_FONT_GROUP}.ts` },
      { name: 'season', entry: 'functions/http/handlers/season.ts' },
    ]);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('put every screen script beside the clock function, the print font beside the print one, and nothing beside the others', async () => {
    const beside = join(dir, SCREEN_ASSET_GROUP);
    for (const name of Object.keys(SCREEN_SCRIPTS) as ScreenScript[]) {
      expect(readFileSync(join(beside, SCREEN_SCRIPTS[name].file), 'utf8')).toBe(await buildScreenScript(name));
    }
    for (const file of Object.values(PRINT_FONT_FILES)) {
      expect(readFileSync(join(dir, PRINT_FONT_GROUP, file)).equals(readFileSync(join(ROOT, 'functions/http/print/fonts', file)))).toBe(
        true,
      );
    }
    expect(readdirSync(join(dir, 'season')).filter((f) => !f.startsWith('index.'))).toEqual([]);
  });

  it('serve each screen script from the clock bundle as the local API calls it', () => {
    const paths = Object.values(SCREEN_SCRIPTS).map((s) => s.path);
    const script = `
      const { handler } = await import(process.argv[1]);
      const out = [];
      for (const path of ${JSON.stringify(paths)}) {
        const event = { version: '2.0', routeKey: 'GET ' + path, rawPath: path, rawQueryString: '', headers: { host: 'api.test' },
          requestContext: { requestId: 'r1', domainName: 'api.test', http: { method: 'GET', path } }, isBase64Encoded: false };
        const context = { awsRequestId: 'r1', functionName: 'clock', getRemainingTimeInMillis: () => 10000 };
        out.push(await handler(event, context));
      }
      process.stdout.write(JSON.stringify(out));`;
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(bundleFile(dir, SCREEN_ASSET_GROUP)).href],
      {
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
      },
    );
    const answers = JSON.parse(out) as { statusCode: number; body: string }[];
    expect(answers.map((a) => a.statusCode)).toEqual(paths.map(() => 200));
    Object.values(SCREEN_SCRIPTS).forEach((s, i) => {
      expect(answers[i]!.body).toBe(readFileSync(join(dir, SCREEN_ASSET_GROUP, s.file), 'utf8'));
    });
  }, 60_000);
});
