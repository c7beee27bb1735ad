/**
 * Stands in for `@aws-lambda-powertools/jmespath` in the Lambda bundles (infra/bundling.ts
 * `BUNDLE_ALIAS`). Powertools idempotency imports the JMESPath interpreter (23 KB: lexer, parser, tree
 * interpreter and its functions) to read the key and the payload out of the event; the service gives it
 * two plain field names (`idempotency`, `body`: functions/platform/idempotency.ts). This evaluates what
 * JMESPath does for a field path (`a` or `a.b.c`: the value, or null where a step is missing or not an
 * object) and refuses any other expression, so a richer one fails loudly instead of reading nothing. The
 * tests and the local server run the real interpreter; test/infra/bundles.test.ts compares the two.
 */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** JMESPath's `search` for field paths. */
export function search(expression: string, data: unknown, _options?: unknown): unknown {
  if (!FIELD_PATH.test(expression)) {
    throw new Error(`only field paths are bundled for JMESPath, not "${expression}"`);
  }
  let value: unknown = data;
  for (const field of expression.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    value = (value as Record<string, unknown>)[field];
    if (value === undefined) return null;
  }
  return value ?? null;
}

/** Powertools' custom JMESPath functions (`powertools_json` and others): none is callable here. */
export class PowertoolsFunctions {}
