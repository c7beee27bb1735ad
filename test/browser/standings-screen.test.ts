import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { tournamentBody } from '../support/tournament-fixtures';
import { expectLogoLifecycle, LOGO_CASES } from '../support/screen-logo';
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
 * The league standings screen in headless Chromium at 1280x720, 1920x1080 and 3840x2160, in English and
 * Russian, against the real local API on DynamoDB Local: a league over one tournament played to the finish
 * (every player busted in turn, so every place differs). In each page: no text element overflows its box,
 * the box that clips it, or the screen; the table's figures are there and visible, in ranking order, a page
 * at a time. Screenshots go to test-artifacts/screens/. The tests wait for what the page shows, never for a time.
 */
const WAIT_MS = 60_000;
// A table the screen shows over more than one page at every size.
const FIELD = 45;
// A name at the length limit (60), which the screen wraps rather than cuts.
const LONG_NAME = 'Александра-Виктория Константинопольская-Щербакова фон Берг';
const FIRST = ['Алексей', 'Borys', 'Ёлка', 'Zoë', 'Игорь', 'Anna-Maria', 'Юрий', 'Émile', 'Константин', 'Ольга'];
const LAST = ['Петров-Водкин', 'Smith', 'Абрамович', "O'Connor", 'Яковлева', 'Wojciechowski', 'Ильин', 'Bäcker', 'Щербаков', 'Nguyen'];
const LEAGUE_NAME = 'Зимняя лига клуба: рейтинг сезона 2026/27 по всем турнирам серии';

let api: TestApi;
let owner: string;
let browser: Browser;
let base: string;
let leaguePath: string;
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

async function profile(sub: string, displayName: string): Promise<void> {
  const token = await api.token(sub);
  const res = await api.call('POST', '/v1/players', { token, body: { displayName, dateOfBirth: '1990-01-01', consent: true } });
  expect([201, 409], `POST /v1/players: ${JSON.stringify(res.body)}`).toContain(res.status);
}

beforeAll(async () => {
  if (chromiumMissing) return;
  api = await startTestApi();
  owner = await api.token('standings-owner');
  const clubId = (await ok('POST', '/v1/clubs', validClub({ name: 'Клуб «Северная корона» и партнёры' }))).clubId;
  base = `/v1/clubs/${clubId}`;
  for (let i = 0; i < FIELD; i++)
    names.push(i === 7 ? LONG_NAME : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`);
  for (let i = 0; i < FIELD; i += 5) {
    await Promise.all(names.slice(i, i + 5).map((n, j) => profile(`standings-p${i + j}`, n)));
  }
  const id = (await ok('POST', `${base}/tournaments`, tournamentBody({ name: 'Ночь лиги', itmPercent: 20 }, -60_000))).tournamentId;
  const leagueId = (
    await ok('POST', `${base}/leagues`, {
      name: LEAGUE_NAME,
      source: { kind: 'tournaments', tournamentIds: [id] },
      points: { kind: 'linear', knockoutPoints: 1 },
    })
  ).leagueId;
  leaguePath = `${base}/leagues/${leagueId}`;
  const t = `${base}/tournaments/${id}`;
  await ok('POST', `${t}/open-registration`);
  const entries: string[] = [];
  for (let i = 0; i < FIELD; i++) {
    entries.push((await ok('POST', `${t}/entries`, { kind: 'late_registration', playerId: `standings-p${i}` })).item.entryId);
  }
  await ok('POST', `${t}/start`);
  // Player 0 busts everyone else, one at a time: every place differs.
  for (let i = FIELD - 1; i > 0; i--) await ok('POST', `${t}/knockouts`, { busted: [entries[i]], killers: [entries[0]] });
  await ok('POST', `${t}/finish`);
  await api.streams?.drain(120_000);
  // The stream consumer has kept the table.
  expect(((await ok('GET', `${leaguePath}/standings?limit=100`)) as { items: unknown[] }).items).toHaveLength(FIELD);
  mkdirSync(SCREEN_ARTIFACTS, { recursive: true });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
});

async function open(viewport: (typeof VIEWPORTS)[number], lang: string, query = ''): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${api.url}${leaguePath}/standings-screen?lang=${lang}${query}`, { waitUntil: 'load', timeout: WAIT_MS });
  return page;
}

/** The table's page ("2/3") and its rows on show (place, name, played, wins, points), read at one moment. */
const shown = (page: Page) =>
  page.locator('#board').evaluate((list: { getAttribute(n: string): string | null; querySelectorAll(s: string): ArrayLike<unknown> }) => ({
    at: list.getAttribute('data-page') ?? '',
    rows: (Array.from(list.querySelectorAll('li')) as { hidden: boolean; children: ArrayLike<{ textContent: string | null }> }[])
      .filter((li) => !li.hidden)
      .map((li) => Array.from(li.children).map((c) => (c.textContent ?? '').trim())),
  }));
const pageOf = (page: Page) => page.locator('#board').getAttribute('data-page');
/** A figure as the page's language writes it: "1,234.5" or "1 234,5". */
const figureIn = (lang: string) => (s: string) =>
  Number(lang === 'ru' ? s.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.') : s.replace(/,/g, ''));

describe('the league standings screen fits every TV', () => {
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const size = `${viewport.width}x${viewport.height}`;
      it(`standings ${size} ${lang}: places, names and points shown, pages rotate, nothing cut`, async () => {
        requireChromium();
        const figure = figureIn(lang);
        const page = await open(viewport, lang, '&every=4');
        await expect.poll(() => page.locator('#board li').count(), { timeout: WAIT_MS }).toBe(FIELD);
        await expect.poll(() => pageOf(page), { timeout: WAIT_MS }).toMatch(/^\d+\/\d+$/);
        const pages = Number((await pageOf(page))!.split('/')[1]);
        expect(pages).toBeGreaterThan(1);
        expect(await visibleWithText(page, ['#league', '#club', '#pageNo', '#players', '.heads span:nth-child(5)'])).toEqual([]);
        expect(await page.locator('#league').textContent()).toBe(LEAGUE_NAME);
        expect(await page.locator('.heads').textContent()).toContain(lang === 'ru' ? 'Очки' : 'Points');
        // A page's rows: a run of the ranking, place by place, each with its figures.
        const run = (rows: string[][]) => {
          for (const r of rows) {
            expect(r).toHaveLength(5);
            expect(r[1]).not.toBe('');
            for (const n of [r[0], r[2], r[3], r[4]]) expect(n).toMatch(/^\d[\d\s\u00a0\u202f,.]*$/);
          }
          const placesShown = rows.map((r) => figure(r[0]!));
          const from = placesShown[0]!;
          expect(placesShown).toEqual(placesShown.map((_, i) => from + i));
          for (let i = 1; i < rows.length; i++) expect(figure(rows[i]![4]!)).toBeLessThanOrEqual(figure(rows[i - 1]![4]!));
          return from;
        };
        const first = await shown(page);
        await page.screenshot({ path: join(SCREEN_ARTIFACTS, `standings-${size}-${lang}.png`) });
        expect(first.rows.length).toBeGreaterThan(8);
        const from = run(first.rows);
        expect(from === 1).toBe(first.at === `1/${pages}`);
        if (from === 1) {
          // The winner busted everyone: first, with every other player's knockout on top of the place points.
          expect(first.rows[0]![1]).toBe(names[0]);
          expect(first.rows[0]![3]).toBe('1');
        }
        expect(await overflows(page)).toEqual([]);
        await expect.poll(async () => (await shown(page)).at, { timeout: WAIT_MS }).not.toBe(first.at);
        const next = await shown(page);
        expect(run(next.rows)).not.toBe(from);
        expect(await overflows(page)).toEqual([]);
        await expect
          .poll(async () => (await shown(page)).rows.some((r) => r[1] === LONG_NAME), { timeout: WAIT_MS * 2, interval: 250 })
          .toBe(true);
        expect(await overflows(page)).toEqual([]);
        await page.close();
      }, 240_000);
    }
  }

  it('polls with If-None-Match; Accept-Language picks the language; a strict CSP; an unknown league is 404', async () => {
    requireChromium();
    const board = await fetch(`${api.url}${leaguePath}/standings-board`);
    expect(board.status).toBe(200);
    const etag = board.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = (await board.json()) as { rows: { name: string | null; place: number }[]; more: boolean };
    expect(body.rows.map((r) => r.place)).toEqual(Array.from({ length: FIELD }, (_, i) => i + 1));
    expect(body.rows[0]!.name).toBe(names[0]);
    expect(body.more).toBe(false);
    expect((await fetch(`${api.url}${leaguePath}/standings-board`, { headers: { 'if-none-match': etag! } })).status).toBe(304);

    const page = await browser.newPage({ viewport: VIEWPORTS[1], extraHTTPHeaders: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' } });
    const polls: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/standings-board')) polls.push(r.headers()['if-none-match']);
    });
    const res = await page.goto(`${api.url}${leaguePath}/standings-screen?every=60`, { waitUntil: 'load' });
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // The club's logo from the API's own origin, nothing else.
    expect(csp).toContain("img-src 'self' data:;");
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.locator('.heads').textContent()).toContain('Место');
    await expect.poll(() => page.locator('#board li').count(), { timeout: WAIT_MS }).toBe(FIELD);
    // The second read names the answer it has.
    await expect.poll(() => polls.length, { timeout: WAIT_MS }).toBeGreaterThan(1);
    expect(polls[0]).toBeUndefined();
    expect(polls[1]).toBe(etag);
    await page.close();

    const missing = await fetch(`${api.url}${base}/leagues/no-such-league/standings-screen`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('LEAGUE_NOT_FOUND');
  }, 120_000);
});

describe("the club's logo on the league standings screen", () => {
  it('R-LEAGUE-5: no image while the club has none; once uploaded, loaded inside the header at every size, language and theme', async () => {
    requireChromium();
    await expectLogoLifecycle({
      api,
      clubId: base.split('/')[3]!,
      token: owner,
      name: 'standings',
      cases: LOGO_CASES,
      waitMs: WAIT_MS,
      open: async (c) => {
        const page = await open(c.viewport, c.lang, `&theme=${c.theme}&every=60`);
        await expect.poll(() => page.locator('#board li').count(), { timeout: WAIT_MS }).toBe(FIELD);
        return page;
      },
      also: async (page) => expect(await visibleWithText(page, ['#league', '#club'])).toEqual([]),
    });
  }, 600_000);
});
