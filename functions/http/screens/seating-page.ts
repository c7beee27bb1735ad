import type { ScreenLang, ScreenLive } from './clock-page';

/*
 * What the seating board's page hands its script (functions/http/seating-screen.ts writes it,
 * seating.browser.ts reads it): the labels in the page's language, the paging period and the live socket.
 */

export const SEATING_LABELS = {
  en: {
    title: 'Seating',
    player: 'Player',
    table: 'Table',
    seat: 'Seat',
    page: 'Page',
    players: 'Players',
    tables: 'Tables',
    scan: 'Tournament page',
    hidden: 'Player',
    noSeats: 'Seats are not drawn yet',
    offline: 'No connection: showing the last known seating',
    gone: 'This tournament is not on the public screens',
    loading: 'Loading…',
  },
  ru: {
    title: 'Рассадка',
    player: 'Игрок',
    table: 'Стол',
    seat: 'Место',
    page: 'Стр.',
    players: 'Игроков',
    tables: 'Столов',
    scan: 'Страница турнира',
    hidden: 'Игрок',
    noSeats: 'Рассадки ещё нет',
    offline: 'Нет связи: показана последняя рассадка',
    gone: 'Этого турнира нет на публичных экранах',
    loading: 'Загрузка…',
  },
} satisfies Record<ScreenLang, Record<string, string>>;

export type SeatingLabels = (typeof SEATING_LABELS)[ScreenLang];

/** The `seating` data block: how long each page of the board stands, in seconds. */
export interface SeatingOptions {
  pageSeconds: number;
}

export type { ScreenLive };

/** Ids of the page's JSON data blocks. */
export const SEATING_BLOCKS = { labels: 'i18n', live: 'live', options: 'seating' } as const;
