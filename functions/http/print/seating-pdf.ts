import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { SeatedPlayer } from '../../app/tournaments/seating-board';
import type { ScreenLang } from '../screens/clock-page';
import { printFont } from './fonts';

/*
 * The seating on paper, after the draw: a seat card per player (A6 landscape, one a page, A-Z so the desk
 * finds them by name) and a table list (A4, one table a page, every seat of it). Names wrap and shrink
 * to fit their box rather than run off the card.
 */

export interface PrintedTournament {
  clubName: string | null;
  name: string;
  /** ms since the epoch */
  startAt: number;
  seatsPerTable: number;
}

const LABELS = {
  en: { table: 'Table', seat: 'Seat', start: 'Start', cards: 'Seat cards', lists: 'Table lists', hidden: 'Player', empty: '—' },
  ru: { table: 'Стол', seat: 'Место', start: 'Начало', cards: 'Карточки мест', lists: 'Списки столов', hidden: 'Игрок', empty: '—' },
} satisfies Record<ScreenLang, Record<string, string>>;

const A6_LANDSCAPE: [number, number] = [419.53, 297.64];
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 24;
const INK = rgb(0.08, 0.13, 0.11);
const MUTED = rgb(0.35, 0.4, 0.37);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

async function newDocument(title: string, lang: ScreenLang): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([printFont('regular'), printFont('bold')]);
  const fonts = { regular: await pdf.embedFont(regular, { subset: true }), bold: await pdf.embedFont(bold, { subset: true }) };
  pdf.setTitle(title);
  pdf.setLanguage(lang);
  pdf.setCreator('Sport Poker');
  pdf.setProducer('Sport Poker');
  return { pdf, fonts };
}

/** Words in lines of at most `width` at `size`; a word longer than a line is broken between characters. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of Array.from(word)) {
      if (line && !fits(line + ch)) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** The largest size from `max` down to `min` at which the text takes at most `maxLines` lines. */
function fit(text: string, font: PDFFont, max: number, min: number, width: number, maxLines: number) {
  for (let size = max; size > min; size -= 1) {
    const lines = wrap(text, font, size, width);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: min, lines: wrap(text, font, min, width) };
}

/** Lines from `top` down; answers the y under the last. */
function lines(page: PDFPage, text: { lines: string[]; size: number }, font: PDFFont, x: number, top: number, color = INK): number {
  let y = top;
  for (const l of text.lines) {
    y -= text.size;
    page.drawText(l, { x, y, size: text.size, font, color });
    y -= text.size * 0.25;
  }
  return y;
}

const startText = (startAt: number, lang: ScreenLang, timeZone: string): string =>
  new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(startAt));

const nameOf = (p: SeatedPlayer, lang: ScreenLang) => p.name ?? LABELS[lang].hidden;

/** One card a page, A-Z by name in the language's order. */
export async function seatCardsPdf(
  t: PrintedTournament,
  players: readonly SeatedPlayer[],
  opts: { lang: ScreenLang; timeZone: string },
): Promise<Uint8Array> {
  const L = LABELS[opts.lang];
  const { pdf, fonts } = await newDocument(`${t.name}: ${L.cards}`, opts.lang);
  const collator = new Intl.Collator(opts.lang, { sensitivity: 'base', numeric: true });
  const sorted = [...players].sort((a, b) => collator.compare(nameOf(a, opts.lang), nameOf(b, opts.lang)) || a.tableNumber - b.tableNumber);
  const [w, h] = A6_LANDSCAPE;
  const inner = w - 2 * MARGIN;
  const start = `${L.start}: ${startText(t.startAt, opts.lang, opts.timeZone)}`;
  for (const p of sorted) {
    const page = pdf.addPage(A6_LANDSCAPE);
    let y = h - MARGIN;
    if (t.clubName) y = lines(page, fit(t.clubName, fonts.regular, 10, 7, inner, 1), fonts.regular, MARGIN, y, MUTED);
    y = lines(page, fit(t.name, fonts.bold, 13, 8, inner, 2), fonts.bold, MARGIN, y);
    y -= 10;
    y = lines(page, fit(nameOf(p, opts.lang), fonts.bold, 28, 11, inner, 2), fonts.bold, MARGIN, y);
    // Table and seat, large, side by side under the name.
    const half = inner / 2;
    const figureTop = Math.min(y - 8, 150);
    for (const [i, label, value] of [
      [0, L.table, p.tableNumber],
      [1, L.seat, p.seat],
    ] as const) {
      const x = MARGIN + i * half;
      page.drawText(label.toUpperCase(), { x, y: figureTop - 12, size: 12, font: fonts.regular, color: MUTED });
      page.drawText(String(value), { x, y: figureTop - 12 - 62, size: 60, font: fonts.bold, color: INK });
    }
    lines(page, fit(start, fonts.regular, 10, 7, inner, 2), fonts.regular, MARGIN, MARGIN + 22, MUTED);
  }
  if (sorted.length === 0) pdf.addPage(A6_LANDSCAPE);
  return pdf.save();
}

/** One table a page: its seats in order, the empty ones marked. */
export async function tableListsPdf(
  t: PrintedTournament,
  players: readonly SeatedPlayer[],
  opts: { lang: ScreenLang; timeZone: string },
): Promise<Uint8Array> {
  const L = LABELS[opts.lang];
  const { pdf, fonts } = await newDocument(`${t.name}: ${L.lists}`, opts.lang);
  const byTable = new Map<number, SeatedPlayer[]>();
  for (const p of players) byTable.set(p.tableNumber, [...(byTable.get(p.tableNumber) ?? []), p]);
  const [w, h] = A4;
  const inner = w - 2 * MARGIN * 2;
  const left = MARGIN * 2;
  const start = `${L.start}: ${startText(t.startAt, opts.lang, opts.timeZone)}`;
  for (const table of [...byTable.keys()].sort((a, b) => a - b)) {
    const page = pdf.addPage(A4);
    let y = h - MARGIN * 2;
    if (t.clubName) y = lines(page, fit(t.clubName, fonts.regular, 12, 8, inner, 1), fonts.regular, left, y, MUTED);
    y = lines(page, fit(t.name, fonts.bold, 16, 9, inner, 3), fonts.bold, left, y);
    y = lines(page, fit(start, fonts.regular, 11, 8, inner, 1), fonts.regular, left, y, MUTED);
    y -= 16;
    y = lines(page, { lines: [`${L.table} ${table}`], size: 34 }, fonts.bold, left, y);
    y -= 12;
    const seated = new Map((byTable.get(table) ?? []).map((p) => [p.seat, p]));
    const seats = Math.max(t.seatsPerTable, ...seated.keys());
    const rowH = Math.min(56, (y - MARGIN * 2) / seats);
    for (let seat = 1; seat <= seats; seat++) {
      const top = y - (seat - 1) * rowH;
      page.drawLine({ start: { x: left, y: top }, end: { x: w - left, y: top }, thickness: 0.6, color: MUTED });
      page.drawText(String(seat), { x: left + 4, y: top - rowH * 0.62, size: Math.min(22, rowH * 0.5), font: fonts.bold, color: INK });
      const p = seated.get(seat);
      const name = fit(p ? nameOf(p, opts.lang) : L.empty, fonts.regular, Math.min(18, rowH * 0.4), 7, inner - 60, 2);
      const block = name.lines.length * name.size * 1.25;
      lines(page, name, fonts.regular, left + 60, top - (rowH - block) / 2, p ? INK : MUTED);
    }
  }
  if (byTable.size === 0) pdf.addPage(A4);
  return pdf.save();
}
