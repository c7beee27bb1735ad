import { readFile } from 'node:fs/promises';

/*
 * The font the printed seat cards and table lists embed: DejaVu Sans (./fonts, with its licence), for
 * Cyrillic and Latin names alike; the PDF's standard fonts have no Cyrillic. A Lambda bundle carries the
 * files beside its code (infra/screen-assets.ts copies them); from the sources they are read in ./fonts.
 */

export const PRINT_FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
export type PrintFont = keyof typeof PRINT_FONT_FILES;

const read = (file: string): Promise<Buffer> =>
  readFile(new URL(`./${file}`, import.meta.url)).catch(() => readFile(new URL(`./fonts/${file}`, import.meta.url)));

const loaded = new Map<PrintFont, Promise<Buffer>>();

/** The font's bytes, read once per process; a failed read is tried again next time. */
export function printFont(name: PrintFont): Promise<Buffer> {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = read(PRINT_FONT_FILES[name]);
    loaded.set(name, bytes);
    bytes.catch(() => loaded.delete(name));
  }
  return bytes;
}
