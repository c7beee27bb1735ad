import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiVersion,
  changelogHasEntry,
  CLIENT_CHANGELOG_FILE,
  CLIENT_PACKAGE_FILE,
  clientSchemaText,
  firstSchemaDifference,
  SCHEMA_FILE,
} from '../../../scripts/client/schema-text';

/** The typed client cannot drift from the contract: its committed types are what the contract generates. */
const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

describe('the typed client (client/)', () => {
  it('has the types the current contract generates (run `npm run client:generate` after a contract change)', async () => {
    const drift = firstSchemaDifference(readFileSync(SCHEMA_FILE, 'utf8'), await clientSchemaText());
    expect(drift, `${SCHEMA_FILE} is stale: ${drift}`).toBeUndefined();
  }, 60_000);

  it('is versioned with the API and uses the pinned openapi-fetch', () => {
    const client = readJson(CLIENT_PACKAGE_FILE);
    const root = readJson('package.json');
    expect(client.version).toBe(apiVersion());
    expect(client.dependencies?.['openapi-fetch']).toBe(root.dependencies?.['openapi-fetch']);
    expect(root.dependencies?.['openapi-fetch']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(root.devDependencies?.['openapi-typescript']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('has a changelog entry for the version of the contract it carries', () => {
    expect(changelogHasEntry(readFileSync(CLIENT_CHANGELOG_FILE, 'utf8'), apiVersion())).toBe(true);
    expect(changelogHasEntry('# Changelog\n\n## 1.0.1\n', '1.0.0')).toBe(false);
    expect(changelogHasEntry('## 1.0.0 (first)\n', '1.0.0')).toBe(true);
  });

  it('is self-contained: its sources import only openapi-fetch and each other', () => {
    const sources = readdirSync('client/src').filter((f) => f.endsWith('.ts'));
    expect(sources).toEqual(expect.arrayContaining(['index.ts', 'schema.ts']));
    for (const file of sources) {
      const specifiers = [
        ...readFileSync(`client/src/${file}`, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm),
      ].map((m) => m[1]);
      // A relative import names its file as built (./schema.js), as NodeNext resolution and plain Node need.
      for (const s of specifiers) expect(s, `${file} imports ${s}`).toMatch(/^(openapi-fetch|\.\/[\w-]+\.js)$/);
    }
  });

  it("tolerates only the printer's formatting: layout, quotes and comment margins, never a type or a word", async () => {
    const text = await clientSchemaText();
    const reformatted = text
      .replace(/\n/g, '\r\n')
      .replace(/^ {4}/gm, '  ')
      .replace(/"(\/v1\/me)"/g, "'$1'")
      .replace(/ \* @description Liveness/, ' *   @description\n *   Liveness');
    expect(reformatted).not.toBe(text);
    expect(firstSchemaDifference(reformatted, text)).toBeUndefined();

    const changes: [string, string][] = [
      ['status: number;', 'status: string;'],
      ['"/v1/me": {', '"/v1/me/": {'],
      ['@description Liveness', '@description Readiness'],
      ['code: string;', 'code?: string;'],
    ];
    for (const [from, to] of changes) {
      expect(text).toContain(from);
      expect(firstSchemaDifference(text.replace(from, to), text), `${from} -> ${to}`).toMatch(/^token \d+/);
    }
    expect(firstSchemaDifference(text.slice(0, text.lastIndexOf('}')), text)).toMatch(/^token \d+/);
  }, 60_000);
});
