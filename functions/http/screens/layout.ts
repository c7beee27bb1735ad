/*
 * The screens' one layout system (clock, seating board, Duplicate, league standings). Sizes follow the screen, never pixels:
 * 1rem is 1% of a 16:9 screen's width (so 720p, 1080p and 4K look alike), and a panel is a size container
 * whose text takes its size from the panel (cqw/cqh), after a rem size for browsers without container
 * units. Text fits its box by design: labels and names wrap rather than cut, long figures shrink
 * (dom.ts fitWidth/fitBox), long lists page (dom.ts pager). Two themes: dark (the default) and light.
 * The header is one grid for every screen: the logo (at most 14rem wide) on the left, the club's name
 * over the event's name in all the width the logo and the right-hand badge and figure leave, so a logo
 * never squeezes the name into a column and the header stays two lines of the name high.
 */

export type ScreenTheme = 'dark' | 'light';

export const BASE_STYLE = `
:root{--bg:#0c1f17;--panel:#10291f;--ink:#f4f1e8;--muted:#a9c2b5;--accent:#d4bd72;--hot:#f5c542;--on-hot:#0c1f17;--line:#2f5d46;--brk:#1d3a5c;--brk-ink:#a8d6ff;--warn:#b02a2a}
:root[data-theme=light]{--bg:#eeeadf;--panel:#fff;--ink:#14221b;--muted:#44594e;--accent:#735a10;--hot:#8a5b00;--on-hot:#fff;--line:#c4bca5;--brk:#dbe9f7;--brk-ink:#173f70;--warn:#a61b1b}
html{font-size:min(1vw,1.7778vh)}
*{box-sizing:border-box;margin:0;padding:0}
body{width:100vw;height:100vh;overflow:hidden;display:grid;gap:1rem;padding:1.4rem 1.8rem;background:var(--bg);color:var(--ink);
font-family:system-ui,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;font-variant-numeric:tabular-nums;line-height:1.15}
header{grid-area:head;display:grid;grid-template-columns:auto minmax(0,1fr) auto;grid-template-areas:"logo club status" "logo tn tod";
align-items:center;row-gap:.2rem;border-bottom:.15rem solid var(--line);padding-bottom:.6rem;min-width:0}
.logo{grid-area:logo;height:3.2rem;width:auto;max-width:14rem;object-fit:contain;display:block;margin-right:2rem}
.club{grid-area:club;font-size:2rem;color:var(--accent);overflow-wrap:anywhere}
.club:empty{display:none}
.tn{grid-area:tn;font-size:2.8rem;font-weight:700;overflow-wrap:anywhere}
.status{grid-area:status;justify-self:end;margin-left:2rem;font-size:2.2rem;font-weight:700;color:var(--on-hot);background:var(--hot);border-radius:.6rem;padding:.2rem 1.2rem;white-space:nowrap}
.status:empty{display:none}
.tod{grid-area:tod;justify-self:end;margin-left:2rem;font-size:2.8rem;font-weight:700;white-space:nowrap;color:var(--accent)}
.status:empty+.tod{grid-row:1/3}
.panel{background:var(--panel);border-radius:1rem;min-width:0;min-height:0;overflow:hidden;container-type:size;padding:.8rem 1.4rem}
.k{font-size:1.7rem;color:var(--muted);text-transform:uppercase;letter-spacing:.06rem;overflow-wrap:anywhere}
.conn{position:fixed;left:0;right:0;bottom:0;background:var(--warn);color:#fff;font-size:2rem;text-align:center;padding:.4rem}
.conn[hidden]{display:none}
`;
