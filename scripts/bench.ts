/**
 * `npm run bench`: runs every benchmark module in scripts/bench/ (each exports `run()` giving
 * medians over repeated runs) and prints one table. Speed is measured here, never in tests.
 */
import './local/node-version';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchRow {
  name: string;
  medianMs: number;
  runs: number;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

const rows: (BenchRow & { suite: string })[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run: () => Promise<BenchRow[]> };
  for (const r of await mod.run()) rows.push({ suite: file.replace('.bench.ts', ''), ...r });
}
console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.table(rows.map((r) => ({ suite: r.suite, benchmark: r.name, 'median ms': r.medianMs, runs: r.runs })));
