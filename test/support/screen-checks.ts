import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/*
 * What the screens' browser tests measure in a page (test/browser): text that does not fit, and the
 * figures a screen must show. They run in headless Chromium at the sizes of the TVs the screens are for.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREEN_ARTIFACTS = join(process.cwd(), 'test-artifacts', 'screens');
export const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;
export const LANGS = ['en', 'ru'] as const;

/** What of the page's text does not fit: its own box (scroll sizes), a box that clips it, or the viewport. */
export interface Overflow {
  text: string;
  why: string;
}
// The project's types have no DOM: the page's globals are described where they are read.
type El = {
  tagName: string;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  textContent: string | null;
  parentElement: El | null;
  scrollWidth: number;
  scrollHeight: number;
  clientWidth: number;
  clientHeight: number;
  getClientRects(): { length: number };
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number; height: number };
};
type Win = {
  document: { body: { querySelectorAll(s: string): ArrayLike<El> } };
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(e: El): { display: string; visibility: string; overflowX: string; overflowY: string };
};
export const overflows = (page: Page): Promise<Overflow[]> =>
  page.evaluate(() => {
    const w = globalThis as unknown as Win;
    const out: { text: string; why: string }[] = [];
    const all = w.document.body.querySelectorAll('*');
    for (let i = 0; i < all.length; i++) {
      const el = all[i]!;
      if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue;
      const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
      if (!own || el.getClientRects().length === 0) continue;
      const style = w.getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const text = (el.textContent ?? '').trim().slice(0, 60);
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > w.innerWidth + 1 || r.bottom > w.innerHeight + 1)
        out.push({ text, why: 'off the screen' });
      if (style.display !== 'inline' && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        out.push({ text, why: `scroll ${el.scrollWidth}x${el.scrollHeight} > client ${el.clientWidth}x${el.clientHeight}` });
      }
      for (let p = el.parentElement; p; p = p.parentElement) {
        const ps = w.getComputedStyle(p);
        if (ps.overflowX === 'visible' && ps.overflowY === 'visible') continue;
        const b = p.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
          out.push({ text, why: `outside its clipping ${p.tagName}` });
          break;
        }
      }
    }
    return out;
  });

/** Each element is on the page with text, a size, and inside the screen. */
export async function visibleWithText(page: Page, selectors: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const s of selectors) {
    const loc = page.locator(s);
    const box = (await loc.count()) === 1 ? await loc.boundingBox() : null;
    const text = ((await loc.first().textContent()) ?? '').trim();
    if (!box || box.width <= 0 || box.height <= 0 || text === '' || !(await loc.first().isVisible())) missing.push(s);
  }
  return missing;
}

export const chromiumMissing = !existsSync(CHROMIUM);
export function requireChromium(): void {
  if (chromiumMissing)
    throw new Error(`The screens test drives Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
}

/** Headless Chromium as the screens' tests drive it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 60_000,
  });
