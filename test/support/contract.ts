import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** What one HTTP exchange looked like, as the contract check needs it. */
export interface Exchange {
  method: string;
  /** The request path, with or without a query string. */
  path: string;
  requestHeaders: Record<string, string>;
  status: number;
  headers: Headers;
  /** The raw response text. */
  text: string;
}

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> }>;
};
export type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

const DOC_ID = 'https://contract.invalid/openapi.json';
const PROBLEM = 'application/problem+json';
/** Response headers the contract must declare wherever a handler sets them. */
const DECLARED_RESPONSE_HEADERS = ['etag', 'location', 'retry-after'];
/** Request headers the contract must declare on an operation the client sends them to. */
const DECLARED_REQUEST_HEADERS = ['idempotency-key', 'if-match'];

const pointer = (...parts: string[]) =>
  '#' +
  parts
    .map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1')))
    .join('/')
    .replace(/^/, '/');

/**
 * Checks answers against an OpenAPI 3.1 document with Ajv (JSON Schema 2020-12): the operation must
 * exist, the status must be documented, the media type and body must match the documented schema, and
 * the headers that carry protocol (ETag, Location, Retry-After, Idempotency-Key, If-Match) must be declared.
 * A request to a path the document does not list is only allowed to answer the Problem 404/405.
 */
export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly routes: { method: string; template: string; re: RegExp; params: number; op: Operation }[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Doc) {
    // strict: false: OpenAPI adds keywords (example, discriminator) that are annotations for JSON Schema.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...closeObjects(structuredClone(doc)), $id: DOC_ID } as object);
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
        this.routes.push({ method: method.toUpperCase(), template, re, params: (template.match(/\{/g) ?? []).length, op });
      }
    }
    // A literal segment wins over a parameter (`/v1/me` over `/v1/players/{playerId}`).
    this.routes.sort((a, b) => a.params - b.params);
  }

  private validator(...parts: string[]): ValidateFunction {
    const ref = `${DOC_ID}${pointer(...parts)}`;
    let v = this.compiled.get(ref);
    if (!v) {
      v = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, v);
    }
    return v;
  }

  /** The drifts of one exchange; an empty list when it keeps to the contract. */
  check(x: Exchange): string[] {
    const path = x.path.split('?')[0] ?? x.path;
    const method = x.method.toUpperCase();
    const route = this.routes.find((r) => r.method === method && r.re.test(path));
    const contentType = (x.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const body = parse(x.text);
    if (!route) {
      // Unknown routes: the gateway adapter's own Problem answer, nothing else.
      if ((x.status === 404 || x.status === 405) && contentType === PROBLEM) {
        return this.errorsOf(this.validator('components', 'schemas', 'Problem'), body, `${method} ${path} (no such operation) ${x.status}`);
      }
      return [`${method} ${path}: no operation in the contract (answered ${x.status})`];
    }
    const name = `${route.op.operationId} (${method} ${route.template}) ${x.status}`;
    const out: string[] = [];
    const declaredParams = new Set((route.op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()));
    for (const h of DECLARED_REQUEST_HEADERS) {
      if (x.requestHeaders[h] !== undefined && !declaredParams.has(h)) out.push(`${name}: request header ${h} is not declared`);
    }
    const answer = route.op.responses[String(x.status)];
    if (!answer) return [...out, `${name}: status not documented (documented: ${Object.keys(route.op.responses).join(', ')})`];
    const declaredHeaders = new Set(Object.keys(answer.headers ?? {}).map((h) => h.toLowerCase()));
    for (const h of DECLARED_RESPONSE_HEADERS) {
      if (x.headers.get(h) !== null && !declaredHeaders.has(h)) out.push(`${name}: response header ${h} is not declared`);
    }
    const content = answer.content ?? {};
    if (!x.text) {
      if (Object.keys(content).length && x.status !== 304)
        out.push(`${name}: empty body where the contract has ${Object.keys(content).join(', ')}`);
      return out;
    }
    const media = content[contentType];
    if (!media)
      return [
        ...out,
        `${name}: content-type ${contentType || '(none)'} not documented (documented: ${Object.keys(content).join(', ') || 'no body'})`,
      ];
    if (media.schema === undefined || !/json$/.test(contentType)) return out;
    return [
      ...out,
      ...this.errorsOf(
        this.validator('paths', route.template, method.toLowerCase(), 'responses', String(x.status), 'content', contentType, 'schema'),
        body,
        name,
      ),
    ];
  }

  private errorsOf(v: ValidateFunction, body: unknown, name: string): string[] {
    if (v(body)) return [];
    return (v.errors ?? [])
      .slice(0, 8)
      .map((e) => `${name}: body${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
}

type Node = Record<string, unknown>;

/**
 * The published contract leaves objects open so that fields can be added; the test holds answers to
 * closed ones, so a field the contract does not name is a drift. An `allOf` of a reference and an
 * extension is merged first, as `additionalProperties: false` cannot see across `allOf` branches.
 */
function closeObjects(doc: Doc): Doc {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Node>;
  const deref = (n: Node): Node => (typeof n.$ref === 'string' ? (schemas[n.$ref.replace('#/components/schemas/', '')] ?? n) : n);
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!n || typeof n !== 'object') return;
    const o = n as Node;
    const all = o.allOf as Node[] | undefined;
    if (Array.isArray(all) && all.every((b) => deref(b).properties)) {
      const parts = all.map(deref);
      delete o.allOf;
      o.type = 'object';
      o.properties = Object.assign({}, ...parts.map((p) => p.properties));
      o.required = [...new Set(parts.flatMap((p) => (p.required as string[] | undefined) ?? []))];
    }
    if (o.properties && o.additionalProperties === undefined) o.additionalProperties = false;
    Object.values(o).forEach(visit);
  };
  visit(doc);
  return doc;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
