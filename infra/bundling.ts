/**
 * How every Lambda function is bundled: one definition that infra/functions.ts hands to NodejsFunction
 * and the bundle benchmark (scripts/bench/bundles.bench.ts) hands to esbuild, so what is measured is
 * what is deployed. No CDK import here: the benchmark loads this module without the CDK.
 */
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** The Lambda runtime's Node major (infra/functions.ts `RUNTIME`) and esbuild's target for it. */
export const NODE_TARGET = 'node22';

/** Node options every function runs with (stack traces point into the sources). */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

/** ESM bundles still meet CommonJS dependencies that call `require`: give them one. */
export const ESM_REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Packages replaced in the bundles by a module of the service (esbuild `alias`): only the SDK's default
 * credential chain, by its first link (functions/runtime/env-credentials.ts, the SDK's own `fromEnv`),
 * since Lambda hands a function its role's credentials in the environment. Every other library runs in
 * the bundles as it ships. An absolute path, for esbuild run on this machine.
 */
export const BUNDLE_ALIAS: Record<string, string> = {
  '@aws-sdk/credential-provider-node': fileURLToPath(new URL('../functions/runtime/env-credentials.ts', import.meta.url)),
};

/** The money checker's lexicon and the Russian texts as UTF-8 (2 bytes a letter) rather than \u escapes (6). */
export const BUNDLE_CHARSET = 'utf8';

/**
 * What NodejsFunction's `bundling` does not pass to esbuild, as its `esbuildArgs`: `BUNDLE_ALIAS` (it has
 * no `alias`) and the charset (it takes a `charset` but never hands it to esbuild, so the deployed
 * bundles were written with `\u` escapes, 25 KB more in those that carry the money checker).
 */
export const BUNDLE_ESBUILD_ARGS: Record<string, string | string[]> = {
  '--alias': Object.entries(BUNDLE_ALIAS).map(([from, to]) => `${from}=${to}`),
  '--charset': BUNDLE_CHARSET,
};

/** esbuild's settings, in the terms both NodejsFunction's `bundling` and esbuild's `build` accept. */
export const BUNDLE_SETTINGS = {
  target: NODE_TARGET,
  minify: true,
  sourceMap: true,
  // Stack traces need the mappings only: the sources' text would triple the map Node reads at a cold start.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_SHIM,
} as const;

/** The file beside a bundle that holds the OpenAPI document (read by functions/http/system.ts). */
export const OPENAPI_FILE = 'openapi.json';

/** The reference page's renderer, served beside the document (functions/http/docs-page.ts). */
const REDOC_BUNDLE = { from: 'node_modules/redoc/bundles/redoc.standalone.js', to: 'redoc.standalone.js' };

/**
 * Shell commands, run by the CDK after esbuild, that put the contract's files into the bundle of the
 * function serving /openapi.json and /docs: the OpenAPI document, generated afresh on every synth (never a
 * committed copy that could drift), and the Redoc script the docs page loads.
 */
export function contractAssetCommands(inputDir: string, outputDir: string): string[] {
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return [
    `cd ${q(inputDir)} && npx --no-install tsx scripts/export-openapi.ts ${q(`${outputDir}/${OPENAPI_FILE}`)}`,
    `cp ${q(`${inputDir}/${REDOC_BUNDLE.from}`)} ${q(`${outputDir}/${REDOC_BUNDLE.to}`)}`,
  ];
}

/** esbuild `build` options for one entry, equal to what NodejsFunction runs with BUNDLE_SETTINGS. */
export function esbuildOptions(entry: string, outfile: string): BuildOptions & { metafile: true } {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_SETTINGS.target,
    minify: BUNDLE_SETTINGS.minify,
    charset: BUNDLE_CHARSET,
    sourcemap: BUNDLE_SETTINGS.sourceMap,
    sourcesContent: BUNDLE_SETTINGS.sourcesContent,
    mainFields: [...BUNDLE_SETTINGS.mainFields],
    banner: { js: BUNDLE_SETTINGS.banner },
    alias: BUNDLE_ALIAS,
    logLevel: 'error',
    metafile: true,
  };
}
