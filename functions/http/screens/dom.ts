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
