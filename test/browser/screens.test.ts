import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { level, breakLevel, tournamentBody } from '../support/tournament-fixtures';
import {
  LANGS,
  SCREEN_ARTIFACTS as ARTIFACTS,
  VIEWPORTS,
  chromiumMissing,
  launchChromium,
  overflows,
  requireChromium,
  visibleWithText,
} from '../support/screen-checks';
import QRCode from 'qrcode';
import { expectLogoFits, expectLogoLifecycle, expectNoLogo, LOGO_CASES, logoShown, removeLogo, uploadLogo } from '../support/screen-logo';

/**
 * The clock screen and the seating board in one headless Chromium at 1280x720, 1920x1080 and 3840x2160,
 * in English and Russian, against the real local API on DynamoDB Local. In each page: no text element overflows
 * its box, the box that clips it, or the screen, and every figure the screen lists is there and visible.
 * Screenshots go to test-artifacts/screens/. The tests wait for what the page shows, never for a time.
 */
const WAIT_MS = 60_000;
// A field the seating board shows over more than one page.
const FIELD = 60;
// A name at the length limit (60), which the board wraps rather than cuts.
const LONG_NAME = 'Александра-Виктория Константинопольская-Щербакова фон Берг';

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
let seatingPath: string;
let tablesPath: string;
let base: string;
let clubId: string;
const names: string[] = [];

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

/** A player's profile; a retry after a lost answer finds it made (409 PLAYER_EXISTS), which is as good. */
async function profile(sub: string, displayName: string): Promise<void> {
  const token = await api.token(sub);
  const body = { displayName, dateOfBirth: '1990-01-01', consent: true };
  let res = await api.call('POST', '/v1/players', { token, body });
  for (let i = 0; i < 5 && res.status === 503; i++) {
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? '1') * 1000));
    res = await api.call('POST', '/v1/players', { token, body });
    if (res.status === 409 && res.body?.code === 'PLAYER_EXISTS') return;
  }
  expect(res.status, `POST /v1/players: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

beforeAll(async () => {
  if (chromiumMissing) return;
  api = await startTestApi();
  owner = await api.token('screens-owner');
  clubId = (await ok('POST', '/v1/clubs', validClub({ name: 'Клуб «Северная корона» и партнёры' }))).clubId;
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
    names.push(i === 7 ? LONG_NAME : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`);
  }
  // The profiles a few at a time (each its own item); the entries one by one (each a change of the tournament).
  for (let i = 0; i < FIELD; i += 5) {
    await Promise.all(names.slice(i, i + 5).map((displayName, j) => profile(`screens-p${i + j}`, displayName)));
  }
  for (let i = 0; i < FIELD; i++) {
    entries.push((await ok('POST', `${t}/entries`, { kind: 'late_registration', playerId: `screens-p${i}` })).item.entryId);
  }
  await ok('POST', `${t}/start`);
  await ok('POST', `${t}/seating/draw`);
  await ok('POST', `${t}/clock/start`);
  await ok('POST', `${t}/entries/${entries[0]}/rebuys`, {});
  await ok('POST', `${t}/entries/${entries[1]}/addons`, {});
  await ok('PUT', `${t}/announcement`, { text: 'Ужин в 20:00 в зале на втором этаже; стол 7 закрывается после перерыва' });
  clockPath = `${t}/screen`;
  seatingPath = `${t}/seating-screen`;
  tablesPath = `${t}/tables`;

  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
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

async function open(path: string, viewport: (typeof VIEWPORTS)[number], lang: string, query = ''): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${api.url}${path}?lang=${lang}${query}`, { waitUntil: 'load', timeout: WAIT_MS });
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

/** The board's page ("2/3") and its rows on show (name, table, seat), read at one moment. */
const shown = (page: Page) =>
  page.locator('#board').evaluate((list: { getAttribute(n: string): string | null; querySelectorAll(s: string): ArrayLike<unknown> }) => ({
    at: list.getAttribute('data-page') ?? '',
    rows: (Array.from(list.querySelectorAll('li')) as { hidden: boolean; children: ArrayLike<{ textContent: string | null }> }[])
      .filter((li) => !li.hidden)
      .map((li) => Array.from(li.children).map((c) => (c.textContent ?? '').trim())),
  }));
const pageOf = (page: Page) => page.locator('#board').getAttribute('data-page');

describe('the seating board fits every TV', () => {
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const size = `${viewport.width}x${viewport.height}`;
      it(`seating board ${size} ${lang}: names and seats shown, pages rotate, nothing cut`, async () => {
        requireChromium();
        const page = await open(seatingPath, viewport, lang, '&every=4');
        await expect.poll(() => page.locator('#board li').count(), { timeout: WAIT_MS * 2 }).toBe(FIELD);
        await expect.poll(() => pageOf(page), { timeout: WAIT_MS }).toMatch(/^\d+\/\d+$/);
        const pages = Number((await pageOf(page))!.split('/')[1]);
        // The field does not fit one screen: the board pages.
        expect(pages).toBeGreaterThan(1);
        expect(await visibleWithText(page, ['#tournament', '#club', '#pageNo', '#players', '#tables', '.scan'])).toEqual([]);
        expect(await page.locator('#players').textContent()).toBe(String(FIELD));
        expect(await page.locator('#qr svg').isVisible()).toBe(true);
        const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
        const sorted = [...names].sort(collator.compare);
        // A page's rows: a run of the A-Z list (in the page's language), each with a table and a seat.
        const run = (rows: string[][]) => {
          const from = sorted.indexOf(rows[0]![0]!);
          expect(rows.map((r) => r[0])).toEqual(sorted.slice(from, from + rows.length));
          for (const r of rows) expect(r.slice(1).every((n) => /^[1-9]\d*$/.test(n ?? ''))).toBe(true);
          return from;
        };
        const first = await shown(page);
        expect(first.rows.length).toBeGreaterThan(10);
        const firstFrom = run(first.rows);
        expect(firstFrom === 0).toBe(first.at === `1/${pages}`);
        await page.screenshot({ path: join(ARTIFACTS, `seating-${size}-${lang}.png`) });
        expect(await overflows(page)).toEqual([]);
        // The next page comes by itself, with other names.
        await expect.poll(async () => (await shown(page)).at, { timeout: WAIT_MS }).not.toBe(first.at);
        const next = await shown(page);
        expect(run(next.rows)).not.toBe(firstFrom);
        expect(await overflows(page)).toEqual([]);
        // The longest name comes round too, wrapped, not cut.
        await expect
          .poll(async () => (await shown(page)).rows.some((r) => r[0] === LONG_NAME), { timeout: WAIT_MS * 2, interval: 250 })
          .toBe(true);
        expect(await overflows(page)).toEqual([]);
        await page.close();
      }, 240_000);
    }
  }

  it('a move shows on the board by itself, and the QR code is the tournament’s public page', async () => {
    requireChromium();
    const page = await open(seatingPath, VIEWPORTS[1], 'en', '&every=120');
    await expect.poll(() => page.locator('#board li').count(), { timeout: WAIT_MS }).toBe(FIELD);
    const tables = (await ok('GET', tablesPath)) as {
      tables: { tableId: string; number: number; seats: { seat: number; entryId: string | null; playerId: string | null }[] }[];
    };
    const [from] = tables.tables;
    const mover = from!.seats.find((x) => x.entryId)!;
    const to = tables.tables.flatMap((t) => t.seats.filter((x) => !x.entryId).map((x) => ({ t, seat: x.seat })))[0]!;
    const name = names[Number(mover.playerId!.replace('screens-p', ''))]!;
    await ok('POST', `${tablesPath.replace(/\/tables$/, '')}/moves`, {
      entryId: mover.entryId,
      to: { tableId: to.t.tableId, seat: to.seat },
    });
    const row = page.locator('#board li', { has: page.locator('.n', { hasText: name }) });
    await expect
      .poll(async () => (await row.locator('b').allTextContents()).join('/'), { timeout: WAIT_MS })
      .toBe(`${to.t.number}/${to.seat}`);
    // The page's QR code is drawn from the public clock screen's URL on the API's origin (as the gateway forwards it).
    const html = await (await fetch(`${api.url}${seatingPath}?lang=en`, { headers: { 'x-forwarded-proto': 'http' } })).text();
    const expected = await QRCode.toString(`${api.url}${clockPath}`, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    expect(html).toContain(expected);
    await page.close();
  }, 120_000);
});

describe('hand for hand on the clock screen (R-HFH-1)', () => {
  let hfh: string;

  beforeAll(async () => {
    if (chromiumMissing) return;
    // Seven players at two tables of four, five paid: one bust puts the field on the bubble.
    const players = Array.from({ length: 7 }, (_, i) => `screens-hfh-${i}`);
    for (const p of players) await profile(p, `Пузырь ${p.slice(-1)}`);
    const id = (await ok('POST', `${base}/tournaments`, tournamentBody({ name: 'Bubble', seatsPerTable: 4, itmPercent: 71 }, -60_000)))
      .tournamentId;
    hfh = `${base}/tournaments/${id}`;
    await ok('POST', `${hfh}/open-registration`);
    const entries: string[] = [];
    for (const playerId of players)
      entries.push((await ok('POST', `${hfh}/entries`, { kind: 'late_registration', playerId })).item.entryId);
    for (const step of ['start', 'seating/draw', 'clock/start']) await ok('POST', `${hfh}/${step}`);
    await ok('POST', `${hfh}/knockouts`, { busted: [entries[0]], killers: [entries[1]] });
    await ok('POST', `${hfh}/hand-for-hand/start`);
  }, 300_000);

  it('shows the hand and the tables playing it at every size in both languages, nothing cut; gone once stopped', async () => {
    requireChromium();
    const playing = (
      (await ok('GET', `${hfh}/hand-for-hand`)) as { handForHand: { playing: { tableNumber: number }[] } }
    ).handForHand.playing
      .map((x) => x.tableNumber)
      .join(', ');
    expect(playing).toMatch(/^\d+, \d+$/);
    const line = { en: `Hand for hand, hand 1: tables playing ${playing}`, ru: `Рука за рукой, раздача 1: играют столы ${playing}` };
    for (const viewport of VIEWPORTS) {
      for (const lang of LANGS) {
        const page = await open(`${hfh}/screen`, viewport, lang);
        await expect.poll(() => page.locator('#news').textContent(), { timeout: WAIT_MS }).toContain(line[lang]);
        expect(await visibleWithText(page, ['#news', '#level', '#time', '#blinds'])).toEqual([]);
        await page.screenshot({ path: join(ARTIFACTS, `clock-hfh-${viewport.width}x${viewport.height}-${lang}.png`) });
        expect(await overflows(page)).toEqual([]);
        await page.close();
      }
    }
    const page = await open(`${hfh}/screen`, VIEWPORTS[1], 'en');
    await expect.poll(() => page.locator('#news').textContent(), { timeout: WAIT_MS }).toContain(line.en);
    await ok('POST', `${hfh}/hand-for-hand/stop`);
    // The open screen follows the stop by itself (its socket, else its next poll).
    await expect.poll(() => page.locator('#news').textContent(), { timeout: WAIT_MS }).not.toContain('Hand for hand');
    await page.close();
  }, 600_000);
});

describe("the club's logo on the clock screen", () => {
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
      name: 'clock',
      cases: CASES,
      waitMs: WAIT_MS,
      open: async (c) => {
        const page = await open(clockPath, c.viewport, c.lang, `&theme=${c.theme}`);
        await expect.poll(() => page.locator('#chips').textContent(), { timeout: WAIT_MS }).not.toBe('');
        return page;
      },
    });
  }, 600_000);
});

describe("the club's logo on the seating board", () => {
  it('no image while the club has none; once uploaded, loaded inside the header at every size, language and theme, nothing cut; gone once removed', async () => {
    requireChromium();
    await expectLogoLifecycle({
      api,
      clubId,
      token: owner,
      name: 'seating',
      cases: LOGO_CASES,
      waitMs: WAIT_MS,
      open: async (c) => {
        const page = await open(seatingPath, c.viewport, c.lang, `&theme=${c.theme}&every=120`);
        await expect.poll(() => page.locator('#board li').count(), { timeout: WAIT_MS }).toBe(FIELD);
        return page;
      },
      // The side column's figures stay in their panels beside a logo.
      also: async (page) =>
        expect(await visibleWithText(page, ['#tournament', '#club', '#pageNo', '#players', '#tables', '.scan'])).toEqual([]),
    });
  }, 600_000);
});

describe('a logo changed while the screens are open', () => {
  // A screen polls every 30 s while its socket is up (5 s without), and the API's copy of the club lasts a
  // minute: the bound within which a TV sees a new logo, with room for a busy machine.
  const SEEN_WITHIN_MS = 150_000;
  const logoOf = async (page: Page) => {
    const shown = await logoShown(page);
    return shown.naturalWidth > 0 ? shown.src : shown.images === 0 ? 'none' : 'loading';
  };

  it('the clock screen and the seating board show an uploaded logo, and drop a removed one, without a reload', async () => {
    requireChromium();
    const clock = await open(clockPath, VIEWPORTS[1], 'en');
    const seating = await open(seatingPath, VIEWPORTS[0], 'ru', '&every=120');
    await expect.poll(() => clock.locator('#chips').textContent(), { timeout: WAIT_MS }).not.toBe('');
    await expect.poll(() => seating.locator('#board li').count(), { timeout: WAIT_MS }).toBe(FIELD);
    await expectNoLogo(clock);
    await expectNoLogo(seating);
    const reloads = [clock, seating].map((p) => {
      let loads = 0;
      p.on('load', () => loads++);
      return () => loads;
    });
    const version = await uploadLogo(api, clubId, owner);
    try {
      for (const page of [clock, seating]) {
        await expect.poll(() => logoOf(page), { timeout: SEEN_WITHIN_MS, interval: 500 }).toMatch(new RegExp(`logo\\?v=${version}$`));
        await expectLogoFits(page, version, WAIT_MS);
      }
    } finally {
      await removeLogo(api, clubId, owner);
    }
    for (const page of [clock, seating]) await expect.poll(() => logoOf(page), { timeout: SEEN_WITHIN_MS, interval: 500 }).toBe('none');
    expect(reloads.map((n) => n())).toEqual([0, 0]);
    await clock.close();
    await seating.close();
  }, 600_000);
});
