import { createHash } from 'node:crypto';
import * as z from '../../schemas/zod';
import { BASE_STYLE, type ScreenTheme } from './screens/layout';
import type { ScreenLang } from './screens/clock-page';

/*
 * What every screen page shares (clock, seating board, Duplicate): the language and theme it is asked
 * for, its shell, its headers and its CSP. A page carries no token: it reads public GETs beside it.
 */

export type { ScreenLang, ScreenTheme };

/** `?lang` wins; else the first of ru/en in Accept-Language by weight; else English. */
export function screenLang(query: string | undefined, acceptLanguage: string | undefined): ScreenLang {
  if (query === 'ru' || query === 'en') return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The query options every screen takes. */
export const screenQueryShape = {
  lang: z.enum(['ru', 'en']).optional().openapi({ description: "the page's language; default from Accept-Language, else English" }),
  theme: z.enum(['dark', 'light']).optional().openapi({ description: 'dark (the default) or light, for a bright room' }),
};

export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A JSON data block for the page's script: not executed, so no place in the CSP; "<" cannot end it. */
export const dataBlock = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The live socket's URL where it is not on the page's own origin (API Gateway's WebSocket API in AWS). */
export const liveUrl = (): string | null => process.env.LIVE_URL || null;

/**
 * The club's logo (getClubLogo) relative to a screen at `/v1/clubs/{clubId}/…`, as the scripts' URLs are:
 * it resolves under any stage prefix.
 */
export function logoSrc(screenPath: string): string {
  const below = screenPath.split('/{clubId}/')[1] ?? '';
  return `${'../'.repeat(below.split('/').length - 1)}logo`;
}

/** The header's attribute that tells the page's script where the club's logo is. */
export const logoAttribute = (screenPath: string): string => `data-logo="${esc(logoSrc(screenPath))}"`;

/**
 * Only the scripts this API serves and the page's own inline style (by hash), requests to its own
 * origin (the GET it follows, the live socket locally) or to the live API; images from its own origin
 * (the club's logo; the seating board's QR code is inline SVG) and the empty `data:,` icon, which keeps the
 * browser from asking the API's root for a favicon it does not have.
 */
export function screenCsp(style: string, opts: { script: boolean; live: string | null }): string {
  return [
    "default-src 'none'",
    ...(opts.script ? ["script-src 'self'"] : []),
    `style-src ${sha256(style)}`,
    ...(opts.script ? [`connect-src 'self'${opts.live ? ` ${opts.live}` : ''}`] : []),
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface ScreenShell {
  lang: ScreenLang;
  theme: ScreenTheme | undefined;
  title: string;
  /** The screen's own rules, after the shared ones. */
  style: string;
  /** Attributes of <body> (a class for its layout). */
  bodyClass: string;
  body: string;
  /** Extra <head> markup (a refresh). */
  head?: string;
}

/** The page and the headers it goes with: the CSP names the exact style it carries. */
export function screenResponse(shell: ScreenShell, opts: { script: boolean; live?: string | null }) {
  const style = BASE_STYLE + shell.style;
  const theme = shell.theme === 'light' ? ' data-theme="light"' : '';
  const html =
    `<!doctype html><html lang="${shell.lang}"${theme}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<link rel="icon" href="data:,">${shell.head ?? ''}<title>${esc(shell.title)}</title><style>${style}</style></head><body class="${shell.bodyClass}">${shell.body}</body></html>`;
  return {
    status: 200,
    raw: true as const,
    body: html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': screenCsp(style, { script: opts.script, live: opts.live ?? null }),
      'cache-control': 'no-store',
      vary: 'Accept-Language',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  };
}
