/* Page helpers the screens' scripts share. */

/** An element the page's markup holds; a missing one is a page and script out of step. */
export function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is not on the page`);
  return el;
}

/** A `<script type="application/json">` data block the page carries for its script. */
export function readData<T>(id: string): T {
  return JSON.parse(byId(id).textContent ?? 'null') as T;
}

/** Shrinks an element's font until its text fits its width (long figures rather than spill or cut). */
export function fitWidth(el: HTMLElement): void {
  el.style.fontSize = '';
  let size = parseFloat(getComputedStyle(el).fontSize);
  while (el.scrollWidth > el.clientWidth + 1 && size > 8) {
    size *= 0.92;
    el.style.fontSize = `${size}px`;
  }
}

const overflows = (el: HTMLElement): boolean => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;

/**
 * Whether anything in a box reaches past it. The scroll sizes are whole pixels and read with a pixel's
 * slack, so a row can stand up to two pixels out while they say it fits: the pager also compares the
 * box's children's exact edges with the box's own.
 */
function spills(box: HTMLElement): boolean {
  if (overflows(box)) return true;
  // The box clips at its padding edge: its exact edges less its borders (clientWidth is rounded too).
  const b = box.getBoundingClientRect();
  const cs = getComputedStyle(box);
  const bottom = b.bottom - parseFloat(cs.borderBottomWidth);
  const right = b.right - parseFloat(cs.borderRightWidth);
  for (let c = box.firstElementChild; c; c = c.nextElementSibling) {
    const r = c.getBoundingClientRect();
    if (r.bottom > bottom + 0.25 || r.right > right + 0.25) return true;
  }
  return false;
}

/** Shrinks an element's font, down to `minPx`, until its (wrapping) text fits its box both ways. */
export function fitBox(el: HTMLElement, minPx: number): void {
  el.style.fontSize = '';
  let size = parseFloat(getComputedStyle(el).fontSize);
  while (overflows(el) && size > minPx) {
    size = Math.max(minPx, size * 0.92);
    el.style.fontSize = `${size}px`;
  }
}

/**
 * Shows a list's rows a page at a time: as many as fit its box from the first of the page, and the next
 * page every `everyMs` (from the first again after the last). A list that fits whole stands still. The
 * list's `data-page` says which page of how many shows ("2/3"), for a page indicator and for tests.
 * `box` is what must hold the rows where that is not the list itself (a table's body in its frame); `swap`
 * moves the pager to a list that replaced the old one, on the same page where it still has one.
 */
export function pager(
  list: HTMLElement,
  everyMs: number,
  onPage?: () => void,
  box: HTMLElement = list,
): { layout(): void; swap(next: HTMLElement, nextBox?: HTMLElement): void } {
  let start = 0;
  let end = 0;
  let pages = 1;
  function layout(): void {
    const rows = Array.prototype.slice.call(list.children) as HTMLElement[];
    if (start >= rows.length) start = 0;
    // How many pages from here: count the whole list's breaks from the top, once per layout.
    const breaks: number[] = [];
    let from = 0;
    while (from < rows.length) {
      breaks.push(from);
      from = fill(rows, from);
    }
    pages = Math.max(1, breaks.length);
    if (breaks.indexOf(start) < 0) start = 0;
    end = fill(rows, start);
    list.setAttribute('data-page', `${breaks.indexOf(start) + 1}/${pages}`);
    if (onPage) onPage();
  }
  // Shows rows from `first` while they fit (one at least); answers the index after the last shown.
  function fill(rows: HTMLElement[], first: number): number {
    for (const r of rows) r.hidden = true;
    let i = first;
    for (; i < rows.length; i++) {
      rows[i]!.hidden = false;
      if (spills(box) && i > first) {
        rows[i]!.hidden = true;
        break;
      }
    }
    // A table's columns are sized by the rows on show: a later row can make an earlier one taller.
    while (i - first > 1 && spills(box)) {
      i -= 1;
      rows[i]!.hidden = true;
    }
    return i;
  }
  setInterval(() => {
    if (pages < 2) return;
    start = end >= list.children.length ? 0 : end;
    layout();
  }, everyMs);
  function swap(next: HTMLElement, nextBox: HTMLElement = next): void {
    list = next;
    box = nextBox;
    layout();
  }
  return { layout, swap };
}

/** The URL of a version of the club's logo: the header's `data-logo` (relative to the page) with `?v=`. */
export function logoUrl(version: string | null): string | null {
  const base = document.querySelector('header')?.getAttribute('data-logo');
  return version && base ? `${base}?v=${encodeURIComponent(version)}` : null;
}

/** Shows the club's logo first in the header, or no image at all when the club has none (src null). */
export function showLogo(src: string | null): void {
  const header = document.querySelector('header');
  let img = document.getElementById('logo') as HTMLImageElement | null;
  if (!src || !header) {
    img?.remove();
    return;
  }
  if (!img) {
    img = document.createElement('img');
    img.id = 'logo';
    img.className = 'logo';
    // The club's name stands beside it.
    img.alt = '';
    // Until it has loaded the image takes no room: once it does, the header may be taller, so every
    // screen lays its pages out again, as it does on a resize.
    img.addEventListener('load', () => window.dispatchEvent(new Event('resize')));
    header.insertBefore(img, header.firstChild);
  }
  if (img.getAttribute('src') !== src) img.src = src;
}
