import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as zod from 'zod';

// The schemas carry their OpenAPI metadata (`.openapi()`) wherever they run: in the functions too, which
// serve a contract generated at bundling time and never read it, for one zod everywhere.
extendZodWithOpenApi(zod);

// Modules import this as a namespace (`import * as z from './zod'`) and only read its members, so
// esbuild keeps the parts of zod they use; a `z` object passed around as a value keeps all of zod,
// its 40-odd locales included.
export * from 'zod';
