import { createHash } from 'node:crypto';
import * as z from '../../schemas/zod';
import { ScreenQuery } from '../../schemas/duplicate';
import { MAX_SEATING_PAGE_SECONDS, MIN_SEATING_PAGE_SECONDS } from '../../schemas/limits';
import type { DuplicateEvent } from '../../domain/duplicate/event';
import type { HandDiagram as Diagram } from '../../domain/duplicate/diagram';
import { DUPLICATE_BLOCKS, DUPLICATE_SCRIPT_LABELS, type DuplicateOptions } from './screens/duplicate-page';
import { SCREEN_SCRIPTS } from './screen-scripts';
import { dataBlock, esc, logoSrc, screenQueryShape, screenResponse, type ScreenLang, type ScreenTheme } from './screen-page';
import type { standingsView } from './duplicate-standings';

/*
 * How the Duplicate screen looks (the route and what it may show are duplicate-views.ts): the shared
 * screen layout, Russian or English, TV-sized type, a header on every column, figures grouped by the
 * language. The server draws every row; the page's script (screens/duplicate.browser.ts) shows a page of
 * each panel's rows at a time and follows the page's own URL with If-None-Match, so the ETag is a digest
 * of what the panels show.
 */

/** Seconds a page of a long panel stands by default; `?every=` is bounded as the seating board's. */
export const DUPLICATE_PAGE_SECONDS = 12;

export const DuplicateScreenQuery = ScreenQuery.extend({
  ...screenQueryShape,
  every: z.coerce
    .number()
    .int()
    .min(MIN_SEATING_PAGE_SECONDS)
    .max(MAX_SEATING_PAGE_SECONDS)
    .optional()
    .openapi({ description: `seconds each page of a long panel stands (default ${DUPLICATE_PAGE_SECONDS})` }),
});

export const DUPLICATE_SCREEN_PATH = '/v1/clubs/{clubId}/duplicate-events/{eventId}/screen';
const SCRIPT_SRC = '../'.repeat(DUPLICATE_SCREEN_PATH.split('/').length - 2) + SCREEN_SCRIPTS.duplicate.path.slice(1);
const LOGO_SRC = logoSrc(DUPLICATE_SCREEN_PATH);

const LABELS = {
  en: {
    title: 'Duplicate Poker',
    standings: (n: number) => `Round ${n} standings`,
    noRound: 'No round closed yet',
    seating: (n: number, status: string) => `Round ${n} (${status}) seating`,
    hand: (r: number, h: number) => `Round ${r}, hand ${h}`,
    place: 'Place',
    player: 'Player',
    tableSeat: 'Table / seat',
    chips: 'Chips',
    points: 'Points',
    total: 'Total',
    carry: 'Carry-over',
    state: 'Status',
    out: 'Out',
    inPlay: 'In',
    table: 'Table',
    seat: 'Seat',
    cards: 'Cards',
    tables: 'Tables',
    empty: 'empty',
    notRecorded: 'not recorded',
    commitment: 'Commitment',
    offline: 'No connection: showing the last known standings',
    status: { playing: 'playing', closed: 'closed' } as Record<string, string>,
    moves: { 'small-blind': 'SB', 'big-blind': 'BB', ante: 'ante', call: 'call' } as Record<string, string>,
  },
  ru: {
    title: 'Дубликатный покер',
    standings: (n: number) => `Итоги раунда ${n}`,
    noRound: 'Ни один раунд ещё не закрыт',
    seating: (n: number, status: string) => `Рассадка раунда ${n} (${status})`,
    hand: (r: number, h: number) => `Раунд ${r}, раздача ${h}`,
    place: 'Место',
    player: 'Игрок',
    tableSeat: 'Стол / место',
    chips: 'Фишки',
    points: 'Очки',
    total: 'Сумма',
    carry: 'Перенос',
    state: 'Статус',
    out: 'Выбыл',
    inPlay: 'В игре',
    table: 'Стол',
    seat: 'Место',
    cards: 'Карты',
    tables: 'Столы',
    empty: 'пусто',
    notRecorded: 'не записана',
    commitment: 'Обязательство',
    offline: 'Нет связи: показаны последние данные',
    status: { playing: 'идёт', closed: 'закрыт' } as Record<string, string>,
    moves: {
      'small-blind': 'МБ',
      'big-blind': 'ББ',
      ante: 'анте',
      call: 'колл',
      fold: 'фолд',
      check: 'чек',
      bet: 'бет',
      raise: 'рейз',
    } as Record<string, string>,
  },
} satisfies Record<ScreenLang, unknown>;

type Labels = (typeof LABELS)[ScreenLang];
type Standings = ReturnType<typeof standingsView>;

const STYLE = `
body{grid-template-rows:auto minmax(0,1fr)}
body.one{grid-template-columns:minmax(0,1fr)}body.two{grid-template-columns:minmax(0,1.7fr) minmax(0,1fr)}
body.three{grid-template-columns:minmax(0,1fr) minmax(0,1.5fr);grid-template-rows:auto minmax(0,1.2fr) minmax(0,1fr)}
.three .diagram{grid-row:2/4}
header{grid-area:auto;grid-column:1/-1}
.panel{display:flex;flex-direction:column;gap:.6rem}
.ph{display:flex;align-items:baseline;gap:1rem;flex:none}
h2{flex:1;min-width:0;font-size:2.4rem;font-weight:700;color:var(--accent);overflow-wrap:anywhere}
.page{flex:none;font-size:1.6rem;color:var(--muted);white-space:nowrap}
.rows{flex:1;min-height:0;overflow:hidden}
table{border-collapse:collapse;width:100%;font-size:1.7rem;font-size:clamp(1.25rem,2.6cqw,1.9rem)}
tr[hidden]{display:none}
th,td{padding:.35rem .5rem;border-bottom:.1rem solid var(--line);text-align:left;overflow-wrap:break-word;vertical-align:top}
th{font-size:1.2rem;color:var(--muted);font-weight:600}
td.n,th.n{text-align:right}
td.n,td.s{white-space:nowrap}
.x{width:100%;overflow-wrap:anywhere}
tr.out td{color:var(--muted)}
.c{display:inline-block;background:#fff;color:#111;border-radius:.3rem;padding:0 .3rem;margin:0 .1rem;font-weight:700;border:.1rem solid var(--line)}
.r{color:#c0172d}
.board{flex:none;font-size:3rem}
.commit{flex:none;font-size:1.2rem;color:var(--muted);overflow-wrap:anywhere}
.gone section{visibility:hidden}
`;
const SUITS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const card = (c: string) =>
  `<span class="c ${c[1] === 'd' || c[1] === 'h' ? 'r' : ''}">${esc(c[0] ?? '')}${SUITS[c[1] ?? ''] ?? ''}</span>`;

/** A panel: its title with room for the page number, its table in a box the script pages, and what goes around it. */
const panel = (name: string, title: string, table: string, around: { before?: string; after?: string } = {}) =>
  `<section class="panel ${name}" data-panel="${name}"><div class="ph"><h2>${esc(title)}</h2><span class="page"></span></div>` +
  `${around.before ?? ''}<div class="rows"><table>${table}</table></div>${around.after ?? ''}</section>`;

function renderStandings(ev: DuplicateEvent, view: Standings, t: Labels, n: (v: number) => string): string {
  const closed = [...ev.rounds].reverse().find((r) => r.results);
  const all = closed ? (view.rounds.find((r) => r.round === closed.round)?.standings ?? []) : [];
  const rows = all
    .map(
      (p) =>
        `<tr class="${p.eliminated ? 'out' : ''}"><td class="n">${n(p.place)}</td><td class="x">${esc(p.name)}</td><td class="n">${n(p.table)}/${n(p.seat)}</td><td class="n">${n(p.chips)}</td><td class="n">${n(p.points)}</td><td class="n">${n(p.total)}</td><td class="n">${n(p.carryOut)}</td><td class="s">${p.eliminated ? t.out : t.inPlay}</td></tr>`,
    )
    .join('');
  // The figures keep their width; the player's column takes the rest, and a long name wraps in it.
  const head = [
    ['n', t.place],
    ['', t.player],
    ['n', t.tableSeat],
    ['n', t.chips],
    ['n', t.points],
    ['n', t.total],
    ['n', t.carry],
    ['', t.state],
  ] as const;
  const ths = head.map(([cls, label]) => `<th class="${cls}">${esc(label)}</th>`).join('');
  return panel('standings', closed ? t.standings(closed.round) : t.noRound, `<thead><tr>${ths}</tr></thead><tbody>${rows}</tbody>`);
}

function renderSeating(ev: DuplicateEvent, t: Labels, n: (v: number) => string): string {
  const current = ev.rounds.at(-1);
  if (!current) return '';
  const name = (p: string | null) => (p === null ? '—' : esc(ev.players.find((x) => x.playerId === p)?.name ?? p));
  // A row a seat: the pager can then fill any box, however many seats a table has.
  const rows = current.tables
    .flatMap((tb) =>
      tb.seats.map((p, i) => `<tr><td class="n">${n(tb.table)}</td><td class="n">${n(i + 1)}</td><td class="x">${name(p)}</td></tr>`),
    )
    .join('');
  return panel(
    'seating',
    t.seating(current.round, t.status[current.status] ?? current.status),
    `<thead><tr><th class="n">${esc(t.table)}</th><th class="n">${esc(t.seat)}</th><th>${esc(t.player)}</th></tr></thead><tbody>${rows}</tbody>`,
    { after: `<p class="commit">${esc(t.commitment)} ${esc(current.commitment)}</p>` },
  );
}

function renderDiagram(d: Diagram, t: Labels, n: (v: number) => string): string {
  const move = (m: Diagram['seatGroups'][number]['tables'][number]['moves'][number]) => {
    const word = t.moves[m.action] ?? m.action;
    if (m.action === 'small-blind' || m.action === 'big-blind' || m.action === 'ante' || m.action === 'call')
      return `${word} ${n(m.amount)}`;
    return m.to !== undefined ? `${word} ${n(m.to)}` : word;
  };
  const groups = d.seatGroups
    .map(
      (g) =>
        `<tr><td>${esc(t.seat)} ${n(g.seat)}${g.seat === d.button ? ' (D)' : ''}</td><td class="s">${g.cards.map(card).join('')}</td><td class="x">${g.tables
          .map(
            (tb) =>
              `${esc(t.table)} ${n(tb.table)} ${tb.name === null ? t.empty : esc(tb.name)}: ${
                tb.recorded ? `${tb.moves.map(move).join(', ') || '-'} → ${tb.net! > 0 ? '+' : ''}${n(tb.net!)}` : t.notRecorded
              }`,
          )
          .join('<br>')}</td></tr>`,
    )
    .join('');
  return panel(
    'diagram',
    t.hand(d.round, d.hand),
    `<thead><tr><th>${esc(t.seat)}</th><th>${esc(t.cards)}</th><th>${esc(t.tables)}</th></tr></thead><tbody>${groups}</tbody>`,
    { before: `<div class="board">${d.board.map(card).join('')}</div>` },
  );
}

export interface DuplicateScreenInput {
  lang: ScreenLang;
  theme: ScreenTheme | undefined;
  /** Seconds a page stands. */
  every: number | undefined;
  ev: DuplicateEvent;
  /** The version of the club's logo, null when it has none. */
  logo: string | null;
  standings: Standings;
  diagram: Diagram | null;
}

/** The page and its headers (its ETag a digest of what the panels show): the standings, the current seating, and a hand's diagram when asked for. */
export function renderDuplicateScreen(input: DuplicateScreenInput) {
  const { lang, ev } = input;
  const t = LABELS[lang];
  const fmt = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 2 });
  const n = (v: number) => fmt.format(v);
  const diagram = input.diagram ? renderDiagram(input.diagram, t, n) : '';
  const panels = [diagram, renderStandings(ev, input.standings, t, n), renderSeating(ev, t, n)].filter(Boolean);
  const title = `${ev.settings.name} — ${t.title}`;
  const logo = input.logo ? `<img id="logo" class="logo" alt="" src="${esc(`${LOGO_SRC}?v=${encodeURIComponent(input.logo)}`)}">` : '';
  const shown = `<header>${logo}<div id="title" class="tn">${esc(title)}</div></header>${panels.join('')}`;
  const cols = ['one', 'one', 'two', 'three'][panels.length] ?? 'three';
  const etag = `"${createHash('sha256')
    .update(`${lang}|${input.theme ?? ''}|${cols}|${shown}`)
    .digest('base64url')
    .slice(0, 27)}"`;
  const options: DuplicateOptions = { pageSeconds: input.every ?? DUPLICATE_PAGE_SECONDS, etag };
  const page = screenResponse(
    {
      lang,
      theme: input.theme,
      title: ev.settings.name,
      style: STYLE,
      bodyClass: cols,
      body:
        `${shown}<div id="conn" class="conn" hidden>${esc(t.offline)}</div>` +
        `${dataBlock(DUPLICATE_BLOCKS.labels, DUPLICATE_SCRIPT_LABELS[lang])}${dataBlock(DUPLICATE_BLOCKS.options, options)}` +
        `<script src="${SCRIPT_SRC}"></script>`,
    },
    { script: true, live: null },
  );
  return { ...page, headers: { ...page.headers, etag } };
}
