import { CONFUSABLES } from './confusables';

/**
 * R-MONEY-2: the text as the money checker reads it. Every step undoes one way of hiding a word from a
 * reader that only compares letters, and every token keeps where it came from in the original, so a
 * refusal quotes exactly what the author typed.
 *
 * 1. Per character cluster: NFKD, combining marks dropped (accents, "й" -> "и", "ё" -> "е"), NFKC
 *    (full-width and mathematical letters, ligatures), lower case; invisible characters (format
 *    controls, variation selectors, fillers) removed.
 * 2. Letters standing alone between spaces ("к э ш", "c a s h") are joined into one word; letters joined
 *    by hyphens, dots, underscores or stars ("д-е-н-ь-г-и", "у.е.") are one word with its parts kept.
 * 3. Each word gets skeletons (Unicode TR39 in spirit): one read as Cyrillic (Latin, Greek, digit and
 *    symbol lookalikes folded to Cyrillic, "ь"/"ъ" dropped, "э" -> "е", repeats collapsed), one read as
 *    Latin, and for a Latin-script word its Russian transliteration ("rublej" -> "рублеи").
 */

export interface WordToken {
  kind: 'word';
  start: number;
  end: number;
  /** Lower-cased, as written after step 1 (connectors kept). */
  text: string;
  /** Every letter upper case in the original and at least two letters: "USD", "TRY". */
  upper: boolean;
  /** Which scripts its letters belong to. */
  scripts: { cyr: boolean; lat: boolean; greek: boolean; hy: boolean; other: boolean };
  /**
   * Letters of two scripts in one part of it, or digits or symbols standing for letters ("дօлларов",
   * "m0ney", "ка$h"): by itself a sign of hiding a word (Unicode TR39's mixed-script detection). The
   * parts of a compound count one by one ("Wi-Fi-роутер" mixes nothing).
   */
  mixed: boolean;
  /** The skeletons of the whole word. */
  forms: WordForms;
  /** `forms.key`, carried here so that a table kept by it (`checker.ts`) need not read the reading itself. */
  formsKey: number;
  /** Parts between connectors ("кэш-приз" -> "кэш", "приз"), each as its own skeletons. */
  parts: WordForms[];
}

export interface WordForms {
  /** Cyrillic skeleton of a Cyrillic or mixed-script word (lookalikes folded). */
  cyr: string[];
  /** Cyrillic skeleton of a Latin-script word's transliteration ("rublej" -> "рублеи"). */
  cyrT: string[];
  /** Latin skeleton (of a Latin word, or of a Cyrillic word made only of Latin lookalikes). */
  lat: string[];
  /** Armenian, lower-cased. */
  hy: string[];
  /**
   * A number of its own among the readings `wordForms` made (-1 for one made otherwise): tables kept
   * per reading index by it instead of hashing the object.
   */
  key: number;
}

export interface NumberToken {
  kind: 'num';
  start: number;
  end: number;
  text: string;
  value: number;
  /** Written as a date, time or with several dots ("01.12.2026", "19:00"): not an amount. */
  notAmount: boolean;
}

export interface SymbolToken {
  kind: 'sym';
  start: number;
  end: number;
  text: string;
  /** A clause ends here (.,;:!?()—– and line breaks). */
  boundary: boolean;
}

export type Token = WordToken | NumberToken | SymbolToken;

/**
 * Step 1's characters as parallel arrays rather than an object each: a 200-character text made 200
 * short-lived objects, most of the tokenizer's cost. The arrays are reused from call to call (the
 * tokenizer runs to completion, so nothing else reads them meanwhile); `n` is how many are in use.
 */
interface Folded {
  /** The folded character (one or, for a few compatibility characters, more). */
  c: string[];
  /** Where it came from in the original. */
  start: number[];
  end: number[];
  /** Its class (L, D, Y, W, C or O below), found once. */
  k: number[];
  /** 1 when it is the fast-path reading of the one original character at `start` (see `wordToken`). */
  fast: number[];
  n: number;
}
const FOLDED: Folded = { c: [], start: [], end: [], k: [], fast: [], n: 0 };

// Format controls (zero-width, soft hyphen, BOM, word joiner), variation selectors and blank fillers.
const INVISIBLE = /\p{Cf}|\u034f|[\u115f\u1160\u3164\uffa0\u2800]|[\ufe00-\ufe0f]/u;
const MARKS = /\p{M}/gu;
const MARK = /^\p{M}$/u;
const GROUP_SEPARATORS = new Set([' ', '\u00a0', '\u202f', '.', ',', "'", '’', ':']);
const BLANK_SEPARATORS = new Set([' ', '\u00a0', '\u202f', "'", '’']);
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const CONNECTOR = new Set(['-', '.', '_', '*', '·', "'", '’', '‘', 'ʼ', '`', '´', '‐', '‑']);
// Symbols that stand for a letter when written inside a word ("c@sh", "ca$h", "m0ney").
const LETTER_SYMBOLS = new Set(['@', '$', '€', '¢', '!', '|', '£']);
const CONNECTOR_CODES = new Set([...CONNECTOR].map((c) => c.charCodeAt(0)));
// The same by code in a flat table: a Set of strings hashes each character, a table only indexes.
const CONNECTOR_TABLE = new Uint8Array(0x2020);
for (const code of CONNECTOR_CODES) CONNECTOR_TABLE[code] = 1;
const isConnector = (c: string): boolean => c.length === 1 && CONNECTOR_TABLE[c.charCodeAt(0)] === 1;
const BOUNDARY = new Set(['.', ',', ';', ':', '!', '?', '(', ')', '—', '–', '\n', '/', '[', ']', '«', '»', '"', '+', '&']);

// Script tests by code point: Unicode property escapes cost about a microsecond a call.
type Script = 'cyr' | 'lat' | 'greek' | 'hy' | 'other';
function scriptOf(code: number): Script {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) ? 'lat' : 'other';
  if (code >= 0x400 && code <= 0x52f) return 'cyr';
  if (
    (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) ||
    (code >= 0x250 && code <= 0x2af) ||
    (code >= 0x1d00 && code <= 0x1d7f) ||
    (code >= 0x1e00 && code <= 0x1eff) ||
    (code >= 0xa720 && code <= 0xa7ff) ||
    (code >= 0xab30 && code <= 0xab6f)
  )
    return 'lat';
  if ((code >= 0x370 && code <= 0x3ff) || (code >= 0x1f00 && code <= 0x1fff)) return 'greek';
  if ((code >= 0x530 && code <= 0x58f) || (code >= 0xfb13 && code <= 0xfb17)) return 'hy';
  if ((code >= 0x1c80 && code <= 0x1c8f) || (code >= 0x2de0 && code <= 0x2dff) || (code >= 0xa640 && code <= 0xa69f)) return 'cyr';
  return 'other';
}
const SCRIPT_BIT: Record<Script, number> = { cyr: 1, lat: 2, greek: 4, hy: 8, other: 16 };
function hasScript(w: string, script: Script): boolean {
  for (let k = 0; k < w.length; k++) if (scriptOf(w.charCodeAt(k)) === script) return true;
  return false;
}

/** Lookalikes read as Cyrillic. */
const TO_CYR_TABLE: Record<string, string> = {
  a: 'а',
  b: 'в',
  c: 'с',
  e: 'е',
  h: 'н',
  k: 'к',
  m: 'м',
  n: 'п',
  o: 'о',
  p: 'р',
  r: 'г',
  t: 'т',
  u: 'и',
  x: 'х',
  y: 'у',
  α: 'а',
  β: 'в',
  γ: 'у',
  δ: 'д',
  ε: 'е',
  η: 'п',
  ι: 'і',
  κ: 'к',
  λ: 'л',
  μ: 'м',
  ν: 'v',
  ο: 'о',
  π: 'п',
  ρ: 'р',
  σ: 'о',
  ς: 'с',
  τ: 'т',
  υ: 'у',
  φ: 'ф',
  χ: 'х',
  ω: 'ш',
  '0': 'о',
  '3': 'е',
  '4': 'ч',
  '6': 'б',
  '7': 'т',
  '8': 'в',
  '@': 'а',
  $: 'с',
  '€': 'е',
  '¢': 'с',
};
/** Lookalikes read as Latin. */
const TO_LAT_TABLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  ё: 'e',
  н: 'h',
  к: 'k',
  м: 'm',
  п: 'n',
  о: 'o',
  р: 'p',
  г: 'r',
  т: 't',
  и: 'u',
  х: 'x',
  у: 'y',
  ш: 'w',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  ς: 'c',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '€': 'e',
  '¢': 'c',
  '!': 'i',
  '|': 'l',
  '£': 'l',
  // Small capitals, which NFKC leaves as they are ("ᴄᴀꜱʜ").
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ғ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ǫ: 'q',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};

// Unicode's confusables (TR39) of the other scripts: read as their Latin prototype, and inside a
// Cyrillic word as that prototype's Cyrillic twin where it has one.
for (const c of CONFUSABLES) {
  TO_LAT_TABLE[c.char] ??= c.lat;
  if (c.cyr !== undefined) TO_CYR_TABLE[c.char] ??= c.cyr;
}
const TO_CYR = codeTable(TO_CYR_TABLE);
const TO_LAT = codeTable(TO_LAT_TABLE);

/** Latin-script Russian, longest first. */
const TRANSLIT: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['tch', 'ч'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['tz', 'ц'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['yo', 'е'],
  ['jo', 'е'],
  ['ye', 'е'],
  ['je', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['w', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['x', 'кс'],
  ['q', 'к'],
  ["'", 'ь'],
];
const VOWELS_LAT = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

const TRANSLIT_BY_FIRST = new Map<string, [string, string][]>();
for (const pair of TRANSLIT) {
  const list = TRANSLIT_BY_FIRST.get(pair[0][0] as string) ?? [];
  list.push(pair);
  TRANSLIT_BY_FIRST.set(pair[0][0] as string, list);
}

function translitToCyrillic(w: string): string {
  let out = '';
  let i = 0;
  while (i < w.length) {
    const ch = w[i] as string;
    if (ch === 'y') {
      // "y" is "й" after a vowel ("rubley") and "ы" after a consonant ("baksy").
      const prev = w[i - 1];
      out += prev !== undefined && VOWELS_LAT.has(prev) ? 'й' : 'ы';
      i += 1;
      continue;
    }
    if (ch === 'c' && w[i + 1] !== 'h') {
      out += w[i + 1] === 'e' || w[i + 1] === 'i' ? 'ц' : 'к';
      i += 1;
      continue;
    }
    const pair = TRANSLIT_BY_FIRST.get(ch)?.find(([from]) => w.startsWith(from, i));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

const C_SOFT = 0x44c; // ь
const C_HARD = 0x44a; // ъ
const C_YO = 0x451; // ё
const C_IE = 0x435; // е
const C_SHORT_I = 0x439; // й
const C_I = 0x438; // и
const C_UKR_I = 0x456; // і
const C_E = 0x44d; // э

/** The Cyrillic skeleton: spelling variants that sound and look alike fall together. */
export function cyrSkeleton(w: string): string {
  const out: number[] = [];
  let last = -1;
  for (let k = 0; k < w.length; k++) {
    let c = w.charCodeAt(k);
    if (c === C_SOFT || c === C_HARD || CONNECTOR_CODES.has(c)) continue;
    if (c === C_YO || c === C_E) c = C_IE;
    else if (c === C_SHORT_I || c === C_UKR_I) c = C_I;
    if (c === last) continue;
    out.push(c);
    last = c;
  }
  return String.fromCharCode(...out);
}

/** The Latin skeleton: repeats collapsed, connectors dropped. */
export function latSkeleton(w: string): string {
  const out: number[] = [];
  let last = -1;
  for (let k = 0; k < w.length; k++) {
    const c = w.charCodeAt(k);
    if (CONNECTOR_CODES.has(c) || c === last) continue;
    out.push(c);
    last = c;
  }
  return String.fromCharCode(...out);
}

function codeTable(table: Record<string, string>): Map<number, string> {
  return new Map(
    Object.entries(table)
      .filter(([k]) => k.length === 1)
      .map(([k, v]) => [k.charCodeAt(0), v]),
  );
}

const mapAll = (w: string, table: Map<number, string>): string => {
  let changed = false;
  for (let k = 0; k < w.length && !changed; k++) changed = table.has(w.charCodeAt(k));
  if (!changed) return w;
  const out: string[] = [];
  for (let k = 0; k < w.length; k++) out.push(table.get(w.charCodeAt(k)) ?? (w[k] as string));
  return out.join('');
};

/** Plain ASCII and basic Cyrillic need no Unicode normalisation: the fast path of step 1. */
const plain = (code: number): boolean =>
  (code >= 0x20 && code < 0x7f) ||
  (code >= 0x400 && code <= 0x45f) ||
  (code >= 0x531 && code <= 0x586) ||
  code === 0xab ||
  code === 0xbb ||
  (code >= 0x2010 && code <= 0x2022) ||
  (code >= 0x20a0 && code <= 0x20bf);
/** The combining marks' blocks, first and last code of each. */
const MARK_RANGES: readonly (readonly [number, number])[] = [
  [0x300, 0x36f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

/**
 * Code units that attach to the character before them (combining marks, variation selectors), by
 * code in a flat table: the fast path asks it of every next character. Filled by range: a loop over
 * every code unit ran in the interpreter at import, a cold start's cost for every function.
 */
const ATTACHES = new Uint8Array(0x10000);
for (const [first, last] of [...MARK_RANGES, [0xfe00, 0xfe0f] as const]) ATTACHES.fill(1, first, last + 1);

/** Character classes: letter, digit, letter-like symbol, blank, connector, other. */
const L = 1;
const D = 2;
const Y = 3;
const W = 4;
const C = 5;
const O = 6;
function classify(c: string): number {
  return isLetterish(c) ? L : isDigit(c) ? D : LETTER_SYMBOLS.has(c) ? Y : isSpace(c) ? W : CONNECTOR.has(c) ? C : O;
}

/**
 * Lower-case strings and classes of the fast-path characters, made once. Both tables are dense (filled
 * from 0): an array with holes falls back to slow dictionary elements. A class of 0 means "not plain".
 */
const PLAIN_END = 0x20c0;
const LOWER: string[] = new Array<string>(PLAIN_END).fill('');
const PLAIN_CLASS = new Uint8Array(PLAIN_END);
let plainTablesMade = false;
function makePlainTables(): void {
  for (let code = 0x20; code < PLAIN_END; code++) {
    if (!plain(code)) continue;
    LOWER[code] = String.fromCharCode(code).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
    PLAIN_CLASS[code] = classify(LOWER[code] as string);
  }
  plainTablesMade = true;
}

/** Step 1: one folded character (or none) per cluster of the original, lower-cased, into `FOLDED`. */
export function fold(text: string): Folded {
  if (!plainTablesMade) makePlainTables();
  const f = FOLDED;
  const { c: cs, start: ss, end: es, k: ks, fast } = f;
  let m = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const nextCode = i + 1 < n ? text.charCodeAt(i + 1) : 0;
    if (code < PLAIN_END && PLAIN_CLASS[code] !== 0 && ATTACHES[nextCode] !== 1) {
      cs[m] = LOWER[code] as string;
      ss[m] = i;
      es[m] = i + 1;
      ks[m] = PLAIN_CLASS[code] as number;
      fast[m] = 1;
      m += 1;
      i += 1;
      continue;
    }
    // A cluster: one code point and the marks after it.
    const cp = text.codePointAt(i) as number;
    let j = i + (cp > 0xffff ? 2 : 1);
    while (j < n) {
      const mk = text.codePointAt(j) as number;
      if (!MARK.test(String.fromCodePoint(mk))) break;
      j += mk > 0xffff ? 2 : 1;
    }
    const raw = text.slice(i, j);
    const base = raw.normalize('NFKD').replace(MARKS, '').normalize('NFKC').toLowerCase();
    for (const c of base) {
      if (INVISIBLE.test(c) || MARK.test(c)) continue;
      cs[m] = c;
      ss[m] = i;
      es[m] = j;
      ks[m] = classify(c);
      fast[m] = 0;
      m += 1;
    }
    i = j;
  }
  f.n = m;
  return f;
}

/** Letter, digit, blank or other, by code for the common alphabets and by Unicode class otherwise. */
/** Unicode classes of the characters outside the fast ranges, each found once (property escapes are slow). */
const CLASS_OF = new Map<string, number>();
const C_LETTER = 1;
const C_DIGIT = 2;
function classOf(c: string): number {
  let k = CLASS_OF.get(c);
  if (k === undefined) {
    k = (LETTER.test(c) ? C_LETTER : 0) | (DIGIT.test(c) ? C_DIGIT : 0);
    if (CLASS_OF.size < 8192) CLASS_OF.set(c, k);
  }
  return k;
}
function isLetterish(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  if (code >= 0x400 && code <= 0x4ff) return true;
  return (classOf(c) & C_LETTER) !== 0;
}
const isDigit = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return code < 0x80 ? code >= 0x30 && code <= 0x39 : (classOf(c) & C_DIGIT) !== 0;
};
/** White space as JavaScript's \\s has it, by code. */
const isSpace = (c: string): boolean => {
  const code = c.charCodeAt(0);
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
};

/** Step 2: "к э ш" -> "кэш": runs of at least three single letters separated by blanks (and dots or hyphens). */
export function joinSpacedLetters(f: Folded): Folded {
  const n = f.n;
  const { c: cs, k: ks } = f;
  // 1 letter-like, 2 blank, 3 separator, 0 other: computed once, then the runs are found in one pass.
  const kind = scratch(n, 0);
  let singles = 0;
  // By class first: "@" and "$" are letter-like symbols (Y), the separators are connectors (C).
  for (let k = 0; k < n; k++) {
    const cl = ks[k];
    if (cl === L) kind[k] = 1;
    else if (cl === W) kind[k] = 2;
    else if (cl === Y) kind[k] = cs[k] === '@' || cs[k] === '$' ? 1 : 0;
    else if (cl === C) kind[k] = isSeparator((cs[k] as string).charCodeAt(0)) && (cs[k] as string).length === 1 ? 3 : 0;
  }
  for (let k = 0; k < n && singles < 3; k++) if (single(kind, n, k)) singles += 1;
  if (singles < 3) return f;
  // The blanks between joined letters are dropped by moving what is kept down in place: the write
  // position never passes the read position, and `kind` keeps the original positions.
  let w = 0;
  let i = 0;
  while (i < n) {
    if (single(kind, n, i)) {
      const run = [i];
      let spaced = false;
      let k = i + 1;
      for (;;) {
        let j = k;
        let gap = 0;
        let sawSpace = false;
        while (j < n && gap < 3 && (kind[j] === 2 || kind[j] === 3)) {
          if (kind[j] === 2) sawSpace = true;
          j += 1;
          gap += 1;
        }
        if (gap === 0 || !single(kind, n, j)) break;
        if (sawSpace) spaced = true;
        run.push(j);
        k = j + 1;
      }
      // Hyphens and dots alone make a word with connectors already; blanks need joining here.
      if (run.length >= 3 && spaced) {
        for (const r of run) moveDown(f, r, w++);
        i = run[run.length - 1]! + 1;
        continue;
      }
    }
    moveDown(f, i, w++);
    i += 1;
  }
  f.n = w;
  return f;
}

// Module-level helpers rather than closures: tsx and esbuild's keepNames wrap each closure made per
// call in a property definition, which cost more than the work inside.
const isSeparator = (code: number): boolean => code === 0x2d || code === 0x2e || code === 0x5f || code === 0x2a; // - . _ *
const sepAt = (kind: Uint8Array, n: number, k: number): boolean => k < 0 || k >= n || kind[k] !== 1;
/** A letter-like character standing alone between blanks or separators. */
const single = (kind: Uint8Array, n: number, k: number): boolean =>
  k < n && kind[k] === 1 && sepAt(kind, n, k - 1) && sepAt(kind, n, k + 1);
function moveDown(f: Folded, from: number, to: number): void {
  f.c[to] = f.c[from] as string;
  f.start[to] = f.start[from] as number;
  f.end[to] = f.end[from] as number;
  f.k[to] = f.k[from] as number;
  f.fast[to] = f.fast[from] as number;
}

/** Byte arrays reused from call to call (two at most are in use at once), grown when a text is longer. */
const SCRATCH = [new Uint8Array(512), new Uint8Array(512)];
function scratch(n: number, which: 0 | 1): Uint8Array {
  let a = SCRATCH[which] as Uint8Array;
  if (a.length < n) a = SCRATCH[which] = new Uint8Array(Math.max(n, 2 * a.length));
  else a.fill(0, 0, n);
  return a;
}

const CONNECTORS_RUN = /[-._*·'’‘ʼ`´‐‑]+/u;

type WordInfo = Pick<WordToken, 'text' | 'upper' | 'scripts' | 'mixed' | 'forms' | 'formsKey' | 'parts'>;
/**
 * Words repeat from text to text. A word read on the fast path character by character is a function
 * of its original spelling alone, so all it needs besides its place is kept under that spelling (a
 * slice and one lookup instead of building the word, its scripts, capitals and skeletons again).
 */
const WORD_CACHE = new Map<string, WordInfo>();
const WORD_CACHE_SIZE = 20_000;
// In front of it, a direct-mapped table indexed by a hash of the original characters (computed while
// they are checked anyway) and confirmed by comparing them in place: a word seen before costs neither
// a slice nor hashing a new string.
const SLOTS = 4096;
const SLOT_SPELLING: string[] = new Array<string>(SLOTS).fill('');
const SLOT_INFO: (WordInfo | null)[] = new Array<WordInfo | null>(SLOTS).fill(null);

/** Whether `original[start..end)` is spelled `seen`, compared in place (no slice, no builtin call). */
function sameSpelling(seen: string, original: string, start: number, end: number): boolean {
  if (seen.length !== end - start) return false;
  for (let k = 0; k < seen.length; k++) if (seen.charCodeAt(k) !== original.charCodeAt(start + k)) return false;
  return true;
}

/** The word of characters `i..j-1` of `f`. */
function wordToken(f: Folded, i: number, j: number, original: string): WordToken {
  const start = f.start[i] as number;
  const end = f.end[j - 1] as number;
  // Fast-path characters each stand for one original character in order: when there are as many as
  // the original span is long, they are exactly that span (nothing joined, nothing expanded).
  let plainRun = end - start === j - i;
  let hash = 0;
  for (let k = i; k < j && plainRun; k++) {
    plainRun = f.fast[k] === 1;
    hash = (Math.imul(hash, 31) + original.charCodeAt(f.start[k] as number)) | 0;
  }
  let info: WordInfo | undefined;
  if (plainRun) {
    const slot = hash & (SLOTS - 1);
    const seen = SLOT_SPELLING[slot] as string;
    if (sameSpelling(seen, original, start, end)) info = SLOT_INFO[slot] as WordInfo;
    else {
      const spelling = original.slice(start, end);
      info = WORD_CACHE.get(spelling);
      if (!info) {
        info = wordInfo(f, i, j, original, start, end);
        if (WORD_CACHE.size >= WORD_CACHE_SIZE) WORD_CACHE.clear();
        WORD_CACHE.set(spelling, info);
      }
      SLOT_SPELLING[slot] = spelling;
      SLOT_INFO[slot] = info;
    }
  } else info = wordInfo(f, i, j, original, start, end);
  return {
    kind: 'word',
    start,
    end,
    text: info.text,
    upper: info.upper,
    scripts: info.scripts,
    mixed: info.mixed,
    forms: info.forms,
    formsKey: info.formsKey,
    parts: info.parts,
  };
}

function wordInfo(f: Folded, i: number, j: number, original: string, start: number, end: number): WordInfo {
  const { c: cs } = f;
  let text = '';
  let connected = false;
  const scripts = { cyr: false, lat: false, greek: false, hy: false, other: false };
  let mixed = false;
  let piece = 0;
  for (let k = i; k < j; k++) {
    const c = cs[k] as string;
    text += c;
    if (isConnector(c)) {
      connected = true;
      piece = 0;
      continue;
    }
    if (f.k[k] !== L) {
      mixed = true; // a digit or a symbol between letters
      continue;
    }
    const sc = scriptOf(c.charCodeAt(0));
    scripts[sc] = true;
    piece |= SCRIPT_BIT[sc];
    if ((piece & (piece - 1)) !== 0) mixed = true;
  }
  const lower = text;
  // Capitals matter only for short words (currency codes, model names).
  let upper = false;
  if (end - start <= 8) {
    let letters = 0;
    upper = true;
    for (let k = start; k < end && upper; k++) {
      const code = original.charCodeAt(k);
      const isUpper = (code >= 0x41 && code <= 0x5a) || (code >= 0x410 && code <= 0x42f) || code === 0x401;
      const isLower = (code >= 0x61 && code <= 0x7a) || (code >= 0x430 && code <= 0x44f) || code === 0x451;
      if (isUpper) letters += 1;
      else if (isLower) upper = false;
      else if (code > 0x7f) {
        const ch = original[k] as string;
        if (ch !== ch.toLowerCase()) letters += 1;
        else if (ch !== ch.toUpperCase()) upper = false;
      }
    }
    upper = upper && letters >= 2;
  }
  const forms = wordForms(lower);
  const pieces = connected ? lower.split(CONNECTORS_RUN).filter((p) => p.length > 0) : [];
  return {
    text: lower,
    upper,
    scripts,
    mixed,
    forms,
    formsKey: forms.key,
    parts: pieces.length > 1 ? pieces.map(wordForms) : [],
  };
}

function allIn(w: string, table: Map<number, string>): boolean {
  for (let k = 0; k < w.length; k++) if (!table.has(w.charCodeAt(k))) return false;
  return true;
}

/** A word read as Cyrillic letter by letter even when it is pure Latin ("5000 p"). */
export const visualCyrillic = (w: string): string => cyrSkeleton(mapAll(w, TO_CYR));

// Words repeat from text to text ("клуба", "на", "приз"): their skeletons are kept, up to a bound.
const FORMS_CACHE = new Map<string, WordForms>();
const FORMS_CACHE_SIZE = 20_000;

/** The skeletons of one lower-cased word; the lexicon's terms are read through the same function. */
export function wordForms(w: string): WordForms {
  const cached = FORMS_CACHE.get(w);
  if (cached) return cached;
  const forms = computeForms(w);
  if (FORMS_CACHE.size >= FORMS_CACHE_SIZE) FORMS_CACHE.clear();
  FORMS_CACHE.set(w, forms);
  return forms;
}

/** Forgets the kept skeletons (for measuring the cost of new words). */
export const clearFormsCache = (): void => {
  FORMS_CACHE.clear();
  WORD_CACHE.clear();
  SLOT_SPELLING.fill('');
  SLOT_INFO.fill(null);
};

let nextFormsKey = 0;

const TRANSLITERABLE = /^[a-z']+$/;
const LATIN_LETTERS = /^[a-z]+$/;

function computeForms(w: string): WordForms {
  const cyr: string[] = [];
  const cyrT: string[] = [];
  const lat: string[] = [];
  const hy: string[] = [];
  const isCyr = hasScript(w, 'cyr');
  const isGreek = hasScript(w, 'greek');
  const isLat = hasScript(w, 'lat') || isGreek;
  const isHy = hasScript(w, 'hy');
  if (isHy) hy.push(w);
  // The Latin reading of a Cyrillic word is wanted only when every letter has a Latin lookalike.
  // Short Cyrillic words ("по", "на") would read as English ones ("no", "ha"): four letters at least.
  const asLat = isLat || (isCyr && w.length >= 4 && allIn(w, TO_LAT)) ? latSkeleton(mapAll(w, TO_LAT)) : '';
  if (isCyr || isGreek || (!isLat && !isHy)) cyr.push(cyrSkeleton(mapAll(w, TO_CYR)));
  if (isLat && !isCyr) {
    lat.push(asLat);
    if (TRANSLITERABLE.test(asLat)) cyrT.push(cyrSkeleton(translitToCyrillic(asLat)));
  } else if (isLat && isCyr) {
    // Mixed scripts: read both ways ("pyб" -> "руб", "сash" -> "cash"), and the Latin reading
    // transliterated ("еvrо" -> "evro" -> "евро").
    lat.push(asLat);
    if (TRANSLITERABLE.test(asLat)) cyrT.push(cyrSkeleton(translitToCyrillic(asLat)));
  } else if (isCyr && LATIN_LETTERS.test(asLat)) {
    // A Cyrillic word made only of Latin lookalikes ("мопеу") is also read as Latin.
    lat.push(asLat);
  }
  return { cyr, cyrT, lat, hy, key: nextFormsKey++ };
}

/** Whether character `x` of `f` is a digit (the arrays are reused: past `n` they hold older texts). */
const isDigitAt = (f: Folded, x: number): boolean => x < f.n && f.k[x] === D;

// The patterns of written numbers, made once rather than at every number.
const DOT_GROUPED = /^\d{1,3}(\.\d{3})+$/;
const BLANK_GROUPS = /[\s\u00a0\u202f'’]/g;
const GROUPED = /^\d{1,3}([.,]\d{3})+$/;
const GROUP_MARKS = /[.,]/g;
const NOT_DECIMAL = /[^\d.]/g;

/** Step 2 and 3: the tokens of a text. */
export function tokenize(text: string): Token[] {
  const f = joinSpacedLetters(fold(text));
  const n = f.n;
  const { c: cs, k: cls } = f;
  // A digit or letter-symbol counts as a letter only between letters ("m0ney", "c@sh").
  const wordish = scratch(n, 1);
  for (let k = 0; k < n; k++) {
    if (cls[k] === L) {
      wordish[k] = 1;
      continue;
    }
    if (cls[k] !== D && cls[k] !== Y) continue;
    let b = k;
    while (b < n && (cls[b] === D || cls[b] === Y)) b += 1;
    const inside = k > 0 && cls[k - 1] === L && b < n && cls[b] === L;
    if (inside) for (let x = k; x < b; x++) wordish[x] = 1;
    k = b - 1;
  }
  const tokens: Token[] = [];
  let i = 0;
  while (i < n) {
    const c = cs[i] as string;
    if (cls[i] === W) {
      if (c === '\n') tokens.push({ kind: 'sym', start: f.start[i] as number, end: f.end[i] as number, text: c, boundary: true });
      i += 1;
      continue;
    }
    if (wordish[i]) {
      let j = i;
      let dotted = false;
      while (j < n) {
        if (wordish[j]) j += 1;
        else if (cls[j] === C && j + 1 < n && wordish[j + 1]) {
          if (cs[j] === '.') dotted = true;
          j += 1;
        } else break;
      }
      // A trailing dot of an abbreviation ("т.р.", "у.е.") belongs to the word.
      if (dotted && j < n && cs[j] === '.') j += 1;
      tokens.push(wordToken(f, i, j, text));
      i = j;
      continue;
    }
    if (cls[i] === D) {
      let j = i;
      let s = '';
      // Only ASCII digits (the common case): the value is the number itself, no parsing needed.
      let plainDigits = true;
      // Digits, with group separators (a blank, dot, comma, apostrophe) followed by exactly three digits,
      // or a decimal part.
      while (j < n) {
        const d = cs[j] as string;
        if (cls[j] === D) {
          if (d.length !== 1 || d.charCodeAt(0) < 0x30 || d.charCodeAt(0) > 0x39) plainDigits = false;
          s += d;
          j += 1;
        } else if (GROUP_SEPARATORS.has(d) && isDigitAt(f, j + 1)) {
          const three = isDigitAt(f, j + 2) && isDigitAt(f, j + 3) && !isDigitAt(f, j + 4);
          if (BLANK_SEPARATORS.has(d) && !three) break;
          plainDigits = false;
          s += d;
          j += 1;
        } else break;
      }
      let notAmount = false;
      let value = 0;
      if (plainDigits) value = Number(s);
      else {
        const dots = s.split('.').length - 1;
        notAmount = s.includes(':') || (dots > 1 && !DOT_GROUPED.test(s));
        const grouped = s.replace(BLANK_GROUPS, '');
        value = GROUPED.test(grouped)
          ? Number(grouped.replace(GROUP_MARKS, ''))
          : Number(grouped.replace(',', '.').replace(NOT_DECIMAL, '')) || 0;
      }
      tokens.push({ kind: 'num', start: f.start[i] as number, end: f.end[j - 1] as number, text: s, value, notAmount });
      i = j;
      continue;
    }
    tokens.push({ kind: 'sym', start: f.start[i] as number, end: f.end[i] as number, text: c, boundary: BOUNDARY.has(c) });
    i += 1;
  }
  return tokens;
}
