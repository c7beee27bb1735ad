import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestApi } from './local-api';
import { join } from 'node:path';
import { LANGS, SCREEN_ARTIFACTS, VIEWPORTS, overflows } from './screen-checks';

/*
 * The club's logo on the screens (test/browser): a real image to upload, and what a page shows of it:
 * loaded, visible, inside the header and the screen, and nothing else pushed out.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A wide logo (width x height, RGB, a gold band on green), the shape that could push the header's text. */
export function logoPng(width = 600, height = 120): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = (y: number) =>
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(
        Array.from({ length: width }, (_, x) =>
          Math.abs(y - height / 2) < height / 4 && x % 40 < 30 ? [212, 189, 114] : [16, 41, 31],
        ).flat(),
      ),
    ]);
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}

/** Uploads the club's logo as its owner; answers its version (the ETag, unquoted). */
export async function uploadLogo(api: TestApi, clubId: string, token: string, png = logoPng()): Promise<string> {
  const res = await fetch(`${api.url}/v1/clubs/${clubId}/logo`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: png as unknown as Blob,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get('etag') ?? '').replace(/"/g, '');
}

export async function removeLogo(api: TestApi, clubId: string, token: string): Promise<void> {
  const res = await fetch(`${api.url}/v1/clubs/${clubId}/logo`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(204);
}

export interface LogoShown {
  images: number;
  src: string | null;
  naturalWidth: number;
  box: { left: number; right: number; top: number; bottom: number; width: number; height: number } | null;
  header: { left: number; right: number; top: number; bottom: number } | null;
  viewport: { width: number; height: number };
}

type Rect = { left: number; right: number; top: number; bottom: number; width: number; height: number };
type Img = { naturalWidth: number; complete: boolean; getAttribute(n: string): string | null; getBoundingClientRect(): Rect };
type Doc = { querySelectorAll(s: string): ArrayLike<Img>; querySelector(s: string): { getBoundingClientRect(): Rect } | null };

/** What the page shows of images: how many, and the logo's source, decoded width and box against its header's. */
export const logoShown = (page: Page): Promise<LogoShown> =>
  page.evaluate(() => {
    const w = globalThis as unknown as { document: Doc; innerWidth: number; innerHeight: number };
    const imgs = w.document.querySelectorAll('img');
    const img = imgs[0];
    const header = w.document.querySelector('header')?.getBoundingClientRect() ?? null;
    return {
      images: imgs.length,
      src: img?.getAttribute('src') ?? null,
      naturalWidth: img?.complete ? img.naturalWidth : 0,
      box: img ? img.getBoundingClientRect() : null,
      header: header && { left: header.left, right: header.right, top: header.top, bottom: header.bottom },
      viewport: { width: w.innerWidth, height: w.innerHeight },
    };
  });

/** Waits for the logo of `version` to be loaded and checks it stands inside its header and the screen. */
export async function expectLogoFits(page: Page, version: string, waitMs: number): Promise<void> {
  await expect.poll(async () => (await logoShown(page)).naturalWidth, { timeout: waitMs }).toBeGreaterThan(0);
  const shown = await logoShown(page);
  expect(shown.images).toBe(1);
  expect(shown.src).toMatch(new RegExp(`(^|/)logo\\?v=${version}$`));
  expect(shown.src?.startsWith('/')).toBe(false);
  const box = shown.box!;
  const header = shown.header!;
  expect(box.width).toBeGreaterThan(0);
  expect(box.height).toBeGreaterThan(0);
  for (const [edge, ok] of [
    ['left', box.left >= header.left - 1],
    ['right', box.right <= header.right + 1],
    ['top', box.top >= header.top - 1],
    ['bottom', box.bottom <= header.bottom + 1],
    ['screen', box.left >= 0 && box.top >= 0 && box.right <= shown.viewport.width + 1 && box.bottom <= shown.viewport.height + 1],
  ] as const)
    expect(ok, `the logo ${JSON.stringify(box)} inside its header ${JSON.stringify(header)} (${edge})`).toBe(true);
  expect(await overflows(page)).toEqual([]);
}

/** The page has no image at all (a club without a logo). */
export async function expectNoLogo(page: Page): Promise<void> {
  expect((await logoShown(page)).images).toBe(0);
}

/** Every size, language and theme the screens are checked in for the logo. */
export const LOGO_CASES = VIEWPORTS.flatMap((viewport) =>
  LANGS.flatMap((lang) =>
    (['dark', 'light'] as const).map((theme) => ({ viewport, lang, theme, size: `${viewport.width}x${viewport.height}` })),
  ),
);

/** A screen size, language and theme a logo is checked in. */
export interface LogoCase {
  viewport: (typeof VIEWPORTS)[number];
  lang: string;
  theme: 'dark' | 'light';
}

/**
 * The club's logo through its life on one screen: no image while the club has none; after an upload, in each
 * case, the logo of that version loaded inside the header with nothing cut (then `also`), and a screenshot
 * `<name>-logo-<size>-<lang>-<theme>.png`; no image once it is removed, which it is even when a check fails,
 * as other tests read the same club. `open` answers the screen in a case once it shows its data.
 */
export async function expectLogoLifecycle(o: {
  api: TestApi;
  clubId: string;
  token: string;
  name: string;
  cases: readonly LogoCase[];
  open: (c: LogoCase) => Promise<Page>;
  also?: (page: Page) => Promise<void>;
  waitMs: number;
}): Promise<void> {
  const [first, second = first] = o.cases as [LogoCase, ...LogoCase[]];
  const none = await o.open(first);
  await expectNoLogo(none);
  await none.close();
  const version = await uploadLogo(o.api, o.clubId, o.token);
  try {
    for (const c of o.cases) {
      const page = await o.open(c);
      await expectLogoFits(page, version, o.waitMs);
      await o.also?.(page);
      const size = `${c.viewport.width}x${c.viewport.height}`;
      await page.screenshot({ path: join(SCREEN_ARTIFACTS, `${o.name}-logo-${size}-${c.lang}-${c.theme}.png`) });
      await page.close();
    }
  } finally {
    await removeLogo(o.api, o.clubId, o.token);
  }
  const gone = await o.open(second);
  await expectNoLogo(gone);
  await gone.close();
}
