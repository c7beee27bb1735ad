import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { level, breakLevel } from '../support/tournament-fixtures';

/**
 * The clock screen in one headless Chromium at 1280x720, 1920x1080 and 3840x2160,
 * in English and Russian, against the real local API on DynamoDB Local. In each page: no text element overflows
 * its box, the box that clips it, or the screen, and every figure the screen lists is there and visible.
 * Screenshots go to test-artifacts/screens/. The tests wait for what the page shows, never for a time.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'screens');
const WAIT_MS = 60_000;
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;
const LANGS = ['en', 'ru'] as const;
const FIELD = 60;

const LONG_PRIZES = [
  { place: 1, description: 'Чемпионский кубок ручной работы и главный трофей зимней серии клуба с гравировкой имени победителя' },
  { place: 2, description: 'Бесплатный вход в главное событие весенней серии и ужин на двоих в ресторане клуба' },
  { placeFrom: 3, placeTo: 5, description: 'Сертификат на участие в любом турнире клуба по выбору игрока в течение трёх месяцев' },
];
const FIRST = ['Алексей', 'Borys', 'Ёлка', 'Zoë', 'Игорь', 'Anna-Maria', 'Юрий', 'Émile', 'Константин', 'Ольга'];
const LAST = ['Петров-Водкин', 'Smith', 'Абрамович', "O'Connor", 'Яковлева', 'Wojciechowski', 'Ильин', 'Bäcker', 'Щербаков', 'Nguyen'];

let api: TestApi;
let owner: string;
let browser: Browser;
let clockPath: string;
let base: string;

/** A setup call; a 503 (the shared store overloaded on a busy machine) is asked again after its Retry-After, as a client would. */
async function ok(method: string, path: string, body?: unknown, token = owner) {
  let res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  for (let i = 0; i < 5 && res.status === 503; i++) {
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? '1') * 1000));
    res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  }
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** What of the page's text does not fit: its own box (scroll sizes), a box that clips it, or the viewport. */
interface Overflow {
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
const overflows = (page: Page): Promise<Overflow[]> =>
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
async function visibleWithText(page: Page, selectors: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const s of selectors) {
    const loc = page.locator(s);
    const box = (await loc.count()) === 1 ? await loc.boundingBox() : null;
    const text = ((await loc.first().textContent()) ?? '').trim();
    if (!box || box.width <= 0 || box.height <= 0 || text === '' || !(await loc.first().isVisible())) missing.push(s);
  }
  return missing;
}

const chromiumMissing = !existsSync(CHROMIUM);
function requireChromium(): void {
  if (chromiumMissing)
    throw new Error(`The screens test drives Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
}

beforeAll(async () => {
  if (chromiumMissing) return;
  api = await startTestApi();
  owner = await api.token('screens-owner');
  const clubId = (await ok('POST', '/v1/clubs', validClub({ name: 'Клуб «Северная корона» и партнёры' }))).clubId;
  base = `/v1/clubs/${clubId}`;
  const structureId = (
    await ok('POST', `${base}/blind-structures`, {
      name: 'Screens grid',
      anteType: 'classic',
      levels: [level(10_000, 20_000, 1200), level(15_000, 30_000, 1200, 30_000), breakLevel(900), level(25_000, 50_000, 1200, 50_000)],
    })
  ).structureId;
  const now = Date.now();
  const id = (
    await ok('POST', `${base}/tournaments`, {
      name: 'Главное событие зимней серии: турнир с ребаями и аддоном',
      startAt: new Date(now - 60_000).toISOString(),
      lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
      buyIn: 1000,
      startingStack: 1_000_000,
      rebuy: 1000,
      addon: 1000,
      blindStructureId: structureId,
      prizes: LONG_PRIZES,
    })
  ).tournamentId;
  const t = `${base}/tournaments/${id}`;
  await ok('POST', `${t}/open-registration`);
  const entries: string[] = [];
  for (let i = 0; i < FIELD; i++) {
    const sub = `screens-p${i}`;
    const displayName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    await ok('POST', '/v1/players', { displayName, dateOfBirth: '1990-01-01', consent: true }, await api.token(sub));
    entries.push((await ok('POST', `${t}/entries`, { kind: 'late_registration', playerId: sub })).item.entryId);
  }
  await ok('POST', `${t}/start`);
  await ok('POST', `${t}/seating/draw`);
  await ok('POST', `${t}/clock/start`);
  await ok('POST', `${t}/entries/${entries[0]}/rebuys`, {});
  await ok('POST', `${t}/entries/${entries[1]}/addons`, {});
  await ok('PUT', `${t}/announcement`, { text: 'Ужин в 20:00 в зале на втором этаже; стол 7 закрывается после перерыва' });
  clockPath = `${t}/screen`;

  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({
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
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
});

const CLOCK_FIGURES = [
  '#level',
  '#time',
  '#blinds',
  '#tod',
  '#club',
  '#tournament',
  '#break',
  '#players',
  '#entries',
  '#avg',
  '#chips',
  '#stack',
  '#rebuys',
  '#addOns',
  '#next',
  '#nextName',
  '#nextAnte',
  '#up1',
  '#up1Name',
  '#up2',
  '#up2Name',
  '#news',
  '#prizes li:nth-child(1)',
  '#prizes li:nth-child(2)',
  '#prizes li:nth-child(3)',
];

async function open(path: string, viewport: (typeof VIEWPORTS)[number], lang: string): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${api.url}${path}?lang=${lang}`, { waitUntil: 'load', timeout: WAIT_MS });
  return page;
}

describe('the screens fit every TV', () => {
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const size = `${viewport.width}x${viewport.height}`;
      it(`clock screen ${size} ${lang}: every figure shown, nothing cut`, async () => {
        requireChromium();
        const page = await open(clockPath, viewport, lang);
        await expect.poll(() => page.locator('#chips').textContent(), { timeout: WAIT_MS }).not.toBe('');
        await expect.poll(() => page.locator('#prizes li').count(), { timeout: WAIT_MS }).toBe(3);
        expect(await page.locator('#nextAnte').textContent()).toMatch(/\d/);
        expect(await page.locator('#up1').textContent()).toMatch(lang === 'ru' ? 'Перерыв' : 'Break');
        expect(await page.locator('#prizes').getAttribute('data-page')).toBe('1/1');
        expect(await visibleWithText(page, CLOCK_FIGURES)).toEqual([]);
        await page.screenshot({ path: join(ARTIFACTS, `clock-${size}-${lang}.png`) });
        expect(await overflows(page)).toEqual([]);
        await page.close();
      }, 120_000);
    }
  }
});
