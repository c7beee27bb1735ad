import { readFile } from 'node:fs/promises';

/**
 * The screens' browser scripts (functions/http/screens/*.browser.ts), bundled for the browser and served
 * by this API from its own origin, so the pages' CSP allows scripts from 'self' only and no inline one.
 * A Lambda bundle carries each as a file beside its code (written at bundling time by
 * scripts/build-screens.ts, see infra/screen-assets.ts); a process holding the whole API (the local
 * server, the tests) builds them from the sources itself, once, through `describeScreenBuild`.
 */
export const SCREEN_SCRIPTS = {
  clock: { entry: 'functions/http/screens/clock.browser.ts', file: 'clock-screen.js', path: '/screens/clock.js' },
  seating: { entry: 'functions/http/screens/seating.browser.ts', file: 'seating-screen.js', path: '/screens/seating.js' },
  standings: { entry: 'functions/http/screens/standings.browser.ts', file: 'standings-screen.js', path: '/screens/standings.js' },
  duplicate: { entry: 'functions/http/screens/duplicate.browser.ts', file: 'duplicate-screen.js', path: '/screens/duplicate.js' },
} as const;

export type ScreenScript = keyof typeof SCREEN_SCRIPTS;

type Build = (name: ScreenScript) => Promise<string>;

const besideBundle: Build = (name) => readFile(new URL(`./${SCREEN_SCRIPTS[name].file}`, import.meta.url), 'utf8');
let build: Build = besideBundle;
const built = new Map<ScreenScript, Promise<string>>();

/** Builds the scripts in this process instead of reading the bundled files (functions/http/api.ts). */
export function describeScreenBuild(next: Build): void {
  build = next;
  built.clear();
}

/** The script's text, read or built on first use; a failure is not kept, so the next request tries again. */
export function screenScript(name: ScreenScript): Promise<string> {
  let text = built.get(name);
  if (!text) {
    text = build(name);
    built.set(name, text);
    text.catch(() => built.delete(name));
  }
  return text;
}
