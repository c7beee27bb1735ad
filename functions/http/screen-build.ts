import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { SCREEN_SCRIPTS, type ScreenScript } from './screen-scripts';

/*
 * How a screen's script is bundled: one definition for the Lambda bundles (scripts/build-screens.ts,
 * run after esbuild by the CDK) and for the local server and the tests (functions/http/api.ts). Never in
 * a function's bundle: only whole-API processes and the build import it.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One file the browser runs as it is: minified, no module loader, ES2017 for older TV browsers. */
export const screenBuildOptions = (name: ScreenScript): BuildOptions & { write: false } => ({
  entryPoints: [`${ROOT}${SCREEN_SCRIPTS[name].entry}`],
  tsconfig: `${ROOT}functions/http/screens/tsconfig.json`,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2017',
  minify: true,
  charset: 'utf8',
  legalComments: 'none',
  write: false,
  logLevel: 'error',
});

export async function buildScreenScript(name: ScreenScript): Promise<string> {
  const out = await build(screenBuildOptions(name));
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild wrote nothing for the ${name} screen`);
  return file.text;
}
