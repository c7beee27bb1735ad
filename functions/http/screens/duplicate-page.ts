import type { ScreenLang } from './clock-page';

/*
 * What the Duplicate screen's page hands its script (functions/http/duplicate-screen.ts writes it,
 * duplicate.browser.ts reads it): the few words the script writes itself, in the page's language, and
 * how long a page of a long panel stands.
 */

export const DUPLICATE_SCRIPT_LABELS = {
  en: { page: 'Page', gone: 'This event is not on the public screens' },
  ru: { page: 'Стр.', gone: 'Этого турнира нет на публичных экранах' },
} satisfies Record<ScreenLang, Record<string, string>>;

export type DuplicateScriptLabels = (typeof DUPLICATE_SCRIPT_LABELS)[ScreenLang];

/** The `duplicate` data block: seconds each page of a long panel stands, and the ETag of what the page shows. */
export interface DuplicateOptions {
  pageSeconds: number;
  etag: string;
}

/** Ids of the page's JSON data blocks. */
export const DUPLICATE_BLOCKS = { labels: 'i18n', options: 'duplicate' } as const;
