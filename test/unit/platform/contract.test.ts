import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../../functions/http/api';
import { buildOpenApi } from '../../../functions/http/openapi';

const doc = buildOpenApi(ALL_ROUTES) as unknown as {
  paths: Record<string, Record<string, { operationId: string; summary?: string }>>;
  components: { schemas: Record<string, unknown> };
};

describe('the API contract', () => {
  it('R-MONEY-1, R-MONEY-4: no route cashes out, converts, sells chips or holds a balance', () => {
    const forbidden = /cash.?out|withdraw|payout|convert|exchange|sell|purchase|balance|wallet|deposit|prize.?pool/i;
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path).not.toMatch(forbidden);
      for (const op of Object.values(ops)) expect(op.operationId).not.toMatch(forbidden);
    }
  });

  it('R-MONEY-1: chips are points: no schema puts chips next to a currency or a price', () => {
    const text = JSON.stringify(doc.components.schemas);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      const props = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});
      if (props.includes('chips')) expect(props, name).not.toContain('currency');
    }
    expect(text).not.toMatch(/chipValue|chipPrice|pricePerChip/i);
  });

  it('documents every route with its access rule and a problem answer', () => {
    for (const r of ALL_ROUTES) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op, r.operationId).toBeDefined();
      // Each route declares its rule in its definition (the type requires it; a route built by hand might not).
      expect(['public', 'user', 'club', 'operator'], r.operationId).toContain(r.access?.kind);
    }
  });

  it('derives every problem status from the access rule and the middleware, and says null as JSON Schema does', () => {
    const full = buildOpenApi(ALL_ROUTES) as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }>; parameters?: { name: string }[] }>
      >;
    };
    for (const r of ALL_ROUTES) {
      const op = full.paths[r.path]?.[r.method.toLowerCase()];
      const statuses = Object.keys(op?.responses ?? {});
      const kind = r.access.kind;
      // The body parser's problems, on every route that reads a body (all but liveness, the contract's own pages
      // and the logo's reads); a route that ignores the body still checks its path ids.
      if (r.ignoresBody)
        expect(
          statuses.filter((s) => ['400', '413', '415'].includes(s)),
          r.operationId,
        ).toEqual(r.params ? ['400'] : []);
      else expect(statuses, r.operationId).toEqual(expect.arrayContaining(['400', '413', '415']));
      expect(statuses.includes('401'), r.operationId).toBe(kind !== 'public');
      expect(statuses.includes('410'), r.operationId).toBe(kind === 'user');
      if (kind === 'club') expect(statuses, r.operationId).toContain('404');
      if (statuses.includes('503')) expect(op?.responses['503']?.headers, r.operationId).toHaveProperty('Retry-After');
      const idempotent = r.method === 'POST' && r.idempotent !== false;
      expect(
        (op?.parameters ?? []).some((p) => p.name === 'Idempotency-Key'),
        r.operationId,
      ).toBe(idempotent);
    }
    // zod-to-openapi's `allOf: [{$ref}, {type: [object, null]}]` admits no null: none is left.
    expect(JSON.stringify(full)).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\["object","null"\]\}\]/);
  });
});
