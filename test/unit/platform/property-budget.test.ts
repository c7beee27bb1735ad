import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Property tests must pass on a busy 2-core CI machine: each `fc.assert` names its run count (bounded),
 * and the test around it has an explicit timeout (PROPERTY_TEST) instead of Vitest's 5 s default.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const MAX_RUNS = 1000;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? testFiles(join(dir, d.name)) : d.name.endsWith('.test.ts') ? [join(dir, d.name)] : [],
  );
}

const files = testFiles(ROOT)
  .map((f) => ({ name: relative(ROOT, f), text: readFileSync(f, 'utf8') }))
  .filter((f) => f.name !== relative(ROOT, import.meta.filename) && f.text.includes('fc.assert('));

describe('property test budgets', () => {
  it('finds the property tests', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  for (const { name, text } of files) {
    it(`${name}: every fc.assert has a bounded numRuns and its test an explicit timeout`, () => {
      const starts = [...text.matchAll(/fc\.assert\(/g)].map((m) => m.index);
      starts.forEach((at, k) => {
        // The call runs to the next property or test, whichever comes first.
        const next = [starts[k + 1], text.indexOf('\n  it(', at), text.indexOf('\n  it.', at), text.indexOf('\n  test(', at)]
          .filter((i): i is number => i !== undefined && i > at)
          .reduce((a, b) => Math.min(a, b), text.length);
        const call = text.slice(at, next);
        const runs = /numRuns:\s*([\w_]+)/.exec(call);
        expect(runs, `${name}: fc.assert #${k + 1} without numRuns`).not.toBeNull();
        const literal = Number(runs?.[1]?.replaceAll('_', ''));
        if (Number.isFinite(literal)) expect(literal, `${name}: fc.assert #${k + 1}`).toBeLessThanOrEqual(MAX_RUNS);
        const opening = text.slice(0, at).lastIndexOf('\n  it');
        const header = text.slice(opening, at);
        expect(/PROPERTY_TEST|timeout:/.test(header), `${name}: test of fc.assert #${k + 1} has no explicit timeout`).toBe(true);
      });
    });
  }
});
