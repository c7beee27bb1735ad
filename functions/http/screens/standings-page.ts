import type { ScreenLang } from './clock-page';

/*
 * What the league standings screen's page hands its script (functions/http/standings-screen.ts writes it,
 * standings.browser.ts reads it): the labels in the page's language and the paging period.
 */

export const STANDINGS_LABELS = {
  en: {
    title: 'Standings',
    place: 'Place',
    player: 'Player',
    played: 'Played',
    wins: 'Wins',
    points: 'Points',
    page: 'Page',
    players: 'Players',
    hidden: 'Player',
    more: 'Top {n} shown',
    noRows: 'No results counted yet',
    offline: 'No connection: showing the last known standings',
    gone: 'This league is not on the public screens',
    loading: 'Loading…',
  },
  ru: {
    title: 'Рейтинг',
    place: 'Место',
    player: 'Игрок',
    played: 'Сыграно',
    wins: 'Победы',
    points: 'Очки',
    page: 'Стр.',
    players: 'Игроков',
    hidden: 'Игрок',
    more: 'Показаны первые {n}',
    noRows: 'Результатов пока нет',
    offline: 'Нет связи: показан последний рейтинг',
    gone: 'Этой лиги нет на публичных экранах',
    loading: 'Загрузка…',
  },
} satisfies Record<ScreenLang, Record<string, string>>;

export type StandingsLabels = (typeof STANDINGS_LABELS)[ScreenLang];

/** The `standings` data block: how long each page of the table stands, in seconds. */
export interface StandingsOptions {
  pageSeconds: number;
}

/** Ids of the page's JSON data blocks. */
export const STANDINGS_BLOCKS = { labels: 'i18n', options: 'standings' } as const;
