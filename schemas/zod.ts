import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as zod from 'zod';

/**
 * Set (to `true`) by the Lambda bundles' esbuild `define` (infra/bundling.ts). Those bundles serve a
 * contract generated at build time, so the schemas' `.openapi()` metadata is not needed there: the
 * method is a no-op and zod-to-openapi is left out of the bundle.
 */
declare const LAMBDA_BUNDLE: boolean | undefined;

if (typeof LAMBDA_BUNDLE !== 'undefined' && LAMBDA_BUNDLE) {
  (zod.ZodType.prototype as { openapi?: unknown }).openapi = function (this: unknown) {
    return this;
  };
} else {
  extendZodWithOpenApi(zod);
}

// Modules import this as a namespace (`import * as z from './zod'`) and only read its members, so
// esbuild keeps the parts of zod they use; a `z` object passed around as a value keeps all of zod,
// its 40-odd locales included.
export * from 'zod';
