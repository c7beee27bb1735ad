import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as zod from 'zod';

// The schemas carry their OpenAPI metadata (`.openapi()`) wherever they run: in the functions too, which
// serve a contract generated at bundling time and never read it, for one zod everywhere. The extension
// adds its methods to `ZodType.prototype`, the one member of the namespace it reads; handed the whole
// namespace as a value, esbuild would keep every part of zod in every function (its 40-odd locales
// included: 380 KB against 92). The contract test and every suite run through this same call, so an
// extension that starts to need more of zod fails them, not only the bundles.
extendZodWithOpenApi({ ZodType: zod.ZodType } as typeof zod);

// Modules import this as a namespace (`import * as z from './zod'`) and only read its members, so
// esbuild keeps the parts of zod they use; a `z` object passed around as a value keeps all of zod,
// its 40-odd locales included.
export * from 'zod';
