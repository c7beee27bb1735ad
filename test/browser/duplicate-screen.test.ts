import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner } from '../support/tournament-fixtures';
import {
  LANGS,
  SCREEN_ARTIFACTS,
  VIEWPORTS,
  chromiumMissing,
  launchChromium,
  requireChromium,
  visibleWithText,
} from '../support/screen-checks';

/**
 * The Duplicate screen in headless Chromium at 1280x720, 1920x1080 and 3840x2160, in English and Russian,
 * against the real local API on DynamoDB Local: an event of 18 players whose first round is closed, on the
 * standings and seating, and with a hand's diagram beside them. In each page: the page's language, every column
 * has a header, the figures are grouped by thousands as the language writes them, and the tables' text is at
 * a size a room reads. The page reloads itself every few seconds: the test serves it without its refresh, so
 * that it measures one page. Screenshots go to test-artifacts/screens/.
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

beforeAll(async () => {
  if (chromiumMissing) return;
  api = await startTestApi();
  const { owner, base } = await clubWithOwner(api, 'dup-screen-owner');
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
  const ev = `${base}/duplicate-events/${created.body.eventId}`;
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

/** The page as the API serves it (its headers, its CSP), less its refresh. */
async function open(viewport: (typeof VIEWPORTS)[number], lang: string, query: string): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_MS);
  await page.route(`**${screenPath}?*`, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace(/<meta http-equiv="refresh"[^>]*>/, '');
    await route.fulfill({ response: res, body });
  });
  await page.goto(`${api.url}${screenPath}?lang=${lang}${query}`, { waitUntil: 'load', timeout: WAIT_MS });
  return page;
}

type Cell = { tagName: string; textContent: string | null; children: ArrayLike<Cell>; querySelectorAll(s: string): ArrayLike<Cell> };
type Win = { document: { querySelectorAll(s: string): ArrayLike<Cell> }; getComputedStyle(e: Cell): { fontSize: string } };

/** Each table's headers and rows (as text), and the smallest font size of any header or cell. */
const tablesOf = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as Win;
    const tables = Array.from(w.document.querySelectorAll('table')).map((t) => ({
      heads: Array.from(t.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim()),
      rows: Array.from(t.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.children).map((td) => (td.textContent ?? '').trim())),
    }));
    const sizes = Array.from(w.document.querySelectorAll('th, td')).map((c) => parseFloat(w.getComputedStyle(c).fontSize));
    return { tables, minFontPx: Math.min(...sizes) };
  });

describe('the Duplicate screen fits every TV', () => {
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const size = `${viewport.width}x${viewport.height}`;
      for (const [what, query] of [
        ['standings and seating', ''],
        ['with a hand diagram', '&round=1&hand=1'],
      ] as const) {
        it(`Duplicate ${what} ${size} ${lang}: every column headed, figures grouped, readable`, async () => {
          requireChromium();
          const page = await open(viewport, lang, query);
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
          // Chips are the fourth column: thousands, grouped as the language writes them.
          const group = lang === 'ru' ? /^\d{1,2}[\u00a0\u202f ]\d{3}$/ : /^\d{1,2},\d{3}$/;
          for (const r of standings.rows) expect(r[3]).toMatch(group);
          // The status column (the one the screen once left without a header) says who is out and who plays on.
          const states = lang === 'ru' ? ['В игре', 'Выбыл'] : ['In', 'Out'];
          for (const r of standings.rows) expect(states).toContain(r[7]);
          expect(minFontPx).toBeGreaterThanOrEqual(viewport.height * MIN_TEXT_SHARE);
          await page.screenshot({ path: join(SCREEN_ARTIFACTS, `duplicate-${query ? 'diagram' : 'standings'}-${size}-${lang}.png`) });
          await page.close();
        }, 120_000);
      }
    }
  }
});
