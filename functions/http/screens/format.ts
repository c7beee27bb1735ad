/* Figures as the screens show them. */

/** A whole number with its digits grouped by threes: `sep` between the groups. */
export function groupDigits(n: number, sep: string): string {
  let s = String(Math.abs(n));
  let out = '';
  while (s.length > 3) {
    out = sep + s.slice(-3) + out;
    s = s.slice(0, -3);
  }
  return (n < 0 ? '-' : '') + s + out;
}

const two = (n: number): string => (n < 10 ? '0' : '') + n;

/** A time left as "mm:ss", or "h:mm:ss" from an hour; rounded up, never below zero. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return (h ? `${h}:` : '') + two(m) + ':' + two(s % 60);
}
