/**
 * The zod the Lambda bundles run: zod/mini, with the methods of zod's classic API that the service's
 * schemas call. infra/bundling.ts aliases `zod` to this module, so schemas/zod.ts (and every schema
 * written against it) gets zod/mini in a bundle and the classic API everywhere else: in the tests, the
 * local server and the contract generator (zod-to-openapi reads classic schemas only).
 *
 * Why: the classic API is 90-97 KB of every bundle, a third of it its JSON Schema generator (built into
 * every classic schema) that a function never runs; zod/mini with these methods is about 45. Each method
 * below is the classic one's body over zod/mini's functions, so a schema built here has the same
 * definition, checks and messages as in Node; test/infra/zod-mini.test.ts builds every exported schema
 * both ways and compares their JSON Schemas and their answers to sample input. A method the schemas start
 * to use and this module lacks fails that test (and the bundle, loudly: "is not a function").
 *
 * zod/mini is reached with exact aliases (infra/bundling.ts): an alias of `zod` alone would also rewrite
 * `zod/mini` to a path under this file.
 */
import { $ZodError } from 'zod/v4/core';
import { en } from 'zod/locales';
import {
  ZodMiniArray,
  ZodMiniEnum,
  ZodMiniNumber,
  ZodMiniObject,
  ZodMiniString,
  ZodMiniType,
  _default,
  array,
  config,
  extend,
  gte,
  int,
  lte,
  maxLength,
  memoizer,
  minLength,
  nonnegative,
  normalize,
  nullable,
  optional,
  overwrite,
  partial,
  refine,
  regex,
  superRefine,
  trim,
  union,
  util,
} from 'zod/mini';

export * from 'zod/mini';
/** What `.parse()` throws; the classic API names it ZodError (functions/platform/errors.ts). */
export { $ZodError as ZodError };

// What classic zod installs on first use: English messages, and the memoizer that gives containers
// cycle support.
config({ ...en(), memoizer: memoizer() });

type Schema = InstanceType<typeof ZodMiniType>;
/** Methods by name, each taking the schema it is called on as `this`. */
type Methods = Record<string, (this: never, ...args: never[]) => unknown>;

/**
 * Adds methods to the instances of one kind of schema: zod copies what a schema constructor's
 * prototype holds onto every instance it builds (its "prototype modifications", which zod-to-openapi's
 * `.openapi()` relies on too).
 */
function install(constructor: { prototype: unknown }, methods: Methods): void {
  Object.assign(constructor.prototype as object, methods);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the classic signatures, typed by schemas/zod.ts */
install(ZodMiniType, {
  // OpenAPI metadata matters only to the contract generator, which does not run in a bundle.
  openapi(this: Schema) {
    return this;
  },
  optional(this: any) {
    return optional(this);
  },
  nullable(this: any) {
    return nullable(this);
  },
  array(this: any) {
    return array(this);
  },
  or(this: any, other: any) {
    return union([this, other]);
  },
  default(this: any, value: any) {
    return _default(this, value);
  },
  refine(this: Schema, check: any, params?: any) {
    return this.check(refine(check, params));
  },
  superRefine(this: Schema, refinement: any, params?: any) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(this: Schema, fn: any) {
    return this.check(overwrite(fn));
  },
});

// A string's and an array's bounds are on their length.
const lengthBounds: Methods = {
  min(this: Schema, n: number, params?: any) {
    return this.check(minLength(n, params));
  },
  max(this: Schema, n: number, params?: any) {
    return this.check(maxLength(n, params));
  },
};

install(ZodMiniString, {
  ...lengthBounds,
  regex(this: Schema, pattern: RegExp, params?: any) {
    return this.check(regex(pattern, params));
  },
  normalize(this: Schema, form?: any) {
    return this.check(normalize(form));
  },
  trim(this: Schema) {
    return this.check(trim());
  },
});

install(ZodMiniNumber, {
  int(this: Schema, params?: any) {
    return this.check(int(params));
  },
  min(this: Schema, n: number, params?: any) {
    return this.check(gte(n, params));
  },
  max(this: Schema, n: number, params?: any) {
    return this.check(lte(n, params));
  },
  nonnegative(this: Schema, params?: any) {
    return this.check(nonnegative(params));
  },
});

install(ZodMiniArray, lengthBounds);

install(ZodMiniObject, {
  extend(this: any, shape: any) {
    return extend(this, shape);
  },
  partial(this: any, mask?: any) {
    return partial(this, mask);
  },
});

install(ZodMiniEnum, {
  exclude(this: any, values: readonly string[], params?: any) {
    const def = this._zod.def;
    const entries = { ...def.entries };
    for (const value of values) {
      if (!Object.hasOwn(def.entries, value)) throw new Error(`Key ${value} not found in enum`);
      delete entries[value];
    }
    return new ZodMiniEnum({ ...def, checks: [], ...util.normalizeParams(params), entries });
  },
});
/* eslint-enable @typescript-eslint/no-explicit-any */
