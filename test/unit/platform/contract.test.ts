import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../../functions/http/api';
import { buildOpenApi } from '../../../functions/http/openapi';
import { ACCESS } from '../../../functions/platform/authorization';

const doc = buildOpenApi(ALL_ROUTES) as unknown as { paths: Record<string, Record<string, { operationId: string; summary?: string }>>; components: { schemas: Record<string, unknown> } };

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
      expect(ACCESS[r.operationId], r.operationId).toBeDefined();
    }
  });
});
