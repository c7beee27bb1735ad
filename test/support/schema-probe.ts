/**
 * Every exported schema of the given modules, run through zod: its JSON Schema and its answers to sample
 * inputs. The samples are generic values and, for each schema, three built from its own JSON Schema (every
 * property present: at its lower bounds, at its upper bounds, past them), so that the checks, defaults and
 * refinements run on the fields, not only the top-level type test. test/infra/zod-mini.test.ts runs it in
 * Node (classic zod) and in a bundle (zod/mini with schemas/zod-mini.ts) and compares.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- walks JSON Schemas and schemas of any shape */
import * as z from '../../schemas/zod';

export interface SchemaReport {
  json: unknown;
  answers: ({ data: unknown } | { issues: { code: string; path: string[]; message: string }[]; error: boolean })[];
}

export function probeSchemas(modules: Record<string, Record<string, unknown>>): Record<string, SchemaReport> {
  const out: Record<string, SchemaReport> = {};
  const generic = [undefined, null, {}, [], '', 'x', ' padded ', 0, -1, 1.5, 2 ** 60, true, 'a'.repeat(5000), { unknown: 1 }];
  for (const [name, mod] of Object.entries(modules)) {
    for (const [key, value] of Object.entries(mod)) {
      if (!value || typeof value !== 'object' || !('_zod' in value) || typeof (value as any).safeParse !== 'function') continue;
      const schema = value as any;
      let json: any;
      try {
        json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      } catch (e) {
        json = { error: (e as Error).message };
      }
      const samples = [...generic, fill(json, 0, 'min'), fill(json, 0, 'max'), fill(json, 0, 'over')];
      const answers = samples.map((v) => {
        const r = schema.safeParse(v);
        return r.success
          ? { data: r.data === undefined ? '(undefined)' : r.data }
          : { issues: r.error.issues.map((i: any) => ({ code: i.code, path: i.path.map(String), message: i.message })), error: r.error instanceof z.ZodError };
      });
      out[`${name}#${key}`] = JSON.parse(JSON.stringify({ json, answers })) as SchemaReport;
    }
  }
  return out;
}

/** A route's schemas as a module of exports named `<operationId>.<part>`. */
export function routeSchemas(routes: readonly { operationId: string; params?: unknown; query?: unknown; body?: unknown; responses: Record<number, { schema?: unknown }> }[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parts: Record<string, unknown> = { params: r.params, query: r.query, body: r.body };
    for (const [status, answer] of Object.entries(r.responses)) parts[`answer${status}`] = answer.schema;
    out[`route:${r.operationId}`] = parts;
  }
  return out;
}

type Mode = 'min' | 'max' | 'over';

function fill(s: any, depth: number, mode: Mode): unknown {
  if (!s || typeof s !== 'object' || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return mode === 'over' ? `not-${String(s.enum[0])}` : s.enum[s.enum.length - 1];
  if (s.default !== undefined && mode === 'min') return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return fill(alt[mode === 'max' ? alt.length - 1 : 0], depth + 1, mode);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(s.properties ?? {})) o[k] = fill(p, depth + 1, mode);
      if (mode === 'over') o.unexpected = 1;
      return o;
    }
    case 'array': {
      const n = mode === 'min' ? (s.minItems ?? 0) : Math.min(s.maxItems ?? 2, 3) + (mode === 'over' ? 1 : 0);
      return Array.from({ length: n }, () => fill(s.items, depth + 1, mode));
    }
    case 'string': {
      if (s.format === 'date-time') return mode === 'over' ? '2026-13-01T00:00:00Z' : '2026-11-29T18:00:00.000Z';
      if (s.format === 'email') return mode === 'over' ? 'not an email' : 'desk@club.example';
      if (s.format === 'uri') return mode === 'over' ? 'not a url' : 'https://club.example';
      const n = mode === 'min' ? (s.minLength ?? 1) : mode === 'max' ? Math.min(s.maxLength ?? 8, 300) : (s.maxLength ?? 300) + 1;
      return 'Ab1-'.repeat(Math.ceil(n / 4) + 1).slice(0, n);
    }
    case 'integer':
    case 'number':
      if (mode === 'min') return s.minimum ?? s.exclusiveMinimum ?? -3;
      if (mode === 'max') return s.maximum ?? 7;
      return (s.maximum ?? 1e9) + 0.5;
    case 'boolean':
      return mode !== 'min';
    case 'null':
      return null;
    default:
      return mode === 'over' ? [] : 'x';
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
