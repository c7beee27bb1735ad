/** Writes the OpenAPI document to a file (default openapi.json) or to stdout with `-`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openApiDocument } from '../functions/http/contract';

const out = process.argv[2] ?? 'openapi.json';
const text = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
if (out === '-') process.stdout.write(text);
else {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
}
