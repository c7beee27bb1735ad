import type { output } from 'zod';
import type { SeatingBoard } from '../../../schemas/seating-board';
import { SEATING_BLOCKS, type ScreenLive, type SeatingLabels, type SeatingOptions } from './seating-page';
import { byId, logoUrl, pager, readData, showLogo } from './dom';
import { follow } from './follow';

/*
 * The seating board's script (the page is functions/http/seating-screen.ts): the seated players A-Z (in
 * the page's language's order) with their table and seat, as many as fit the screen, the next page every
 * few seconds. It follows the board GET beside the page (`./seating-board`) and the live socket, so a
 * move or a broken table shows within a moment.
 */

type Board = output<typeof SeatingBoard>;

const T = readData<SeatingLabels>(SEATING_BLOCKS.labels);
const LIVE = readData<ScreenLive>(SEATING_BLOCKS.live);
const OPTIONS = readData<SeatingOptions>(SEATING_BLOCKS.options);
const list = byId('board');
const collator = new Intl.Collator(document.documentElement.lang, { sensitivity: 'base', numeric: true });
const boardPager = pager(list, OPTIONS.pageSeconds * 1000, () => {
  const at = list.getAttribute('data-page') ?? '1/1';
  byId('pageNo').textContent = at === '1/1' ? '' : `${T.page} ${at}`;
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
  byId('tournament').textContent = b.tournamentName;
  document.title = b.tournamentName;
  byId('club').textContent = b.clubName ?? '';
  showLogo(logoUrl(b.clubLogo));
  byId('players').textContent = String(b.players.length);
  byId('tables').textContent = String(b.tables);
  byId('empty').textContent = b.players.length === 0 ? T.noSeats : '';
  const rows = b.players
    .map((p) => ({ name: p.name ?? T.hidden, named: p.name !== null, table: p.tableNumber, seat: p.seat }))
    .sort((x, y) => (x.named === y.named ? collator.compare(x.name, y.name) : x.named ? -1 : 1) || x.table - y.table || x.seat - y.seat);
  const key = rows.map((r) => `${r.name}\u0001${r.table}\u0001${r.seat}`).join('\u0002');
  if (key === shownKey) return;
  shownKey = key;
  while (list.firstChild) list.removeChild(list.firstChild);
  for (const r of rows) {
    const li = document.createElement('li');
    li.appendChild(cell('span', 'n', r.name));
    li.appendChild(cell('b', 't', String(r.table)));
    li.appendChild(cell('b', 's', String(r.seat)));
    list.appendChild(li);
  }
  boardPager.layout();
}

window.addEventListener('resize', () => boardPager.layout());
follow<Board>({
  url: 'seating-board',
  live: LIVE,
  onData: render,
  onGone: () => {
    document.body.className = 'gone';
    byId('tournament').textContent = T.gone;
  },
});
