import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
import { contractAssetCommands, esbuildOptions } from '../../infra/bundling';
import { DOCS_BUNDLE_PATH } from '../../functions/http/docs-page';
import { openApiDocument } from '../../functions/http/contract';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The system function as the stack bundles it (infra/bundling.ts), with the files the bundling hook puts
 * beside it: it serves the contract without the route table or the OpenAPI tooling inside.
 */
describe('the system function bundle', () => {
  let dir: string;
  let metafile: Metafile;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'system-bundle-'));
    const result = await build({ ...esbuildOptions(join(ROOT, 'functions/http/handlers/system.ts'), join(dir, 'index.mjs')), absWorkingDir: ROOT });
    metafile = result.metafile;
    for (const command of contractAssetCommands(ROOT, dir)) execFileSync('bash', ['-c', command], { stdio: 'pipe', timeout: 60_000 });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves out zod-to-openapi, zod locales, the route table and the other groups', () => {
    const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('.mjs'))?.[1];
    const bytesOf = (match: (path: string) => boolean) =>
      Object.entries(output?.inputs ?? {}).filter(([path]) => match(path)).reduce((n, [, v]) => n + v.bytesInOutput, 0);
    // Only the module's top-level statements stay (esbuild cannot prove them free of side effects).
    expect(bytesOf((p) => p.includes('zod-to-openapi'))).toBeLessThan(1024);
    expect(bytesOf((p) => p.includes('zod/v4/locales/') && !p.endsWith('/en.js'))).toBe(0);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).not.toContain('functions/http/api.ts');
    expect(inputs).not.toContain('functions/http/openapi.ts');
    expect(inputs.filter((p) => p.startsWith('functions/http/handlers/'))).toEqual(['functions/http/handlers/system.ts']);
  });

  it('serves the bundled document at /openapi.json and renders /docs from it', () => {
    const call = (path: string) => {
      const script = `
        const { handler } = await import(process.argv[1]);
        const event = { version: '2.0', routeKey: 'GET ${path}', rawPath: '${path}', rawQueryString: '', headers: { host: 'api.test' },
          requestContext: { requestId: 'r1', domainName: 'api.test', http: { method: 'GET', path: '${path}' } }, isBase64Encoded: false };
        const context = { awsRequestId: 'r1', functionName: 'system', getRemainingTimeInMillis: () => 10000 };
        process.stdout.write(JSON.stringify(await handler(event, context)));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, pathToFileURL(join(dir, 'index.mjs')).href], {
        env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-central-1', TABLE_NAME: 'unused', POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
        timeout: 30_000,
      });
      return JSON.parse(out) as { statusCode: number; body: string; headers: Record<string, string> };
    };

    const doc = call('/openapi.json');
    expect(doc.statusCode).toBe(200);
    expect(JSON.parse(doc.body)).toEqual(JSON.parse(JSON.stringify(openApiDocument())));

    const docs = call('/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.body).toContain(DOCS_BUNDLE_PATH);

    const renderer = call(DOCS_BUNDLE_PATH);
    expect(renderer.statusCode).toBe(200);
    expect(renderer.body).toBe(readFileSync(join(ROOT, 'node_modules/redoc/bundles/redoc.standalone.js'), 'utf8'));
  }, 60_000);

  it('finds the ElectroDB method the bundles replace to skip the model check at a cold start', async () => {
    const { Entity } = await import('electrodb');
    expect(typeof (Entity.prototype as unknown as Record<string, unknown>)._validateModel).toBe('function');
    expect(Object.keys(metafile.inputs)).toContain('functions/store/skip-model-validation.ts');
  });
});
