import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';

/*
 * The typed client as an app installs it: built (`npm run client:build`), packed, and installed from the
 * tarball into a project outside the repository, so that nothing resolves through the repository's
 * node_modules. The sample is type-checked with the repository's TypeScript under NodeNext and Bundler
 * resolution, compiled, and run with plain `node` against the local API.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const run = promisify(execFile);
const TIMEOUT = 600_000;

/** npm's settings of the run that started the tests (npm test) would point a child npm at the repository. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));

async function sh(file: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024, timeout: TIMEOUT });
    return stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')} (in ${cwd}) failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  }
}

const SAMPLE = `import { createSportPokerClient, idempotent, isProblem, ProblemError, unwrap, type Schema } from '@sport-poker/client';
import { LIVE_PROTOCOL, type LiveTopic } from '@sport-poker/client/live';

declare const process: { argv: string[] };
const [baseUrl = '', token = ''] = process.argv.slice(2);
const api = createSportPokerClient({ baseUrl, token });

const health = await unwrap(api.GET('/health'));
const before = await unwrap(api.GET('/v1/me'));

let refused: string | undefined;
try {
  await unwrap(api.POST('/v1/players', { body: { displayName: 'Too Young', dateOfBirth: '2020-01-01', consent: true } }));
} catch (e) {
  if (!(e instanceof ProblemError)) throw e;
  refused = \`\${e.status} \${e.code}\`;
}

const key = idempotent();
const signUp = () => api.POST('/v1/players', { params: { header: key }, body: { displayName: 'Packed Anna', dateOfBirth: '1990-05-17', consent: true } });
const first: Schema<'Player'> = await unwrap(signUp());
const replayed = await unwrap(signUp());
const me = await unwrap(api.GET('/v1/me'));

const { error } = await api.POST('/v1/players', { body: { displayName: 'Anna Again', dateOfBirth: '1990-05-17', consent: true } });
const topic: LiveTopic = { kind: 'player', playerId: me.userId };

console.log(JSON.stringify({
  health: health.status,
  before: before.player,
  refused,
  sameOnRetry: first.userId === replayed.userId,
  me: me.player?.displayName,
  again: isProblem(error) ? \`\${error.status} \${error.code}\` : null,
  live: [LIVE_PROTOCOL, topic.kind],
}));
`;

/** What only holds while the types are real: a wrong path and a wrong body do not compile. */
const WRONG = `import { createSportPokerClient } from '@sport-poker/client';

const api = createSportPokerClient({ baseUrl: 'http://127.0.0.1' });
// @ts-expect-error: no such path in the contract
void api.GET('/v1/no-such-path');
// @ts-expect-error: consent is a boolean
void api.POST('/v1/players', { body: { displayName: 'A', dateOfBirth: '1990-05-17', consent: 'yes' } });
`;

const tsconfig = (resolution: 'NodeNext' | 'Bundler') => ({
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
    moduleResolution: resolution,
    types: [],
    strict: true,
    verbatimModuleSyntax: true,
    outDir: 'out',
    ...(resolution === 'Bundler' ? { noEmit: true } : {}),
  },
  include: ['src'],
});

let api: TestApi;
let work: string;
let app: string;

beforeAll(async () => {
  api = await startTestApi();
  work = mkdtempSync(join(tmpdir(), 'sport-poker-client-'));
  await sh('npm', ['run', '--silent', 'client:build'], ROOT);
  const packed = JSON.parse(await sh('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], join(ROOT, 'client'))) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(work, packed[0]?.filename ?? '');
  app = join(work, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'client-sample', private: true, type: 'module' }, null, 2));
  // openapi-fetch comes from npm's cache when it is there (the repository's install put it there), else the registry.
  await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
  writeFileSync(join(app, 'src/sample.ts'), SAMPLE);
  writeFileSync(join(app, 'src/wrong.ts'), WRONG);
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(tsconfig('NodeNext'), null, 2));
  writeFileSync(join(app, 'tsconfig.bundler.json'), JSON.stringify(tsconfig('Bundler'), null, 2));
}, TIMEOUT);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the typed client as a package', () => {
  it(
    'packs JavaScript, types, its README and changelog, and no TypeScript sources',
    async () => {
      const listed = JSON.parse(await sh('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], join(ROOT, 'client'))) as {
        files: { path: string }[];
      }[];
      const files = (listed[0]?.files ?? []).map((f) => f.path).sort();
      expect(files).toEqual(
        expect.arrayContaining([
          'CHANGELOG.md',
          'README.md',
          'dist/index.d.ts',
          'dist/index.js',
          'dist/live.d.ts',
          'dist/live.js',
          'package.json',
        ]),
      );
      expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    },
    TIMEOUT,
  );

  it('installs outside the repository with openapi-fetch as its own dependency', () => {
    const installed = JSON.parse(readFileSync(join(app, 'node_modules/@sport-poker/client/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(installed.dependencies['openapi-fetch']).toBe(root.dependencies['openapi-fetch']);
    const fetchPkg = JSON.parse(readFileSync(join(app, 'node_modules/openapi-fetch/package.json'), 'utf8')) as { version: string };
    expect(fetchPkg.version).toBe(root.dependencies['openapi-fetch']);
  });

  it(
    'type-checks under NodeNext and Bundler resolution, and refuses a wrong path or body',
    async () => {
      await sh(process.execPath, [TSC, '-p', 'tsconfig.json'], app);
      await sh(process.execPath, [TSC, '-p', 'tsconfig.bundler.json'], app);
    },
    TIMEOUT,
  );

  it(
    'runs with plain node against the API: problems, idempotent retries and typed answers',
    async () => {
      const token = await api.token('packed-client-player');
      const out = await sh(process.execPath, [join(app, 'out/sample.js'), api.url, token], app);
      expect(JSON.parse(out)).toEqual({
        health: 'ok',
        before: null,
        refused: '422 UNDER_AGE',
        sameOnRetry: true,
        me: 'Packed Anna',
        again: '409 PLAYER_EXISTS',
        live: ['sport-poker.v1', 'player'],
      });
    },
    TIMEOUT,
  );
});
