import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';

/*
 * The text on each page of a PDF whose fonts carry a ToUnicode map (as pdf-lib writes them for embedded
 * fonts): enough to find names on printed pages. Reads `/Font size Tf` and `<hex> Tj` in the page's
 * content; each font's glyph codes go back to text through its map.
 */

const streamText = (s: unknown): string =>
  s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '';

function toUnicode(map: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, code, hex] of map.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const units = hex!.match(/.{4}/g) ?? [];
    out.set(code!.toLowerCase(), String.fromCharCode(...units.map((u) => parseInt(u, 16))));
  }
  return out;
}

function pageText(pdf: PDFDocument, page: PDFPage): string {
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = pdf.context.lookup(ref, PDFDict);
    maps.set(name.decodeText(), toUnicode(streamText(font.lookup(PDFName.of('ToUnicode')))));
  }
  const contents = page.node.Contents();
  const content =
    contents instanceof PDFArray
      ? contents
          .asArray()
          .map((r) => streamText(pdf.context.lookup(r)))
          .join('\n')
      : streamText(contents);
  let map = new Map<string, string>();
  const lines: string[] = [];
  for (const [, font, hex] of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
    if (font !== undefined) map = maps.get(font) ?? new Map();
    else lines.push((hex!.match(/.{4}/g) ?? []).map((c) => map.get(c.toLowerCase()) ?? '\uFFFD').join(''));
  }
  return lines.join('\n');
}

/** The document (parsed with pdf-lib) and the text of each of its pages. */
export async function pdfPages(bytes: Uint8Array): Promise<{ pdf: PDFDocument; pages: string[] }> {
  const pdf = await PDFDocument.load(bytes);
  return { pdf, pages: pdf.getPages().map((p) => pageText(pdf, p)) };
}
