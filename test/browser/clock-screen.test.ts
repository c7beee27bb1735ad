import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { level, breakLevel } from '../support/tournament-fixtures';

/**
 * The clock screen in a real headless Chromium against the real local API on DynamoDB Local: what a
 * TV shows, how it follows staff's clock commands through its polling, and its Russian labels.
 * Levels last 10 minutes, so nothing moves unless the test moves it.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const WAIT_MS = 12_000; // polls every 3 s; room for a busy machine

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
  const res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
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
      prizes: [{ place: 1, description: 'Champion cup' }, { placeFrom: 2, placeTo: 3, description: 'Free entry' }],
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

  userDataDir = mkdtempSync(join(tmpdir(), 'clock-screen-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
    const page = await context.newPage();
    const res = await page.goto(`${api.url}${screenPath()}?lang=en`, { waitUntil: 'load', timeout: 30_000 });
    expect(res?.status()).toBe(200);
    const headers = res?.headers() ?? {};
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'; style-src 'sha256-[^']+'; connect-src 'self'/);
    const html = (await res?.text()) ?? '';
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);
    // The script comes by URL from the API; the page's only inline <script> elements are JSON data.
    expect(html).toContain('<script src="/screens/clock.js"></script>');
    expect([...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([' type="application/json" id="i18n"', ' type="application/json" id="live"', ' src="/screens/clock.js"']);

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
    expect(await page.locator('#prizes li').allTextContents()).toEqual([expect.stringMatching(/^1\s*Champion cup$/), expect.stringMatching(/^2–3\s*Free entry$/)]);

    // The time left follows the server's clock and counts down between polls.
    const server = (await api.call('GET', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock`)).body;
    const first = seconds(await text(page, 'time'));
    const from = Date.now();
    expect(Math.abs(first - server.clock.timeLeftMs / 1000)).toBeLessThanOrEqual(3);
    // Level 1's remainder plus level 2 (600 s) until the break.
    expect(Math.abs(seconds(await text(page, 'break')) - (first + 600))).toBeLessThanOrEqual(2);
    await page.waitForTimeout(2_500);
    const later = seconds(await text(page, 'time'));
    expect(later).toBeLessThan(first);
    // It counts real seconds (whole seconds shown, so within one and a half either way).
    expect(Math.abs(first - later - (Date.now() - from) / 1000)).toBeLessThanOrEqual(1.5);

    // Staff move the level: the screen shows level 2 at the next poll.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/next`);
    await waitForText(page, 'level', 'Level 2');
    expect(await text(page, 'blinds')).toBe('200 / 400');
    expect(await text(page, 'ante')).toBe('Ante 50');
    expect(await text(page, 'next')).toBe('Break');
    expect(await text(page, 'nextAnte')).toBe('');
    expect(seconds(await text(page, 'time'))).toBeGreaterThan(590);
    await page.screenshot({ path: join(ARTIFACTS, 'clock-screen.png') });

    // Paused, the time stands still and the screen says so.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/pause`);
    await waitForText(page, 'status', 'Paused');
    const stopped = await text(page, 'time');
    await page.waitForTimeout(3_500);
    expect(await text(page, 'time')).toBe(stopped);

    // Resumed and moved on to the break: shown as a break, with the level after it.
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/resume`);
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/next`);
    await waitForText(page, 'level', 'Break 1');
    expect((await page.locator('body').getAttribute('class'))?.split(' ')).toContain('brk');
    expect(await text(page, 'blinds')).toBe('Next level: 300 / 600');
    expect(await text(page, 'status')).toBe('');

    // Polls between changes were answered 304 (If-None-Match), and nothing left the page's origin.
    expect(clockAnswers.filter((s) => s === 304).length).toBeGreaterThan(0);
    expect(clockAnswers.every((s) => s === 200 || s === 304)).toBe(true);
    expect(requests.every((u) => u.startsWith(`${api.url}/`))).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it('follows the live socket, and polls again with If-None-Match when the socket drops', async () => {
    requireChromium();
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${api.url}${screenPath()}?lang=en`, { waitUntil: 'load', timeout: 30_000 });
    await expect.poll(() => page.locator('html').getAttribute('data-live'), { timeout: WAIT_MS, interval: 100 }).toBe('on');
    expect(sockets).toEqual([`${api.url.replace('http', 'ws')}/v1/live`]);
    const level0 = await text(page, 'level');

    // With the socket up the page polls every 30 s: a change shows within a moment because the event came.
    const before = clockAnswers.length;
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/next`);
    await expect.poll(() => text(page, 'level'), { timeout: 2_500, interval: 100 }).not.toBe(level0);
    expect(clockAnswers.length - before).toBeLessThanOrEqual(2);

    // The socket goes (the live server stops): back to polling every 3 s, still following the clock.
    await api.live.close();
    await expect.poll(() => page.locator('html').getAttribute('data-live'), { timeout: WAIT_MS, interval: 100 }).toBe('off');
    const level1 = await text(page, 'level');
    const polled = clockAnswers.length;
    await ok('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/clock/previous`);
    await expect.poll(() => text(page, 'level'), { timeout: WAIT_MS, interval: 200 }).not.toBe(level1);
    await page.waitForTimeout(3_500);
    expect(clockAnswers.slice(polled)).toContain(304);
    expect(consoleErrors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);

  it('speaks Russian with ?lang=ru and by Accept-Language, and fits a 1280x720 screen', async () => {
    requireChromium();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    // The clock is where the first test left it: on break 1.
    await page.goto(`${api.url}${screenPath()}?lang=ru`, { timeout: 30_000 });
    await waitForText(page, 'level', 'Перерыв 1');
    expect(await htmlLang(page)).toBe('ru');
    expect(await page.locator('.k').allTextContents()).toEqual(['Следующий уровень', 'До перерыва', 'Входы', 'Осталось игроков', 'Средний стек', 'Призы']);
    expect(await text(page, 'blinds')).toBe('Следующий уровень: 300 / 600');
    expect(await text(page, 'avg')).toBe('10\u202f000');
    await page.screenshot({ path: join(ARTIFACTS, 'clock-screen-ru-1280.png') });
    // Nothing spills off the screen.
    // (The project's types have no DOM: the page's globals are described where they are read.)
    type Root = { document: { documentElement: { scrollWidth: number; scrollHeight: number } }; innerWidth: number; innerHeight: number };
    const root = await page.evaluate(() => {
      const w = globalThis as unknown as Root;
      return { scrollWidth: w.document.documentElement.scrollWidth, scrollHeight: w.document.documentElement.scrollHeight, width: w.innerWidth, height: w.innerHeight };
    });
    const time = await page.locator('#time').boundingBox();
    const footer = await page.locator('footer').boundingBox();
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
