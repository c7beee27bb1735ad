import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as zod from 'zod';

/**
 * Set (to `true`) by the Lambda bundles' esbuild `define` (infra/bundling.ts). Those bundles serve a
 * contract generated at build time and run zod/mini in place of `zod` (schemas/zod-mini.ts, which makes
 * `.openapi()` return the schema unchanged), so zod-to-openapi is left out of them.
 */
declare const LAMBDA_BUNDLE: boolean | undefined;

if (typeof LAMBDA_BUNDLE === 'undefined' || !LAMBDA_BUNDLE) extendZodWithOpenApi(zod);

// Modules import this as a namespace (`import * as z from './zod'`) and only read its members, so
// esbuild keeps the parts of zod they use; a `z` object passed around as a value keeps all of zod,
// its 40-odd locales included.
export * from 'zod';
