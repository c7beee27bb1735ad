/**
 * `npm run client:generate`: regenerates the typed client's types (client/src/schema.ts) from the
 * contract, and sets the client package's version to the API's. With `--check` it writes nothing and
 * fails when the committed types or version lag behind the contract, or its changelog has no entry for it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  apiVersion,
  changelogHasEntry,
  CLIENT_CHANGELOG_FILE,
  CLIENT_PACKAGE_FILE,
  clientSchemaText,
  firstSchemaDifference,
  SCHEMA_FILE,
} from './client/schema-text';

const check = process.argv.includes('--check');
const generated = await clientSchemaText();
const pkg = JSON.parse(readFileSync(CLIENT_PACKAGE_FILE, 'utf8')) as { version: string };

if (check) {
  const drift = firstSchemaDifference(readFileSync(SCHEMA_FILE, 'utf8'), generated);
  const problems = [
    ...(drift ? [`${SCHEMA_FILE} differs from the contract at ${drift}`] : []),
    ...(pkg.version !== apiVersion() ? [`${CLIENT_PACKAGE_FILE} is at ${pkg.version}, the API at ${apiVersion()}`] : []),
    ...(changelogHasEntry(readFileSync(CLIENT_CHANGELOG_FILE, 'utf8'), apiVersion())
      ? []
      : [`${CLIENT_CHANGELOG_FILE} has no entry "## ${apiVersion()}" (write what changed)`]),
  ];
  for (const p of problems) console.error(p);
  if (problems.length) console.error('run `npm run client:generate`');
  process.exitCode = problems.length ? 1 : 0;
} else {
  writeFileSync(SCHEMA_FILE, generated);
  if (pkg.version !== apiVersion()) {
    pkg.version = apiVersion();
    writeFileSync(CLIENT_PACKAGE_FILE, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  console.error(`${SCHEMA_FILE} regenerated; ${CLIENT_PACKAGE_FILE} at version ${pkg.version}`);
  if (!changelogHasEntry(readFileSync(CLIENT_CHANGELOG_FILE, 'utf8'), pkg.version)) {
    console.error(`${CLIENT_CHANGELOG_FILE} has no entry "## ${pkg.version}" yet: write what changed`);
  }
}
