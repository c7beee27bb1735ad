import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner } from '../support/tournament-fixtures';
import { expectLogoLifecycle } from '../support/screen-logo';
import {
  LANGS,
  SCREEN_ARTIFACTS,
  VIEWPORTS,
  chromiumMissing,
  launchChromium,
  overflows,
  requireChromium,
  visibleWithText,
} from '../support/screen-checks';

/**
 * The Duplicate screen in headless Chromium at 1280x720, 1920x1080 and 3840x2160, in English and Russian,
 * against the real local API on DynamoDB Local: an event of 18 players whose first round is closed, on the
 * standings and seating, and with a hand's diagram beside them. In each page: the page's language, every column
 * has a header, the figures are grouped by thousands as the language writes them, the key text is at a size a
 * room reads, no text element overflows its box or the screen, and a long panel pages through all its rows.
 * Then the page as it follows itself: HEAD, If-None-Match, Accept-Language, the theme, the CSP, and a closed
 * round shown without a reload. Screenshots go to test-artifacts/screens/.
 */
const WAIT_MS = 60_000;
const STACK = 10_000;
// Chips minus the starting stack by table and seat: each table and each seat group adds up to 0.
const DELTAS = [1250, -1250, 300, -300, 2500, -2500, 150, -150, 0];
const NAMES = [
  'Александра Константинопольская',
  'Borys Wojciechowski',
  'Ёлка Петрова-Водкина',
  "Zoë O'Connor",
  'Игорь Абрамович',
  'Émile Bäcker',
];
/** Text smaller than this share of the screen's height is not read across a room (the 20 px at 1080p). */
const MIN_TEXT_SHARE = 1 / 50;

let api: TestApi;
let browser: Browser;
let screenPath: string;
let owner: string;
let clubId: string;
let ev: string;

beforeAll(async () => {
  if (chromiumMissing) return;
  api = await startTestApi();
  const club = await clubWithOwner(api, 'dup-screen-owner');
  owner = club.owner;
  clubId = club.clubId;
  const base = club.base;
  const players = Array.from({ length: 18 }, (_, i) => ({ playerId: `dup-screen-p${i}`, name: `${NAMES[i % NAMES.length]} ${i + 1}` }));
  const created = await api.call('POST', `${base}/duplicate-events`, {
    token: owner,
    body: {
      name: 'Дубликатный четверг: зимний кубок клуба',
      players,
      settings: { rounds: [{ hands: 5 }, { hands: 6 }], startingStack: STACK },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ev = `${base}/duplicate-events/${created.body.eventId}`;
  expect((await api.call('POST', `${ev}/start`, { token: owner })).status).toBe(200);
  const round = (await api.call('GET', `${ev}/rounds/1`, { token: owner })).body as {
    tables: { table: number; seats: { seat: number; playerId: string | null }[] }[];
  };
  for (const t of round.tables) {
    const sign = t.table % 2 === 1 ? 1 : -1;
    const counts = t.seats
      .filter((s) => s.playerId !== null)
      .map((s) => ({ playerId: s.playerId as string, chips: STACK + sign * DELTAS[s.seat - 1]! }));
    const res = await api.call('PUT', `${ev}/rounds/1/tables/${t.table}/counts`, { token: owner, body: { counts, emptySeats: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const closed = await api.call('POST', `${ev}/rounds/1/close`, { token: owner });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  screenPath = `${ev}/screen`;
  mkdirSync(SCREEN_ARTIFACTS, { recursive: true });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
});

async function open(viewport: (typeof VIEWPORTS)[number], lang: string, query: string): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_MS);
  const res = await page.goto(`${api.url}${screenPath}?lang=${lang}${query}`, { waitUntil: 'load', timeout: WAIT_MS });
  expect(res?.status()).toBe(200);
  // The script has laid out every panel: each table's body says which page of its rows it shows.
  await expect.poll(() => page.locator('tbody:not([data-page])').count(), { timeout: WAIT_MS }).toBe(0);
  return page;
}

type Cell = {
  tagName: string;
  hidden: boolean;
  textContent: string | null;
  children: ArrayLike<Cell>;
  querySelectorAll(s: string): ArrayLike<Cell>;
  getAttribute(n: string): string | null;
};
type Win = { document: { querySelectorAll(s: string): ArrayLike<Cell> }; getComputedStyle(e: Cell): { fontSize: string } };

/** The key text: titles, headers, cells, the page number. */
const KEY_TEXT = 'header .tn, h2, th, td, .page';

/** Each table's headers, the rows it shows now (as text), its page ("1/2"), and the smallest font size of the key text. */
const tablesOf = (page: Page) =>
  page.evaluate((keyText) => {
    const w = globalThis as unknown as Win;
    const tables = Array.from(w.document.querySelectorAll('table')).map((t) => ({
      heads: Array.from(t.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim()),
      rows: Array.from(t.querySelectorAll('tbody tr'))
        .filter((tr) => !tr.hidden)
        .map((tr) => Array.from(tr.children).map((td) => (td.textContent ?? '').trim())),
      at: t.querySelectorAll('tbody')[0]?.getAttribute('data-page') ?? '',
    }));
    const sizes = Array.from(w.document.querySelectorAll(keyText))
      .filter((c) => (c.textContent ?? '').trim() !== '')
      .map((c) => parseFloat(w.getComputedStyle(c).fontSize));
    return { tables, minFontPx: Math.min(...sizes) };
  }, KEY_TEXT);

describe('the Duplicate screen fits every TV', () => {
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const size = `${viewport.width}x${viewport.height}`;
      for (const [what, query] of [
        ['standings and seating', ''],
        ['with a hand diagram', '&round=1&hand=1'],
      ] as const) {
        it(`Duplicate ${what} ${size} ${lang}: every column headed, figures grouped, readable, nothing cut`, async () => {
          requireChromium();
          const page = await open(viewport, lang, `${query}&every=4`);
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          expect(await visibleWithText(page, ['header .tn', '.standings h2', '.seating h2', ...(query ? ['.diagram h2'] : [])])).toEqual(
            [],
          );
          const { tables, minFontPx } = await tablesOf(page);
          expect(tables.length).toBe(query ? 3 : 2);
          for (const t of tables) {
            expect(t.heads.every((h) => h !== '')).toBe(true);
            for (const r of t.rows) expect(r).toHaveLength(t.heads.length);
          }
          const standings = tables[query ? 1 : 0]!;
          expect(standings.heads).toContain(lang === 'ru' ? 'Статус' : 'Status');
          expect(standings.rows.length).toBeGreaterThan(0);
          expect(standings.at).toMatch(/^\d+\/\d+$/);
          // Chips are the fourth column: thousands, grouped as the language writes them.
          const group = lang === 'ru' ? /^\d{1,2}[\u00a0\u202f ]\d{3}$/ : /^\d{1,2},\d{3}$/;
          for (const r of standings.rows) expect(r[3]).toMatch(group);
          // The status column (the one the screen once left without a header) says who is out and who plays on.
          const states = lang === 'ru' ? ['В игре', 'Выбыл'] : ['In', 'Out'];
          for (const r of standings.rows) expect(states).toContain(r[7]);
          expect(minFontPx).toBeGreaterThanOrEqual(viewport.height * MIN_TEXT_SHARE);
          expect(await overflows(page)).toEqual([]);
          await page.screenshot({ path: join(SCREEN_ARTIFACTS, `duplicate-${query ? 'diagram' : 'standings'}-${size}-${lang}.png`) });
          // Every player of the standings is on one of its pages, each page readable and within its box.
          const seen = new Set(standings.rows.map((r) => r[1]));
          const pagesSeen = new Set([standings.at]);
          const faults: unknown[] = [];
          await expect
            .poll(
              async () => {
                const now = await tablesOf(page);
                const st = now.tables[query ? 1 : 0]!;
                for (const r of st.rows) seen.add(r[1]);
                if (!pagesSeen.has(st.at)) {
                  pagesSeen.add(st.at);
                  if (now.minFontPx < viewport.height * MIN_TEXT_SHARE) faults.push({ at: st.at, minFontPx: now.minFontPx });
                  faults.push(...(await overflows(page)));
                }
                return seen.size;
              },
              { timeout: WAIT_MS, interval: 500 },
            )
            .toBe(18);
          expect(faults).toEqual([]);

          await page.close();
        }, 180_000);
      }
    }
  }

  it('answers HEAD, follows itself with If-None-Match, reads Accept-Language and the theme, a strict CSP; a closed round shows without a reload', async () => {
    requireChromium();
    const got = await fetch(`${api.url}${screenPath}?lang=en`);
    expect(got.status).toBe(200);
    const etag = got.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const head = await fetch(`${api.url}${screenPath}?lang=en`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
    expect((await fetch(`${api.url}${screenPath}?lang=en`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    // The ETag is what the page shows: another language is another page.
    expect((await fetch(`${api.url}${screenPath}?lang=ru`, { headers: { 'if-none-match': etag! } })).status).toBe(200);

    const page = await browser.newPage({ viewport: VIEWPORTS[1], extraHTTPHeaders: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' } });
    page.setDefaultTimeout(WAIT_MS);
    const polls: { tag: string | undefined; status: number }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'fetch' && r.url().includes('/screen'))
        polls.push({ tag: r.request().headers()['if-none-match'], status: r.status() });
    });
    const res = await page.goto(`${api.url}${screenPath}?theme=light`, { waitUntil: 'load' });
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toContain('unsafe-inline');
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.locator('.standings h2').textContent()).toBe('Итоги раунда 1');
    // The first read names what the page shows, and nothing has changed.
    await expect.poll(() => polls.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(polls[0]).toEqual({ tag: res!.headers()['etag'], status: 304 });

    // Round 2 played even and closed: the standings and the seating say so in place, the page not reloaded.
    await page.evaluate(() => {
      (globalThis as unknown as { stillHere: boolean }).stillHere = true;
    });
    const round = (await api.call('GET', `${ev}/rounds/2`, { token: owner })).body as {
      tables: { table: number; seats: { seat: number; playerId: string | null }[] }[];
    };
    for (const t of round.tables) {
      const counts = t.seats.filter((s) => s.playerId !== null).map((s) => ({ playerId: s.playerId as string, chips: STACK }));
      const emptySeats = t.seats.filter((s) => s.playerId === null).map((s) => s.seat);
      const put = await api.call('PUT', `${ev}/rounds/2/tables/${t.table}/counts`, { token: owner, body: { counts, emptySeats } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    const closed = await api.call('POST', `${ev}/rounds/2/close`, { token: owner });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await expect.poll(() => page.locator('.standings h2').textContent(), { timeout: WAIT_MS }).toBe('Итоги раунда 2');
    expect(await page.locator('.seating h2').textContent()).toContain('2');
    expect(await page.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await overflows(page)).toEqual([]);
    await page.close();
  }, 180_000);
});

describe("the club's logo on the Duplicate screen", () => {
  // One case per size, both languages and both themes among them.
  const CASES = [
    { viewport: VIEWPORTS[0], lang: 'ru', theme: 'dark' },
    { viewport: VIEWPORTS[1], lang: 'en', theme: 'light' },
    { viewport: VIEWPORTS[2], lang: 'ru', theme: 'light' },
  ] as const;

  it('no image while the club has none; once uploaded, loaded inside the header at every size; gone once removed', async () => {
    requireChromium();
    await expectLogoLifecycle({
      api,
      clubId,
      token: owner,
      name: 'duplicate',
      cases: CASES,
      waitMs: WAIT_MS,
      open: (c) => open(c.viewport, c.lang, `&theme=${c.theme}`),
    });
  }, 600_000);
});
