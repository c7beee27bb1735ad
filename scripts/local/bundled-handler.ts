import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bundleFile } from './function-bundles';

/**
 * A function's `handler` from its bundle in `dir` (scripts/local/function-bundles.ts). `container` names
 * one set of module instances: the same bundle imported under another name is evaluated afresh, as a new
 * Lambda container would run it.
 */
export async function loadBundledHandler<H>(dir: string, name: string, container: string): Promise<H> {
  const file = bundleFile(dir, name);
  if (!existsSync(file))
    throw new Error(`no bundle of the ${name} function in ${dir}: build them first (scripts/local/function-bundles.ts)`);
  const mod = (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?container=${container}`)) as { handler?: H };
  if (typeof mod.handler !== 'function') throw new Error(`the ${name} bundle exports no handler`);
  return mod.handler;
}
