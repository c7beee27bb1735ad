import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Where the page loads the renderer from: a route of this API, so the page needs no other host. */
export const DOCS_BUNDLE_PATH = '/docs/redoc.standalone.js';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
const scriptJson = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

type Doc = { info: { title: string; version: string } };

const OPTIONS = { expandResponses: '200,201', jsonSampleExpandLevel: 3 };
const INIT = `Redoc.init(JSON.parse(document.getElementById('openapi').textContent), ${scriptJson(OPTIONS)}, document.getElementById('redoc'));`;

/**
 * The page may load from this API only. Redoc's sidebar credit pulls a logo from the vendor's CDN; the
 * policy blocks it (the credit hides a logo that fails to load). Redoc styles with inline <style>
 * elements and runs its search index in a blob: worker.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(INIT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  'worker-src blob:',
  "connect-src 'self'",
].join('; ');

/**
 * The reference page: Redoc (from npm, served by this API at DOCS_BUNDLE_PATH) renders the contract,
 * which is embedded in the page; no fonts, scripts or styles from other hosts.
 */
export function renderDocs(doc: Doc): string {
  const title = `${doc.info.title} ${doc.info.version}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(DOCS_CSP)}">
<title>${esc(title)}</title>
<style>body{margin:0}</style></head>
<body><noscript><p>This reference needs JavaScript. The contract itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<div id="redoc"></div>
<script src="${DOCS_BUNDLE_PATH}"></script>
<script id="openapi" type="application/json">${scriptJson(doc)}</script>
<script>${INIT}</script>
</body></html>`;
}

let bundle: string | undefined;

/**
 * The Redoc standalone bundle: beside the deployed handler (copied there when the function is bundled),
 * else from node_modules (local server, tests).
 */
export function docsBundle(): string {
  if (bundle !== undefined) return bundle;
  const here = import.meta.url ? fileURLToPath(new URL('./redoc.standalone.js', import.meta.url)) : '';
  const path =
    here && existsSync(here) ? here : createRequire(import.meta.url || `${process.cwd()}/`).resolve('redoc/bundles/redoc.standalone.js');
  bundle = readFileSync(path, 'utf8');
  return bundle;
}
