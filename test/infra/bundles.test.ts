import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_ALIAS, contractAssetCommands, esbuildOptions } from '../../infra/bundling';
import { DOCS_BUNDLE_PATH } from '../../functions/http/docs-page';
import { openApiDocument } from '../../functions/http/contract';
import { HANDLER_GROUPS } from '../../functions/http/api';
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Powertools idempotency as functions/platform/idempotency.ts sets it up, and events it reads. */
const IDEMPOTENCY_OPTIONS = { eventKeyJmesPath: 'idempotency', payloadValidationJmesPath: 'body', throwOnNoIdempotencyKey: false };
const IDEMPOTENCY_EVENTS = [
  { idempotency: { scope: 'club:c1', route: '/v1/clubs/c1/tournaments', key: 'k-1' }, body: '{"name":"Friday"}' },
  { idempotency: { scope: 'club:c1', route: '/v1/clubs/c1/tournaments', key: 'k-2' }, body: '{"name":"Friday"}' },
  { idempotency: { scope: 'user:u1', route: '/v1/me/devices', key: 'k-1' }, body: null },
  { idempotency: { scope: 'club:c2', route: '/v1/clubs/c2/tournaments', key: 'k-1' } },
];
/**
 * The system function as the stack bundles it (infra/bundling.ts), with the files the bundling hook puts
 * beside it: it serves the contract without the route table or the OpenAPI tooling inside.
 */
describe('the system function bundle', () => {
  let dir: string;
  let metafile: Metafile;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'system-bundle-'));
    const result = await build({
      ...esbuildOptions(join(ROOT, 'functions/http/handlers/system.ts'), join(dir, 'index.mjs')),
      absWorkingDir: ROOT,
    });
    metafile = result.metafile;
    for (const command of contractAssetCommands(ROOT, dir)) execFileSync('bash', ['-c', command], { stdio: 'pipe', timeout: 60_000 });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves out zod-to-openapi's generator, the route table and the other groups", () => {
    const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('.mjs'))?.[1];
    const bytesOf = (match: (path: string) => boolean) =>
      Object.entries(output?.inputs ?? {})
        .filter(([path]) => match(path))
        .reduce((n, [, v]) => n + v.bytesInOutput, 0);
    // `.openapi()` and its metadata registry stay (schemas/zod.ts), the generator and its transformers do not.
    expect(bytesOf((p) => p.includes('zod-to-openapi'))).toBeGreaterThan(0);
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(code).not.toMatch(/Unknown zod object type/);
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
        env: {
          PATH: process.env.PATH ?? '',
          AWS_REGION: 'eu-central-1',
          TABLE_NAME: 'unused',
          POWERTOOLS_METRICS_DISABLED: 'true',
          POWERTOOLS_LOG_LEVEL: 'SILENT',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
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

  // Powertools' packages on one version share one copy of their commons (logger, metrics, idempotency).
  it('carries one copy of Powertools commons', () => {
    const copies = new Set(
      Object.keys(metafile.inputs)
        .map((p) => /^(.*node_modules\/@aws-lambda-powertools\/commons)\//.exec(p)?.[1])
        .filter(Boolean),
    );
    expect(copies.size).toBe(1);
  });
});

/**
 * What every bundle leaves out (the SDK's credential chain beyond the environment, infra/bundling.ts
 * `BUNDLE_ALIAS`; the in-process verification worker), that the functions behave the same without it,
 * and that every other library is bundled as it ships.
 */
describe('what the bundles leave out', () => {
  let dir: string;
  let verification: Metafile;
  let probe: Metafile;
  const probeFile = () => join(dir, 'probe', 'index.mjs');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bundles-left-out-'));
    verification = (
      await build({
        ...esbuildOptions(join(ROOT, 'functions/http/handlers/verification.ts'), join(dir, 'verification', 'index.mjs')),
        absWorkingDir: ROOT,
      })
    ).metafile;
    const { entryPoints: _entry, ...options } = esbuildOptions('', probeFile());
    const contents = `
      import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
      import { verificationQueue } from './functions/adapters/verification-queue';
      let queue = 'queued in-process';
      try { verificationQueue({}); } catch (e) { queue = e.message; }
      const credentials = await new DynamoDBClient({ region: 'eu-central-1' }).config.credentials().then(
        (c) => ({ accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken }),
        (e) => ({ error: e.message }),
      );
      import { LambdaClient } from '@aws-sdk/client-lambda';
      import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
      import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
      const lambda = new LambdaClient({ region: 'eu-central-1' });
      const streams = typeof lambda.config.eventStreamMarshaller?.serialize;
      const layer = new DynamoDBPersistenceLayer({ tableName: 'probe' });
      layer.configure({ config: new IdempotencyConfig(${JSON.stringify(IDEMPOTENCY_OPTIONS)}), keyPrefix: 'http' });
      const hashes = ${JSON.stringify(IDEMPOTENCY_EVENTS)}.map((event) => [layer.getHashedIdempotencyKey(event), layer.getHashedPayload(event)]);
      process.stdout.write(JSON.stringify({ credentials, queue, streams, hashes }));`;
    probe = (await build({ ...options, absWorkingDir: ROOT, stdin: { contents, resolveDir: ROOT, loader: 'ts' } })).metafile;
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const runProbe = (env: Record<string, string>) =>
    JSON.parse(
      execFileSync(process.execPath, [probeFile()], {
        env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-central-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
        encoding: 'utf8',
        timeout: 30_000,
      }),
    ) as { credentials: Record<string, string>; queue: string; streams: string; hashes: string[][] };

  it('carries ElectroDB and the entities: the functions read and write items through functions/store/entities', () => {
    const inputs = Object.keys(verification.inputs);
    expect(inputs.filter((p) => p.includes('node_modules/electrodb/'))).not.toEqual([]);
    expect(inputs).toContain('functions/store/entities/index.ts');
  });

  it("keeps of zod's locales only the one it configures: the extension is handed ZodType, not the namespace", () => {
    const output = Object.values(verification.outputs).find((o) => o.entryPoint !== undefined);
    const kept = Object.entries(output?.inputs ?? {})
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([path]) => path);
    expect(kept.filter((p) => /node_modules\/zod\/.*\/locales\/(?!en\.js)/.test(p))).toEqual([]);
    expect(kept.some((p) => p.includes('node_modules/@asteasolutions/zod-to-openapi/'))).toBe(true);
  });

  it("leaves out the SDK's credential chain beyond the environment", () => {
    for (const inputs of [Object.keys(probe.inputs), Object.keys(verification.inputs)]) {
      expect(
        inputs.filter((p) =>
          /node_modules\/(@aws-sdk\/(credential-provider-node|credential-provider-ini|credential-provider-sso|nested-clients))\//.test(p),
        ),
      ).toEqual([]);
      expect(inputs).toContain('functions/runtime/env-credentials.ts');
    }
  });

  it('signs with the credentials Lambda puts in the environment, and finds none without them', () => {
    const env = { AWS_ACCESS_KEY_ID: 'AKIDBUNDLETEST', AWS_SECRET_ACCESS_KEY: 'secret-from-env', AWS_SESSION_TOKEN: 'token-from-env' };
    expect(runProbe(env).credentials).toEqual({
      accessKeyId: 'AKIDBUNDLETEST',
      secretAccessKey: 'secret-from-env',
      sessionToken: 'token-from-env',
    });
    expect(runProbe({}).credentials.error).toMatch(/environment variable credentials/);
  }, 60_000);

  it("runs the SDK's own event-stream codec and Powertools' own JMESPath", () => {
    const inputs = Object.keys(probe.inputs);
    expect(inputs.some((p) => p.includes('node_modules/@smithy/core/dist-es/submodules/event-streams/'))).toBe(true);
    expect(inputs.some((p) => p.includes('node_modules/@aws-lambda-powertools/jmespath/'))).toBe(true);
    expect(Object.keys(BUNDLE_ALIAS)).toEqual(['@aws-sdk/credential-provider-node']);
    expect(runProbe({}).streams).toBe('function');
  }, 60_000);

  it('hashes the idempotency key and payload in a bundle as in Node', () => {
    const layer = new DynamoDBPersistenceLayer({ tableName: 'probe' });
    layer.configure({ config: new IdempotencyConfig(IDEMPOTENCY_OPTIONS), keyPrefix: 'http' });
    const exposed = layer as unknown as { getHashedIdempotencyKey(e: unknown): string; getHashedPayload(e: unknown): string };
    const expected = IDEMPOTENCY_EVENTS.map((event) => [exposed.getHashedIdempotencyKey(event), exposed.getHashedPayload(event)]);
    expect(runProbe({}).hashes).toEqual(expected);
    expect(new Set(expected.map(([key]) => key)).size).toBe(IDEMPOTENCY_EVENTS.length);
  }, 60_000);

  it('leaves the in-process verification worker and the SSM client out of the verification API function', () => {
    const inputs = Object.keys(verification.inputs);
    expect(inputs).toContain('functions/adapters/verification-queue/index.ts');
    expect(
      inputs.filter(
        (p) => p.includes('@aws-sdk/client-ssm/') || p.startsWith('functions/jobs/') || p.startsWith('functions/adapters/registry/'),
      ),
    ).toEqual([]);
    // Without the worker's name a bundle refuses to queue rather than run the worker in the API function.
    expect(runProbe({}).queue).toMatch(/VERIFY_CLUB_FUNCTION_NAME is not set/);
  }, 60_000);
});

/**
 * package.json `sideEffects` lets esbuild drop a module none of whose exports a function uses; the
 * modules imported for their effect are listed there and must stay in the bundles that import them.
 */
describe('what the bundles keep', () => {
  it('keeps the modules imported for their effect (the zod set-up) and the scheduling a clock read repairs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-kept-'));
    try {
      const { metafile } = await build({
        ...esbuildOptions(join(ROOT, 'functions/http/handlers/clock.ts'), join(dir, 'index.mjs')),
        absWorkingDir: ROOT,
      });
      const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('.mjs'))?.[1];
      const kept = (path: string) => output?.inputs[path]?.bytesInOutput ?? 0;
      // A read of a running clock arms a lost level end again (rearmLevelEnd, functions/app/jobs/schedules.ts).
      expect(kept('functions/app/jobs/schedules.ts')).toBeGreaterThan(0);
      // zod's set-up: zod-to-openapi's `.openapi()` on every schema (the route modules call it at import).
      expect(kept('schemas/zod.ts')).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * A function imports a constant or a helper from another group's route module (the deleted player's
 * name, a club's loader); esbuild keeps a module's top-level calls, so every route of that module, with
 * what its handler uses, came along. Route definitions are marked pure, so esbuild drops those not used.
 */
describe('route definitions', () => {
  it('are marked pure, so a bundle keeps only the routes it serves', () => {
    const dir = join(ROOT, 'functions/http');
    const unmarked = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        readFileSync(join(dir, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${f}:${i + 1}`, line })),
      )
      .filter(({ line }) => /=\s*defineRoute\(/.test(line) && !/=\s*\/\* @__PURE__ \*\/ defineRoute\(/.test(line))
      .map(({ at }) => at);
    expect(unmarked).toEqual([]);
  });

  // esbuild keeps a definition marked pure whose arguments call anything (a schema built in place, a
  // helper's result), with its handler and all the handler reaches: the desk carried the knockouts and
  // the money checker that way. Schemas are built outside the definitions; this finds any that is not.
  it('leave each function with its own routes only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-routes-'));
    try {
      const strays: Record<string, string[]> = {};
      for (const [group, routes] of Object.entries(HANDLER_GROUPS)) {
        const entry = join(ROOT, `functions/http/handlers/${group}.ts`);
        const result = await build({ ...esbuildOptions(entry, join(dir, group, 'index.mjs')), absWorkingDir: ROOT, write: false });
        const code = result.outputFiles?.find((f) => f.path.endsWith('.mjs'))?.text ?? '';
        const found = [...code.matchAll(/operationId:"([A-Za-z]+)"/g)].map((m) => m[1] as string);
        const own = routes.map((r) => r.operationId);
        // Routes made by a factory carry their id in a variable; those defined in place name it.
        expect(found.length, group).toBeGreaterThan(0);
        const stray = found.filter((id) => !own.includes(id));
        if (stray.length > 0) strays[group] = stray;
      }
      expect(strays).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
