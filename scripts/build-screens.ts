/** Writes the screens' browser scripts into a directory (a Lambda bundle's, see infra/screen-assets.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildScreenScript } from '../functions/http/screen-build';
import { SCREEN_SCRIPTS, type ScreenScript } from '../functions/http/screen-scripts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx scripts/build-screens.ts <directory>');
mkdirSync(dir, { recursive: true });
for (const name of Object.keys(SCREEN_SCRIPTS) as ScreenScript[]) {
  writeFileSync(join(dir, SCREEN_SCRIPTS[name].file), await buildScreenScript(name));
}
