import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';
import { callPatiently, startTestApi, validClub, type TestApi } from '../support/local-api';
import { level, breakLevel, makePlayer, openAndBuyIn } from '../support/tournament-fixtures';
import { LANGS, VIEWPORTS, launchChromium, overflows } from '../support/screen-checks';

/**
 * The clock screen in a real headless Chromium against the real local API on DynamoDB Local: what a
 * TV shows, how it follows staff's clock commands through its polling, and its Russian labels.
 * Levels last 10 minutes, so nothing moves unless the test moves it.
 *
 * The first two tests stop the page's own clock (Playwright's clock: its timers, `performance.now()`),
 * so the page polls and counts down only when the test moves that clock, and what it shows follows from
 * the server's answers alone: with its clock standing still, a request takes no time on the page, and the
 * time shown is exactly the time left in the answer. The tests wait for what the page shows and for the
 * requests it makes, never for a stretch of real time.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// Waits for a state: what the page shows, a request it makes. Generous, for a busy machine; a pass takes far less.
const WAIT_MS = 30_000;
// An event comes through the table's stream, which a loaded machine reads late.
const EVENT_WAIT_MS = 60_000;

let api: TestApi;
let owner: string;
let clubId: string;
let tournamentId: string;
let context: BrowserContext;
let userDataDir: string;
const requests: string[] = [];
const clockAnswers: number[] = [];
const consoleErrors: string[] = [];

async function ok(method: string, path: string, body?: unknown, token = owner) {
  const res = await callPatiently(api, method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const screenPath = () => `/v1/clubs/${clubId}/tournaments/${tournamentId}/screen`;
/** What the element holds (not innerText, which applies the style's upper case). */
const text = async (page: Page, id: string) => (await page.locator(`#${id}`).textContent()) ?? '';
/** "mm:ss" or "h:mm:ss" as seconds. */
const seconds = (shown: string) => shown.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
// Locators and polling only: the page's CSP (rightly) refuses the string evaluation waitForFunction uses.
const waitForText = (page: Page, id: string, expected: string) =>
  expect.poll(() => text(page, id), { timeout: WAIT_MS, interval: 200 }).toBe(expected);
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
const liveState = (page: Page) => page.locator('html').getAttribute('data-live');

interface ClockAnswer {
  clock: { status: string; now: string; timeLeftMs: number; levelEndsAt: string | null };
  version: number;
}
/** One clock GET of the page: what it sent, and (once answered and read) the status and a 200's body. */
interface Poll {
  ifNoneMatch: string | undefined;
  status?: number;
  body?: ClockAnswer;
}
interface Screen {
  page: Page;
  /** The page's own answer. */
  response: Response;
  polls: Poll[];
  /** URLs of the WebSockets the page opened. */
  sockets: string[];
  /** How far the test has moved the page's clock since the page read the clock first. */
  moved: number;
}

/** The page polls every 30 s with the socket up: moving its clock this far brings a poll for sure. */
const LIVE_POLL_BUDGET_MS = 31_000;

/**
 * A screen whose own clock stands still from the start (see the header): it reads the clock once on load,
 * and then only when an event comes or the test moves its clock.
 */
async function openScreen(query: string): Promise<Screen> {
  const page = await context.newPage();
  const polls: Poll[] = [];
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const byRequest = new Map<Request, Poll>();
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.endsWith('/clock')) return;
    const poll: Poll = { ifNoneMatch: r.headers()['if-none-match'] };
    polls.push(poll);
    byRequest.set(r, poll);
  });
  page.on('response', async (r) => {
    const poll = byRequest.get(r.request());
    if (!poll) return;
    if (r.status() === 200) poll.body = (await r.json().catch(() => undefined)) as ClockAnswer | undefined;
    poll.status ??= r.status();
  });
  // Chromium reports a 304 (no body) as aborted once answered: only a request with no answer yet failed.
  page.on('requestfailed', (r) => {
    const poll = byRequest.get(r);
    if (poll && r.failure()?.errorText !== 'net::ERR_ABORTED') poll.status ??= 0;
  });
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  const response = await page.goto(`${api.url}${screenPath()}${query}`, { waitUntil: 'load', timeout: WAIT_MS });
  if (!response) throw new Error('no answer to the page');
  return { page, response, polls, sockets, moved: 0 };
}

/**
 * Moves the page's clock on: its timers due by then run (the 200 ms tick, a poll). In whole ticks, so
 * that the figures shown are those of the new time.
 */
async function move(screen: Screen, ms: number): Promise<void> {
  expect(ms % 200).toBe(0);
  await screen.page.clock.runFor(ms);
  screen.moved += ms;
}

/** Every clock GET the page has made is answered (and a 200's body read). */
const allAnswered = (screen: Screen) =>
  expect.poll(() => screen.polls.every((p) => p.status !== undefined), { timeout: WAIT_MS, interval: 100 }).toBe(true);

/** The first answer to a clock GET made after the first `after` of them. */
const answerAfter = (screen: Screen, after: number) => screen.polls.slice(after).find((p) => p.status !== undefined);

/** The socket is up and the read it asks for on subscribing is answered: nothing is left to happen on its own. */
async function settled(screen: Screen): Promise<void> {
  await expect.poll(() => liveState(screen.page), { timeout: WAIT_MS, interval: 100 }).toBe('on');
  await move(screen, 0);
  await expect.poll(() => screen.polls.length, { timeout: WAIT_MS, interval: 100 }).toBe(2);
  await allAnswered(screen);
}

/**
 * `probe` looked at until it matches: between looks the page's clock moves a second, until it has moved
 * `budgetMs` (enough for one of the page's own polls), and then stands still. With 0 it stands still
 * throughout, so only what an event asked for can happen.
 */
function whileMoving<T>(screen: Screen, budgetMs: number, probe: () => T | Promise<T>, timeout = WAIT_MS) {
  let left = budgetMs;
  return expect.poll(
    async () => {
      const step = Math.min(1_000, left);
      left -= step;
      await move(screen, step);
      return probe();
    },
    { timeout, interval: 50 },
  );
}
const shown = (screen: Screen, id: string, budgetMs: number, timeout = WAIT_MS) =>
  whileMoving(screen, budgetMs, () => text(screen.page, id), timeout);

/** The time left the page must show for an answer: its clock is the first answer's `now` plus what it moved. */
const timeLeftShown = (screen: Screen, answer: ClockAnswer): number => {
  const first = screen.polls[0]?.body;
  if (!first || !answer.clock.levelEndsAt) throw new Error('no running clock read');
  return Math.ceil((Date.parse(answer.clock.levelEndsAt) - Date.parse(first.clock.now) - screen.moved) / 1000);
};

/** The last 200 the page read. */
const lastBody = (screen: Screen): ClockAnswer => {
  const body = screen.polls.filter((p) => p.body).at(-1)?.body;
  if (!body) throw new Error('no clock answer read yet');
  return body;
};

/** Each test fails (never skips) on a machine without Chromium, saying how to get it. */
const chromiumMissing = !existsSync(CHROMIUM);
function requireChromium(): void {
  if (chromiumMissing) {
    throw new Error(
      `The clock screen test drives Chromium at ${CHROMIUM}, which is not installed. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (Debian; .ci/run does this), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
}

beforeAll(async () => {
  if (chromiumMissing) return;
  api = await startTestApi();
  owner = await api.token('screen-owner');
  clubId = (await ok('POST', '/v1/clubs', validClub({ name: 'Screen Club' }))).clubId;
  const base = `/v1/clubs/${clubId}`;
  const structureId = (
    await ok('POST', `${base}/blind-structures`, {
      name: 'Screen grid',
      anteType: 'classic',
      levels: [level(100, 200, 600), level(200, 400, 600, 50), breakLevel(300), level(300, 600, 600, 75)],
    })
  ).structureId;
  const now = Date.now();
  tournamentId = (
    await ok('POST', `${base}/tournaments`, {
      name: 'Friday Clock',
      startAt: new Date(now - 60_000).toISOString(),
      lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
      buyIn: 1000,
      startingStack: 10_000,
      blindStructureId: structureId,
      prizes: [
        { place: 1, description: 'Champion cup' },
        { placeFrom: 2, placeTo: 3, description: 'Free entry' },
      ],
    })
  ).tournamentId;
  const t = `${base}/tournaments/${tournamentId}`;
  await ok('POST', `${t}/open-registration`);
  for (const sub of ['screen-p1', 'screen-p2', 'screen-p3']) {
    await ok('POST', '/v1/players', { displayName: sub, dateOfBirth: '1990-01-01', consent: true }, await api.token(sub));
    const reg = await ok('POST', `${t}/registrations`, { playerId: sub });
    await ok('POST', `${t}/registrations/${reg.item.registrationId}/check-in`);
  }
  await ok('POST', `${t}/start`);
  await ok('POST', `${t}/clock/start`);
  // The stream consumer has caught up with the setup, so the screens' events are not queued behind it.
  await api.streams?.drain(120_000);

  userDataDir = mkdtempSync(join(tmpdir(), 'clock-screen-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1920, height: 1080 },
    timeout: 60_000,
  });
  context.setDefaultTimeout(WAIT_MS);
  context.on('request', (r) => requests.push(r.url()));
  context.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('/clock')) clockAnswers.push(r.status());
  });
  context.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
}, 180_000);

afterAll(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  await api?.close();
});

describe('the clock screen on a TV', () => {
  it('shows the running clock, follows a level change and a pause, all from its own origin', async () => {
    requireChromium();
    const screen = await openScreen('?lang=en');
    const { page, response: res } = screen;
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['content-security-policy']).toMatch(
      /default-src 'none'; script-src 'self'; style-src 'sha256-[^']+'; connect-src 'self'/,
    );
    const html = await res.text();
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);
    // The script comes by URL from the API (relative, like the clock GET, so a stage prefix keeps it), and
    // the page's only inline <script> elements are JSON data.
    const src = ' src="../../../../../screens/clock.js"';
    expect(new URL('../../../../../screens/clock.js', res.url()).href).toBe(`${api.url}/screens/clock.js`);
    expect([...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([
      ' type="application/json" id="i18n"',
      ' type="application/json" id="live"',
      src,
    ]);
    // The script: one bundled file for the browser, from this API and public, asked for again with every page.
    const script = await api.call('GET', '/screens/clock.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('no-cache');
    expect(String(script.body)).toMatch(/^"use strict";\(\(\)=>\{/);

    await waitForText(page, 'level', 'Level 1');
    expect(await text(page, 'blinds')).toBe('100 / 200');
    expect(await text(page, 'ante')).toBe('');
    expect(await text(page, 'next')).toBe('200 / 400');
    expect(await text(page, 'nextAnte')).toBe('Ante 50');
    expect(await text(page, 'club')).toBe('Screen Club');
    expect(await text(page, 'tournament')).toBe('Friday Clock');
    expect(await text(page, 'entries')).toBe('3');
    expect(await text(page, 'players')).toBe('3');
    expect(await text(page, 'avg')).toBe('10,000');
    expect(await page.locator('#prizes li').allTextContents()).toEqual([
      expect.stringMatching(/^1\s*Champion cup$/),
      expect.stringMatching(/^2–3\s*Free entry$/),
    ]);

    // The time left is the server's: exactly what the first answer says (the page's clock has not moved
    // since), and no less than the server says a moment later.
    await settled(screen);
    const answered = screen.polls[0]?.body;
    expect(screen.polls[0]?.status).toBe(200);
    if (!answered) throw new Error('the first read has no body');
    const first = seconds(await text(page, 'time'));
    expect(first).toBe(Math.ceil(answered.clock.timeLeftMs / 1000));
    const server = (await api.call('GET', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock`)).body;
    expect(first).toBeGreaterThanOrEqual(Math.ceil(server.clock.timeLeftMs / 1000));
    // Level 1's remainder plus level 2 (600 s) until the break.
    expect(seconds(await text(page, 'break'))).toBe(first + 600);
    // It counts down on its own clock between reads: moved 2.4 s, both figures follow.
    await move(screen, 2_400);
    const later = seconds(await text(page, 'time'));
    expect(later).toBe(Math.ceil((answered.clock.timeLeftMs - 2_400) / 1000));
    expect(later).toBeLessThan(first);
    expect(seconds(await text(page, 'break'))).toBe(later + 600);

    // Staff move the level: the screen shows level 2 (the event makes it read the clock, or else its poll
    // does), a whole fresh level less only what its clock moved.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/next`);
    await shown(screen, 'level', LIVE_POLL_BUDGET_MS).toBe('Level 2');
    expect(await text(page, 'blinds')).toBe('200 / 400');
    expect(await text(page, 'ante')).toBe('Ante 50');
    expect(await text(page, 'next')).toBe('Break');
    expect(await text(page, 'nextAnte')).toBe('');
    await allAnswered(screen);
    const level2 = seconds(await text(page, 'time'));
    expect(level2).toBe(timeLeftShown(screen, lastBody(screen)));
    expect(level2).toBeGreaterThanOrEqual(600 - Math.ceil(screen.moved / 1000));
    await page.screenshot({ path: join(ARTIFACTS, 'clock-screen.png') });

    // Paused, the screen says so and shows the time left the server stopped at, which stands still.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/pause`);
    await shown(screen, 'status', LIVE_POLL_BUDGET_MS).toBe('Paused');
    await allAnswered(screen);
    expect(lastBody(screen).clock.status).toBe('paused');
    const stopped = await text(page, 'time');
    expect(seconds(stopped)).toBe(Math.ceil(lastBody(screen).clock.timeLeftMs / 1000));
    await move(screen, 3_600);
    expect(await text(page, 'time')).toBe(stopped);

    // Resumed and moved on to the break: shown as a break, with the level after it.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/resume`);
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/next`);
    await shown(screen, 'level', 2 * LIVE_POLL_BUDGET_MS).toBe('Break 1');
    expect((await page.locator('body').getAttribute('class'))?.split(' ')).toContain('brk');
    expect(await text(page, 'blinds')).toBe('Next level: 300 / 600');
    expect(await text(page, 'status')).toBe('');

    // Polls between changes are answered 304: the page's next poll names the version it holds (If-None-Match)
    // and nothing changed since.
    await allAnswered(screen);
    const held = screen.polls.length;
    await whileMoving(screen, LIVE_POLL_BUDGET_MS, () => answerAfter(screen, held)).toEqual({
      ifNoneMatch: `"${lastBody(screen).version}"`,
      status: 304,
    });
    expect(clockAnswers.every((s) => s === 200 || s === 304)).toBe(true);
    expect(requests.every((u) => u.startsWith(`${api.url}/`))).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it('follows the live socket, and polls again with If-None-Match when the socket drops', async () => {
    requireChromium();
    const screen = await openScreen('?lang=en');
    const { page } = screen;
    await settled(screen);
    expect(screen.sockets).toEqual([`${api.url.replace('http', 'ws')}/v1/live`]);
    const level0 = await text(page, 'level');

    // With the socket up a change shows because the event came: the page's clock stands still, so no
    // timed poll can have run.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/next`);
    await api.streams?.drain();
    await shown(screen, 'level', 0, EVENT_WAIT_MS).not.toBe(level0);
    await allAnswered(screen);
    // And it polls only every 30 s: nothing in 29 s of its clock, a read at 30 s.
    const asked = screen.polls.length;
    await move(screen, 29_000);
    await allAnswered(screen);
    expect(screen.polls.length).toBe(asked);
    await move(screen, 1_000);
    await expect.poll(() => screen.polls.length, { timeout: WAIT_MS, interval: 100 }).toBe(asked + 1);
    await allAnswered(screen);

    // The socket goes (the live server stops): the page reads the clock at once with If-None-Match (304,
    // nothing changed), then polls every 3 s, still following the clock.
    await api.live.close();
    await expect.poll(() => liveState(page), { timeout: WAIT_MS, interval: 100 }).toBe('off');
    const dropped = screen.polls.length;
    await whileMoving(screen, 0, () => answerAfter(screen, dropped)).toEqual({ ifNoneMatch: `"${lastBody(screen).version}"`, status: 304 });
    const level1 = await text(page, 'level');
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/previous`);
    await shown(screen, 'level', 6_000).not.toBe(level1);
    await allAnswered(screen);
    const polled = screen.polls.length;
    await whileMoving(screen, 3_000, () => answerAfter(screen, polled)).toEqual({
      ifNoneMatch: `"${lastBody(screen).version}"`,
      status: 304,
    });
    expect(consoleErrors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
    await page.close();
  }, 180_000);

  it('speaks Russian with ?lang=ru and by Accept-Language, and fits a 1280x720 screen', async () => {
    requireChromium();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    // The clock is where the first test left it: on break 1.
    await page.goto(`${api.url}${screenPath()}?lang=ru`, { timeout: 30_000 });
    await waitForText(page, 'level', 'Перерыв 1');
    expect(await htmlLang(page)).toBe('ru');
    expect(await page.locator('.k').allTextContents()).toEqual([
      'До перерыва',
      'Осталось игроков',
      'Входы',
      'Средний стек',
      'Фишек в игре',
      'Стартовый стек',
      'Ребаи',
      'Аддоны',
      'Следующие уровни',
      'Призы',
    ]);
    expect(await text(page, 'blinds')).toBe('Следующий уровень: 300 / 600');
    expect(await text(page, 'avg')).toBe('10\u202f000');
    await page.screenshot({ path: join(ARTIFACTS, 'clock-screen-ru-1280.png') });
    // Nothing spills off the screen.
    // (The project's types have no DOM: the page's globals are described where they are read.)
    type Root = { document: { documentElement: { scrollWidth: number; scrollHeight: number } }; innerWidth: number; innerHeight: number };
    const root = await page.evaluate(() => {
      const w = globalThis as unknown as Root;
      return {
        scrollWidth: w.document.documentElement.scrollWidth,
        scrollHeight: w.document.documentElement.scrollHeight,
        width: w.innerWidth,
        height: w.innerHeight,
      };
    });
    const time = await page.locator('#time').boundingBox();
    const footer = await page.locator('.prizes').boundingBox();
    const box = { ...root, timeRight: time ? time.x + time.width : Infinity, footerBottom: footer ? footer.y + footer.height : Infinity };
    expect(box.scrollWidth, JSON.stringify(box)).toBeLessThanOrEqual(box.width);
    expect(box.scrollHeight, JSON.stringify(box)).toBeLessThanOrEqual(box.height);
    expect(box.timeRight, JSON.stringify(box)).toBeLessThanOrEqual(box.width);
    expect(box.footerBottom, JSON.stringify(box)).toBeLessThanOrEqual(box.height);
    await page.close();

    const byHeader = await context.newPage();
    await byHeader.setExtraHTTPHeaders({ 'accept-language': 'de-DE, ru;q=0.8, en;q=0.5' });
    await byHeader.goto(`${api.url}${screenPath()}`, { timeout: 30_000 });
    expect(await htmlLang(byHeader)).toBe('ru');
    await byHeader.close();
  }, 120_000);

  it('is public only while the tournament runs, like the clock it reads', async () => {
    requireChromium();
    const now = Date.now();
    const other = await ok('POST', `/v1/clubs/${clubId}/tournaments`, {
      name: 'Not yet',
      startAt: new Date(now + 86_400_000).toISOString(),
      lateRegEndsAt: new Date(now + 90_000_000).toISOString(),
      buyIn: 1000,
      startingStack: 10_000,
    });
    const hidden = await api.call('GET', `/v1/clubs/${clubId}/tournaments/${other.tournamentId}/screen`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('content-type')).toContain('application/problem+json');
    expect(hidden.body.code).toBe('CLUB_NOT_FOUND');
    // Staff see it before it runs.
    expect((await api.call('GET', `/v1/clubs/${clubId}/tournaments/${other.tournamentId}/screen`, { token: owner })).status).toBe(200);
    const badLang = await api.call('GET', `${screenPath()}?lang=de`);
    expect(badLang.status).toBe(400);
    expect(badLang.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('R-CHIP-2: the colour-up on the clock screen', () => {
  // Level 2 (after the break) takes the 5 and 25 chips off: the break before it announces them.
  const GRID = {
    name: 'Colour-up grid',
    anteType: 'none',
    levels: [level(25, 50, 600), breakLevel(600), level(100, 200, 600), level(200, 400, 600)],
    colorUps: [{ levelIndex: 2, denominations: [5, 25] }],
  };
  const NOTICE = { en: 'Colour-up before level 2: 5, 25 chips come off', ru: 'Колор-ап перед уровнем 2: 5, 25 снимаются' };
  let path: string;
  let clock: string;
  // A browser of its own: the pages above stop their context's clock, these run on real time.
  let browser: Browser;

  beforeAll(async () => {
    if (chromiumMissing) return;
    const base = `/v1/clubs/${clubId}`;
    const structureId = (await ok('POST', `${base}/blind-structures`, GRID)).structureId;
    const now = Date.now();
    const id = (
      await ok('POST', `${base}/tournaments`, {
        name: 'Colour-up night',
        startAt: new Date(now - 60_000).toISOString(),
        lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
        buyIn: 1000,
        startingStack: 10_000,
        blindStructureId: structureId,
      })
    ).tournamentId;
    const t = `${base}/tournaments/${id}`;
    const players = ['colour-p1', 'colour-p2'];
    for (const p of players) await makePlayer(api, p);
    await openAndBuyIn(api, owner, t, players);
    await ok('POST', `${t}/start`);
    await ok('POST', `${t}/clock/start`);
    path = `${t}/screen`;
    clock = `${t}/clock`;
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => browser?.close());

  /** A screen of this tournament at a size and in a language, once it shows `level`. */
  async function screenAt(viewport: { width: number; height: number }, lang: string, levelShown: string) {
    const page = await browser.newPage({ viewport });
    await page.goto(`${api.url}${path}?lang=${lang}`, { waitUntil: 'load', timeout: WAIT_MS });
    await waitForText(page, 'level', levelShown);
    return page;
  }

  it('announces the removed denominations during the break before that level, in ru and en, nothing cut (R-CHIP-2)', async () => {
    requireChromium();
    // Level 1: the colour-up is two levels away, not announced yet.
    const following = await screenAt({ width: 1920, height: 1080 }, 'en', 'Level 1');
    expect((await ok('GET', clock)).board.colorUp).toBeNull();
    expect(await text(following, 'news')).toBe('');

    // The clock runs into the break: the screen that stays open announces the colour-up (by the event, or else
    // its next poll), and so does every size, in both languages, without overflow.
    await ok('POST', `${clock}/next`);
    expect((await ok('GET', clock)).board.colorUp).toMatchObject({ levelIndex: 2, levelNumber: 2, denominations: [5, 25] });
    await expect.poll(() => text(following, 'level'), { timeout: EVENT_WAIT_MS, interval: 200 }).toBe('Break 1');
    await waitForText(following, 'news', NOTICE.en);
    for (const viewport of VIEWPORTS) {
      for (const lang of LANGS) {
        const page = await screenAt(viewport, lang, lang === 'ru' ? 'Перерыв 1' : 'Break 1');
        await waitForText(page, 'news', NOTICE[lang]);
        expect(await page.locator('#news').isVisible()).toBe(true);
        const size = `${viewport.width}x${viewport.height}`;
        await page.screenshot({ path: join(ARTIFACTS, `clock-color-up-${size}-${lang}.png`) });
        expect(await overflows(page), `${size} ${lang}`).toEqual([]);
        await page.close();
      }
    }

    // The level of the colour-up itself: the chips are off, nothing more to announce.
    await ok('POST', `${clock}/next`);
    expect((await ok('GET', clock)).board.colorUp).toBeNull();
    await expect.poll(() => text(following, 'level'), { timeout: EVENT_WAIT_MS, interval: 200 }).toBe('Level 2');
    expect(await text(following, 'news')).toBe('');
    await following.close();
    const ru = await screenAt({ width: 1280, height: 720 }, 'ru', 'Уровень 2');
    expect(await text(ru, 'news')).toBe('');
    await ru.close();
  }, 300_000);
});
