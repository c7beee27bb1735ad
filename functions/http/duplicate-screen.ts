import * as z from '../../schemas/zod';
import { ScreenQuery } from '../../schemas/duplicate';
import { MAX_DUPLICATE_PLAYERS } from '../../schemas/limits';
import type { DuplicateEvent } from '../../domain/duplicate/event';
import type { HandDiagram as Diagram } from '../../domain/duplicate/diagram';
import { esc, screenQueryShape, screenResponse, type ScreenLang, type ScreenTheme } from './screen-page';
import type { standingsView } from './duplicate-views';

/*
 * How the Duplicate screen looks (the route and what it may show are duplicate-views.ts): the shared
 * screen layout, Russian or English, TV-sized type, a header on every column, figures grouped by the
 * language. It has no script: it reloads itself, and a long field or many tables show a page per reload
 * (`?page=`, the next page in the refresh), so the CSP allows no script at all.
 */

export const DuplicateScreenQuery = ScreenQuery.extend({
  ...screenQueryShape,
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DUPLICATE_PLAYERS)
    .optional()
    .openapi({ description: 'which page of the standings and tables (the page moves to the next one itself)' }),
});

const REFRESH_SEC = 15;
/** Rows that fit at TV size: the standings and the seating each page on their own. */
const STANDINGS_PER_PAGE = 8;
const TABLES_PER_PAGE = 2;

const LABELS = {
  en: {
    title: 'Duplicate Poker',
    standings: (n: number) => `Round ${n} standings`,
    noRound: 'No round closed yet',
    seating: (n: number, status: string) => `Round ${n} (${status}) seating`,
    hand: (r: number, h: number) => `Round ${r}, hand ${h}`,
    place: 'Place',
    player: 'Player',
    tableSeat: 'Table/seat',
    chips: 'Chips',
    points: 'Points',
    total: 'Total',
    carry: 'Carry-over',
    state: 'Status',
    out: 'Out',
    inPlay: 'In',
    table: 'Table',
    seats: 'Seats',
    seat: 'Seat',
    cards: 'Cards',
    tables: 'Tables',
    empty: 'empty',
    notRecorded: 'not recorded',
    commitment: 'Commitment',
    page: 'Page',
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
    tableSeat: 'Стол/место',
    chips: 'Фишки',
    points: 'Очки',
    total: 'Сумма',
    carry: 'Перенос',
    state: 'Статус',
    out: 'Выбыл',
    inPlay: 'В игре',
    table: 'Стол',
    seats: 'Места',
    seat: 'Место',
    cards: 'Карты',
    tables: 'Столы',
    empty: 'пусто',
    notRecorded: 'не записана',
    commitment: 'Обязательство',
    page: 'Страница',
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
body.three{grid-template-columns:minmax(0,1fr) minmax(0,1.3fr) minmax(0,.9fr)}
header{grid-area:auto;grid-column:1/-1}
.panel{display:flex;flex-direction:column;gap:.6rem}
h2{font-size:2.4rem;font-weight:700;color:var(--accent);overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:1.7rem}
th,td{padding:.35rem .5rem;border-bottom:.1rem solid var(--line);text-align:left;overflow-wrap:anywhere;vertical-align:top}
th{font-size:1.2rem;color:var(--muted);font-weight:600}
td.n,th.n{text-align:right}
tr.out td{color:var(--muted)}
.c{display:inline-block;background:#fff;color:#111;border-radius:.3rem;padding:0 .3rem;margin:0 .1rem;font-weight:700;border:.1rem solid var(--line)}
.r{color:#c0172d}
.board{font-size:3rem}
.seats{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.2rem 1rem}.seat{overflow-wrap:anywhere}
.seat b{color:var(--muted);margin-right:.4rem}
.commit,.page{font-size:1.2rem;color:var(--muted);overflow-wrap:anywhere}
`;

const SUITS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const card = (c: string) =>
  `<span class="c ${c[1] === 'd' || c[1] === 'h' ? 'r' : ''}">${esc(c[0] ?? '')}${SUITS[c[1] ?? ''] ?? ''}</span>`;

/** A slice of a list for this page; a list with fewer pages shows its pages again from the first. */
function pageOf<T>(rows: readonly T[], perPage: number, page: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const p = (page - 1) % pages;
  return { rows: rows.slice(p * perPage, (p + 1) * perPage), page: p + 1, pages };
}

function renderStandings(ev: DuplicateEvent, view: Standings, t: Labels, n: (v: number) => string, page: number) {
  const closed = [...ev.rounds].reverse().find((r) => r.results);
  const all = closed ? (view.rounds.find((r) => r.round === closed.round)?.standings ?? []) : [];
  const shown = pageOf(all, STANDINGS_PER_PAGE, page);
  const rows = shown.rows
    .map(
      (p) =>
        `<tr class="${p.eliminated ? 'out' : ''}"><td class="n">${n(p.place)}</td><td>${esc(p.name)}</td><td>${n(p.table)}/${n(p.seat)}</td><td class="n">${n(p.chips)}</td><td class="n">${n(p.points)}</td><td class="n">${n(p.total)}</td><td class="n">${n(p.carryOut)}</td><td>${p.eliminated ? t.out : t.inPlay}</td></tr>`,
    )
    .join('');
  const head = [
    ['n', t.place, 8],
    ['', t.player, 28],
    ['', t.tableSeat, 11],
    ['n', t.chips, 12],
    ['n', t.points, 10],
    ['n', t.total, 10],
    ['n', t.carry, 11],
    ['', t.state, 10],
  ] as const;
  const ths = head.map(([cls, label]) => `<th class="${cls}">${esc(label)}</th>`).join('');
  const cols = head.map(([, , w]) => `<col style-w="${w}">`).join('');
  return {
    html:
      `<section class="panel standings"><h2>${esc(closed ? t.standings(closed.round) : t.noRound)}</h2>` +
      `<table><colgroup>${cols}</colgroup><thead><tr>${ths}</tr></thead><tbody>${rows}</tbody></table>` +
      (shown.pages > 1 ? `<p class="page">${esc(t.page)} ${shown.page}/${shown.pages}</p>` : '') +
      `</section>`,
    pages: shown.pages,
  };
}

function renderSeating(ev: DuplicateEvent, t: Labels, n: (v: number) => string, page: number) {
  const current = ev.rounds.at(-1);
  if (!current) return { html: '', pages: 1 };
  const shown = pageOf(current.tables, TABLES_PER_PAGE, page);
  const name = (p: string | null) => (p === null ? '—' : esc(ev.players.find((x) => x.playerId === p)?.name ?? p));
  const rows = shown.rows
    .map(
      (tb) =>
        `<tr><td class="n">${n(tb.table)}</td><td><div class="seats">${tb.seats.map((p, i) => `<span class="seat"><b>${n(i + 1)}</b>${name(p)}</span>`).join('')}</div></td></tr>`,
    )
    .join('');
  return {
    html:
      `<section class="panel seating"><h2>${esc(t.seating(current.round, t.status[current.status] ?? current.status))}</h2>` +
      `<table><colgroup><col style-w="12"><col style-w="88"></colgroup><thead><tr><th class="n">${esc(t.table)}</th><th>${esc(t.seats)}</th></tr></thead><tbody>${rows}</tbody></table>` +
      (shown.pages > 1 ? `<p class="page">${esc(t.page)} ${shown.page}/${shown.pages}</p>` : '') +
      `<p class="commit">${esc(t.commitment)} ${esc(current.commitment)}</p></section>`,
    pages: shown.pages,
  };
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
        `<tr><td>${esc(t.seat)} ${n(g.seat)}${g.seat === d.button ? ' (D)' : ''}</td><td>${g.cards.map(card).join('')}</td><td>${g.tables
          .map(
            (tb) =>
              `${esc(t.table)} ${n(tb.table)} ${tb.name === null ? t.empty : esc(tb.name)}: ${
                tb.recorded ? `${tb.moves.map(move).join(', ') || '-'} → ${tb.net! > 0 ? '+' : ''}${n(tb.net!)}` : t.notRecorded
              }`,
          )
          .join('<br>')}</td></tr>`,
    )
    .join('');
  return (
    `<section class="panel diagram"><h2>${esc(t.hand(d.round, d.hand))}</h2><div class="board">${d.board.map(card).join('')}</div>` +
    `<table><colgroup><col style-w="18"><col style-w="16"><col style-w="66"></colgroup><thead><tr><th>${esc(t.seat)}</th><th>${esc(t.cards)}</th><th>${esc(t.tables)}</th></tr></thead><tbody>${groups}</tbody></table></section>`
  );
}

/** Column widths go into the page's one style (a `style` attribute would need 'unsafe-inline'). */
function widthRules(html: string): { html: string; style: string } {
  const widths = new Set<string>();
  const out = html.replace(/ style-w="(\d+)"/g, (_m, w: string) => {
    widths.add(w);
    return ` class="w${w}"`;
  });
  return { html: out, style: [...widths].map((w) => `.w${w}{width:${w}%}`).join('') };
}

export interface DuplicateScreenInput {
  lang: ScreenLang;
  theme: ScreenTheme | undefined;
  page: number | undefined;
  /** The query as asked, for the refresh to keep (lang, theme, round, hand). */
  query: Record<string, string | number | undefined>;
  ev: DuplicateEvent;
  standings: Standings;
  diagram: Diagram | null;
}

/** The page and its headers: the standings, the current seating, and a hand's diagram when asked for. */
export function renderDuplicateScreen(input: DuplicateScreenInput) {
  const { lang, ev } = input;
  const t = LABELS[lang];
  const fmt = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 2 });
  const n = (v: number) => fmt.format(v);
  const page = input.page ?? 1;
  const standings = renderStandings(ev, input.standings, t, n, page);
  const seating = renderSeating(ev, t, n, page);
  const diagram = input.diagram ? renderDiagram(input.diagram, t, n) : '';
  const pages = Math.max(standings.pages, seating.pages);
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) if (v !== undefined && k !== 'page') next.set(k, String(v));
  if (pages > 1) next.set('page', String((page % pages) + 1));
  const panels = [diagram, standings.html, seating.html].filter(Boolean);
  const { html, style } = widthRules(panels.join(''));
  const cols = ['one', 'one', 'two', 'three'][panels.length] ?? 'three';
  return screenResponse(
    {
      lang,
      theme: input.theme,
      title: ev.settings.name,
      style: STYLE + style,
      bodyClass: cols,
      head: `<meta http-equiv="refresh" content="${REFRESH_SEC}${next.size ? `;url=?${esc(next.toString())}` : ''}">`,
      body: `<header><div class="tn">${esc(ev.settings.name)} — ${esc(t.title)}</div></header>${html}`,
    },
    { script: false },
  );
}
