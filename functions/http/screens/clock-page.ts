/*
 * What the clock screen's page hands its script (functions/http/clock-screen.ts writes it, clock.browser.ts
 * reads it): the labels in the page's language and where the live socket is. Plain data, so that both
 * the function and the browser code import it.
 */

export type ScreenLang = 'ru' | 'en';

export const LABELS = {
  en: {
    level: 'Level',
    break: 'Break',
    blinds: 'Blinds',
    ante: 'Ante',
    next: 'Next level',
    upcoming: 'Next levels',
    nextBreak: 'Next break',
    entries: 'Entries',
    players: 'Players left',
    avg: 'Average stack',
    chips: 'Chips in play',
    stack: 'Starting stack',
    rebuys: 'Rebuys',
    addOns: 'Add-ons',
    minutes: 'min',
    prizes: 'Prizes',
    paused: 'Paused',
    notStarted: 'Not started',
    finished: 'Last level over',
    last: 'Last level',
    noBreak: 'None left',
    place: 'Place',
    offline: 'No connection: showing the last known clock',
    gone: 'This tournament is not on the public clock',
    loading: 'Loading…',
    colorUp: 'Colour-up before level',
    chipsOff: 'chips come off',
    chipLeader: 'Chip leader',
    table: 'table',
    seat: 'seat',
    handForHand: 'Hand for hand, hand',
    tables: 'tables playing',
  },
  ru: {
    level: 'Уровень',
    break: 'Перерыв',
    blinds: 'Блайнды',
    ante: 'Анте',
    next: 'Следующий уровень',
    upcoming: 'Следующие уровни',
    nextBreak: 'До перерыва',
    entries: 'Входы',
    players: 'Осталось игроков',
    avg: 'Средний стек',
    chips: 'Фишек в игре',
    stack: 'Стартовый стек',
    rebuys: 'Ребаи',
    addOns: 'Аддоны',
    minutes: 'мин',
    prizes: 'Призы',
    paused: 'Пауза',
    notStarted: 'Не начат',
    finished: 'Последний уровень окончен',
    last: 'Последний уровень',
    noBreak: 'Больше нет',
    place: 'Место',
    offline: 'Нет связи: показаны последние данные',
    gone: 'Этого турнира нет на публичных часах',
    loading: 'Загрузка…',
    colorUp: 'Колор-ап перед уровнем',
    chipsOff: 'снимаются',
    chipLeader: 'Чип-лидер',
    table: 'стол',
    seat: 'место',
    handForHand: 'Рука за рукой, раздача',
    tables: 'играют столы',
  },
} satisfies Record<ScreenLang, Record<string, string>>;

/** Digit group separators: a thin no-break space in Russian, a comma in English. */
export const GROUP = { ru: '\u202f', en: ',' } satisfies Record<ScreenLang, string>;

/** The `i18n` data block: the labels and the digit group separator. */
export type ScreenLabels = (typeof LABELS)[ScreenLang] & { sep: string };

/** The `live` data block: the socket's URL where it is not on the page's own origin, and the topic. */
export interface ScreenLive {
  url: string | null;
  clubId: string;
  tournamentId: string;
}

/** Ids of the page's JSON data blocks. */
export const DATA_BLOCKS = { labels: 'i18n', live: 'live' } as const;
