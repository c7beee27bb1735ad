import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildFunctionBundles } from '../../scripts/local/function-bundles';

declare module 'vitest' {
  export interface ProvidedContext {
    bundleDir: string;
  }
}

const STALE_MS = 24 * 3_600_000;

/**
 * The functions' bundles, built once for the run as the stack builds them, for the suites that run against
 * the deployed code (the `e2e-bundles` project). Under node_modules so that Vitest leaves them to Node's own
 * loader, as Lambda runs them, rather than transforming them.
 */
export default async function setup(project: TestProject) {
  const cache = fileURLToPath(new URL('../../node_modules/.cache/function-bundles/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  // Runs that were stopped before their teardown leave their bundles; another run may be using its own.
  for (const old of readdirSync(cache).map((d) => join(cache, d))) {
    if (Date.now() - statSync(old).mtimeMs > STALE_MS) rmSync(old, { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(cache, 'run-'));
  await buildFunctionBundles(dir);
  project.provide('bundleDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
