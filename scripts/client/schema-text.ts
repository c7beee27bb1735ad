/**
 * The text of client/src/schema.ts: the types openapi-typescript generates from the contract the API
 * serves (openApiDocument()), so that the typed client is built from the same document the tests check.
 */
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { openApiDocument } from '../../functions/http/contract';

export const SCHEMA_FILE = 'client/src/schema.ts';
export const CLIENT_PACKAGE_FILE = 'client/package.json';
export const CLIENT_CHANGELOG_FILE = 'client/CHANGELOG.md';

/** Whether the changelog has an entry (a `## <version>` heading) for a version of the contract. */
export const changelogHasEntry = (changelog: string, version: string): boolean =>
  changelog.split(/\r?\n/).some((line) => line.trim() === `## ${version}` || line.startsWith(`## ${version} `));

const HEADER = `${COMMENT_HEADER.trimEnd()}\n// Regenerate with \`npm run client:generate\` after a change of the contract (functions/http/contract.ts).\n\n`;

/** The API's version, which the client package carries. */
export const apiVersion = (): string => openApiDocument().info.version;

export async function clientSchemaText(): Promise<string> {
  // The document is plain JSON already; a round trip drops anything a generator would not see in the file.
  const doc = JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3;
  const ast = await openapiTS(doc, { silent: true, alphabetize: false });
  return `${HEADER}${astToString(ast)}`;
}

/**
 * The generated text as a list of tokens, without what only its printer decides: whitespace, line
 * breaks and indentation, the quotes of a string literal, and the layout of a doc comment (its `*`
 * margins and line wrapping). Names, types, punctuation and the words of the descriptions all count.
 */
export function schemaTokens(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text.replace(/\r\n?/g, '\n'));
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    switch (kind) {
      case ts.SyntaxKind.WhitespaceTrivia:
      case ts.SyntaxKind.NewLineTrivia:
        break;
      case ts.SyntaxKind.StringLiteral:
        out.push(JSON.stringify(scanner.getTokenValue()));
        break;
      case ts.SyntaxKind.MultiLineCommentTrivia:
        out.push(
          `/* ${scanner
            .getTokenText()
            .replace(/^\/\*\*?|\*\/$/g, '')
            .replace(/^\s*\*(?!\/)/gm, ' ')
            .replace(/\s+/g, ' ')
            .trim()} */`,
        );
        break;
      case ts.SyntaxKind.SingleLineCommentTrivia:
        out.push(`// ${scanner.getTokenText().slice(2).trim()}`);
        break;
      default:
        out.push(scanner.getTokenText());
    }
  }
  return out;
}

/** Where two generated texts first differ in substance, or undefined when they are the same types. */
export function firstSchemaDifference(committed: string, generated: string): string | undefined {
  const a = schemaTokens(committed);
  const b = schemaTokens(generated);
  const at = a.findIndex((t, i) => t !== b[i]);
  const i = at === -1 ? (a.length === b.length ? -1 : Math.min(a.length, b.length)) : at;
  if (i === -1) return undefined;
  const around = (xs: string[]) => xs.slice(Math.max(0, i - 12), i + 6).join(' ');
  return `token ${i}: committed …${around(a)}… but the contract generates …${around(b)}…`;
}
