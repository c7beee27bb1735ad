import type { output } from 'zod';
import type { LeagueBoard } from '../../../schemas/league-board';
import { STANDINGS_BLOCKS, type StandingsLabels, type StandingsOptions } from './standings-page';
import { byId, logoUrl, pager, readData, showLogo } from './dom';
import { follow } from './follow';

/*
 * The league standings screen's script (the page is functions/http/standings-screen.ts): the table in
 * ranking order, as many rows as fit the screen, the next page every few seconds. A league has no live
 * topic, so it polls the board GET beside the page (`./standings-board`) with If-None-Match.
 */

type Board = output<typeof LeagueBoard>;

const T = readData<StandingsLabels>(STANDINGS_BLOCKS.labels);
const OPTIONS = readData<StandingsOptions>(STANDINGS_BLOCKS.options);
const list = byId('board');
const points = new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 2 });
const count = new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 0 });
// The page number sits in the header: a new one can change the header's height, and so what fits below it.
let relayouts = 0;
const boardPager = pager(list, OPTIONS.pageSeconds * 1000, () => {
  const at = list.getAttribute('data-page') ?? '1/1';
  const text = at === '1/1' ? '' : `${T.page} ${at}`;
  const el = byId('pageNo');
  if (el.textContent === text) return;
  el.textContent = text;
  if (relayouts < 2) {
    relayouts += 1;
    boardPager.layout();
    relayouts -= 1;
  }
});
let shownKey = '';

function cell(tag: string, cls: string, text: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = text;
  return el;
}

function render(b: Board): void {
  document.body.className = '';
  byId('league').textContent = b.name;
  document.title = b.name;
  byId('club').textContent = b.clubName ?? '';
  showLogo(logoUrl(b.clubLogo));
  byId('players').textContent = b.more
    ? T.more.replace('{n}', count.format(b.rows.length))
    : `${T.players}: ${count.format(b.rows.length)}`;
  byId('empty').textContent = b.rows.length === 0 ? T.noRows : '';
  const rows = b.rows.map((r) => [
    r.place === null ? '–' : count.format(r.place),
    r.name ?? T.hidden,
    count.format(r.played),
    count.format(r.wins),
    points.format(r.points),
    r.qualified ? '' : 'nq',
  ]);
  const key = rows.map((r) => r.join('\u0001')).join('\u0002');
  if (key === shownKey) return;
  shownKey = key;
  while (list.firstChild) list.removeChild(list.firstChild);
  for (const r of rows) {
    const li = document.createElement('li');
    li.className = r[5] ?? '';
    li.appendChild(cell('b', 'p', r[0] ?? ''));
    li.appendChild(cell('span', 'n', r[1] ?? ''));
    li.appendChild(cell('span', 'g', r[2] ?? ''));
    li.appendChild(cell('span', 'w', r[3] ?? ''));
    li.appendChild(cell('b', 'pt', r[4] ?? ''));
    list.appendChild(li);
  }
  boardPager.layout();
}

window.addEventListener('resize', () => boardPager.layout());
follow<Board & { version?: number }>({
  url: 'standings-board',
  live: null,
  onData: render,
  onGone: () => {
    document.body.className = 'gone';
    byId('league').textContent = T.gone;
  },
});
