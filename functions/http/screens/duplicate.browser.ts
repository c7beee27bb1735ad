import { DUPLICATE_BLOCKS, type DuplicateOptions, type DuplicateScriptLabels } from './duplicate-page';
import { byId, pager, readData, showLogo } from './dom';
import { follow } from './follow';

/*
 * The Duplicate screen's script (the page is functions/http/duplicate-screen.ts, drawn on the server with
 * every row). Each panel's table shows as many rows as fit its box and the next page every few seconds.
 * A Duplicate event has no live topic, so the page follows itself: it asks for its own URL with
 * If-None-Match (the ETag names what the panels show) and puts the panels of a changed answer in place.
 * A change of which panels there are (the first round drawn) reloads the page, for its layout.
 */

type Answer = { version?: number; doc: Document; etag: string | null };
type Pager = ReturnType<typeof pager>;

const T = readData<DuplicateScriptLabels>(DUPLICATE_BLOCKS.labels);
const OPTIONS = readData<DuplicateOptions>(DUPLICATE_BLOCKS.options);
const pagers: Record<string, Pager> = {};
let shownTag: string | null = OPTIONS.etag;

const panels = (doc: Document): HTMLElement[] => Array.prototype.slice.call(doc.querySelectorAll('section[data-panel]')) as HTMLElement[];
const panelKey = (doc: Document): string =>
  `${doc.body.className}|${panels(doc)
    .map((p) => p.getAttribute('data-panel'))
    .join(',')}`;
const inPanel = (name: string, sel: string): HTMLElement | null => document.querySelector(`section[data-panel="${name}"] ${sel}`);

/** The panel's page number beside its title; a new one may change the title's height, so it lays out again, once. */
function pageShown(name: string, relayout: () => void): () => void {
  let again = false;
  return () => {
    const at = inPanel(name, 'tbody')?.getAttribute('data-page') ?? '1/1';
    const el = inPanel(name, '.page');
    const text = at === '1/1' ? '' : `${T.page} ${at}`;
    if (!el || el.textContent === text) return;
    el.textContent = text;
    if (!again) {
      again = true;
      relayout();
      again = false;
    }
  };
}

function attach(section: HTMLElement): void {
  const name = section.getAttribute('data-panel') ?? '';
  const box = section.querySelector<HTMLElement>('.rows');
  const list = box?.querySelector<HTMLElement>('tbody');
  if (!box || !list) return;
  const known = pagers[name];
  if (known) return known.swap(list, box);
  const made: Pager = pager(
    list,
    OPTIONS.pageSeconds * 1000,
    pageShown(name, () => made.layout()),
    box,
  );
  pagers[name] = made;
  made.layout();
}

function render(a: Answer): void {
  if (a.etag !== null && a.etag === shownTag) return;
  if (panelKey(a.doc) !== panelKey(document)) {
    location.reload();
    return;
  }
  shownTag = a.etag;
  document.body.classList.remove('gone');
  document.title = a.doc.title;
  byId('title').textContent = a.doc.getElementById('title')?.textContent ?? '';
  showLogo(a.doc.getElementById('logo')?.getAttribute('src') ?? null);
  const next = panels(a.doc);
  panels(document).forEach((old, i) => {
    const fresh = document.importNode(next[i]!, true);
    old.parentNode?.replaceChild(fresh, old);
    attach(fresh);
  });
}

const relayout = (): void => {
  for (const name in pagers) pagers[name]!.layout();
};
panels(document).forEach(attach);
window.addEventListener('resize', relayout);
// A font that arrives after the first pass changes the rows' heights: the pages are counted again with it.
if (document.fonts) void document.fonts.ready.then(relayout);
follow<Answer>({
  url: location.href,
  live: null,
  etag: OPTIONS.etag,
  read: (res) => res.text().then((html) => ({ doc: new DOMParser().parseFromString(html, 'text/html'), etag: res.headers.get('etag') })),
  onData: render,
  onGone: () => {
    shownTag = null;
    document.body.classList.add('gone');
    byId('title').textContent = T.gone;
  },
});
