/** A self-contained HTML reference of the OpenAPI document: no scripts, no fonts, works offline. */
const esc = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

type Doc = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, { summary?: string; description?: string; tags?: string[]; operationId?: string; requestBody?: unknown; parameters?: unknown[]; responses?: Record<string, { description?: string; content?: unknown }> }>>;
  components?: { schemas?: Record<string, unknown> };
};

export function renderDocs(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><code>${esc(code)}</code> ${esc(r.description ?? '')}</li>`)
        .join('');
      const body = op.requestBody ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(op.requestBody, null, 2))}</pre></details>` : '';
      const params = op.parameters?.length ? `<details><summary>Parameters</summary><pre>${esc(JSON.stringify(op.parameters, null, 2))}</pre></details>` : '';
      const html = `<section id="${esc(op.operationId)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3><p>${esc(op.description ?? op.summary ?? '')}</p>${params}${body}<ul>${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const toc = [...byTag.keys()].map((t) => `<li><a href="#tag-${esc(t)}">${esc(t)}</a></li>`).join('');
  const sections = [...byTag.entries()].map(([t, ops]) => `<h2 id="tag-${esc(t)}">${esc(t)}</h2>${ops.join('')}`).join('');
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, s]) => `<details id="schema-${esc(name)}"><summary>${esc(name)}</summary><pre>${esc(JSON.stringify(s, null, 2))}</pre></details>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#222}code,pre{font-family:ui-monospace,monospace}pre{background:#f5f5f5;padding:.6rem;overflow:auto}section{border-top:1px solid #ddd;padding:.4rem 0}.m{display:inline-block;min-width:4.2rem;font-size:.8rem;color:#fff;padding:.1rem .4rem;border-radius:3px;background:#555}.get{background:#2a7}.post{background:#27c}.patch,.put{background:#c80}.delete{background:#c33}</style></head>
<body><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>${esc(doc.info.description ?? '')}</p>
<p>Machine-readable contract: <a href="/openapi.json">/openapi.json</a></p><ul>${toc}<li><a href="#schemas">Schemas</a></li></ul>${sections}<h2 id="schemas">Schemas</h2>${schemas}</body></html>`;
}
