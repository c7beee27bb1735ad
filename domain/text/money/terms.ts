import { wordForms, type Token, type WordForms, type WordToken } from './normalise';

/**
 * Terms in the lexicon notation (see `lexicon.ts`) compiled once into word patterns, indexed by
 * their first word so that a text is matched in one pass whatever the size of the lexicon.
 */

interface Alt {
  script: 'cyr' | 'lat' | 'hy';
  form: string;
  stem: boolean;
  /** May match a transliterated Latin word. */
  translit: boolean;
}

/** The spellings one script's readings of a word are compared with: whole words in a set, stems in a list. */
interface Spellings {
  exact: ReadonlySet<string> | null;
  stems: readonly string[] | null;
}
/**
 * A word of a phrase after its first (the first is found through the trie), its alternatives by the
 * reading they compare with: one set lookup per reading rather than a comparison per alternative.
 */
interface WordSlotIndex {
  cyr: Spellings;
  /** The Cyrillic alternatives a transliterated Latin word may match. */
  cyrT: Spellings;
  lat: Spellings;
  hy: Spellings;
}

type Slot = { kind: 'word'; alts: Alt[]; index: WordSlotIndex } | { kind: 'num' } | { kind: 'sym'; text: string } | { kind: 'gap' };

function spellings(alts: readonly Alt[]): Spellings {
  const exact = alts.filter((a) => !a.stem).map((a) => a.form);
  const stems = alts.filter((a) => a.stem).map((a) => a.form);
  return { exact: exact.length ? new Set(exact) : null, stems: stems.length ? stems : null };
}

/** Indexes the alternatives of one word slot (see `WordSlotIndex`). */
export function indexAlts(alts: readonly Alt[]): WordSlotIndex {
  return {
    cyr: spellings(alts.filter((a) => a.script === 'cyr')),
    cyrT: spellings(alts.filter((a) => a.script === 'cyr' && a.translit)),
    lat: spellings(alts.filter((a) => a.script === 'lat')),
    hy: spellings(alts.filter((a) => a.script === 'hy')),
  };
}

export interface Compiled<T> {
  slots: Slot[];
  payload: T;
  /** The lookup round that last collected it (dedupes candidates without a set). */
  mark: number;
  /** One slot only: once its first word is found there is nothing more to match. */
  single: boolean;
}

function altsOf(word: string, translitDefault: boolean | undefined): Alt[] {
  const out: Alt[] = [];
  for (const spelling of word.split('/')) {
    if (spelling === '') continue;
    const stem = spelling.endsWith('*');
    const bare = (stem ? spelling.slice(0, -1) : spelling).toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC');
    const f = wordForms(bare);
    const seen = new Set<string>();
    const add = (script: Alt['script'], form: string) => {
      const key = `${script}:${form}`;
      if (form === '' || seen.has(key)) return;
      seen.add(key);
      out.push({ script, form, stem, translit: translitDefault ?? form.length >= 4 });
    };
    // A term is read in its own script only: a Cyrillic term matches Cyrillic words and transliterated
    // Latin ones; a Latin term matches Latin words and Cyrillic words made of Latin lookalikes.
    for (const form of f.cyr) add('cyr', form);
    if (f.cyr.length === 0) for (const form of f.lat) add('lat', form);
    else if (/\p{Script=Latin}/u.test(bare)) for (const form of f.lat) add('lat', form);
    for (const form of f.hy) add('hy', form);
  }
  return out;
}

/** Compiles one term; a `|` separates alternative phrases. */
export function compile<T>(term: string, payload: T, translit?: boolean): Compiled<T>[] {
  return term.split('|').map((phrase) => {
    const slots = phrase
      .trim()
      .split(/\s+/)
      .map((w): Slot => {
        if (w === '~') return { kind: 'gap' };
        if (w === '#') return { kind: 'num' };
        if (!/[\p{L}\p{N}]/u.test(w)) return { kind: 'sym', text: w };
        const alts = altsOf(w, translit);
        return { kind: 'word', alts, index: indexAlts(alts) };
      });
    return { payload, mark: 0, single: slots.length === 1, slots };
  });
}

// Called for every candidate phrase at every word: written without building arrays of forms or lists.
function readingsMatch(index: WordSlotIndex, f: WordForms): boolean {
  return spelled(index.cyr, f.cyr) || spelled(index.cyrT, f.cyrT) || spelled(index.lat, f.lat) || spelled(index.hy, f.hy);
}
function spelled(sp: Spellings, readings: readonly string[]): boolean {
  const { exact, stems } = sp;
  for (const s of readings) {
    if (exact !== null && exact.has(s)) return true;
    if (stems !== null) for (const stem of stems) if (s.startsWith(stem)) return true;
  }
  return false;
}

export function wordMatches(slot: Slot, t: Token | undefined): boolean {
  if (t === undefined || t.kind !== 'word' || slot.kind !== 'word') return false;
  if (readingsMatch(slot.index, t.forms)) return true;
  for (const f of t.parts) if (readingsMatch(slot.index, f)) return true;
  return false;
}

/** A token that does not end a clause and is not a word or a number: skipped between the words of a phrase. */
const skippable = (t: Token | undefined): boolean => t !== undefined && t.kind === 'sym' && !t.boundary && t.text !== '%';

export interface Hit<T> {
  payload: T;
  /** Index of the first and the last token of the match. */
  first: number;
  last: number;
}

/** A trie over the letters of first words: one walk per word form finds every stem and the exact word. */
interface TrieNode<T> {
  next: Map<number, TrieNode<T>>;
  /** Terms whose first word is a stem ending here. */
  stems: Compiled<T>[];
  /** Terms whose first word is exactly the path to here. */
  exact: Compiled<T>[];
}
const node = <T>(): TrieNode<T> => ({ next: new Map(), stems: [], exact: [] });
/** Most words start no term: one shared empty answer rather than a new array each. */
const NO_CANDIDATES: Compiled<never>[] = [];
/** Likewise for a token where no term matches, by far the most common answer. */
const NO_HITS: readonly Hit<never>[] = [];

export class TermSet<T> {
  /** `cyrT`: the Cyrillic terms a transliterated Latin word may match. */
  private readonly roots = { cyr: node<T>(), cyrT: node<T>(), lat: node<T>(), hy: node<T>() };
  /**
   * Terms that start with a number or a symbol, by what they start with: a number or a symbol is tried
   * only against the few terms that can start at it, not against all of them.
   */
  private readonly numberLed: Compiled<T>[] = [];
  private readonly symbolLed = new Map<string, Compiled<T>[]>();
  /** Terms that start with an optional word (`~`): tried on every number and symbol as well. */
  private readonly gapLed: Compiled<T>[] = [];
  private round = 0;

  constructor(terms: readonly { term: string; payload: T; translit?: boolean }[]) {
    for (const { term, payload, translit } of terms) {
      for (const c of compile(term, payload, translit)) {
        const first = c.slots[0];
        if (!first || first.kind !== 'word') {
          if (first?.kind === 'num') this.numberLed.push(c);
          else if (first?.kind === 'sym') {
            const list = this.symbolLed.get(first.text);
            if (list) list.push(c);
            else this.symbolLed.set(first.text, [c]);
          } else this.gapLed.push(c);
          continue;
        }
        for (const alt of first.alts) {
          this.index(alt.script, alt, c);
          if (alt.script === 'cyr' && alt.translit) this.index('cyrT', alt, c);
        }
      }
    }
    if (this.gapLed.length) {
      this.numberLed.push(...this.gapLed);
      for (const list of this.symbolLed.values()) list.push(...this.gapLed);
    }
  }

  /** The terms a number or a symbol may start (in the order they were given). */
  private otherCandidates(t: Exclude<Token, WordToken>): Compiled<T>[] {
    if (t.kind === 'num') return this.numberLed.length ? this.numberLed : NO_CANDIDATES;
    return this.symbolLed.get(t.text) ?? (this.gapLed.length ? this.gapLed : NO_CANDIDATES);
  }

  private index(root: 'cyr' | 'cyrT' | 'lat' | 'hy', alt: Alt, c: Compiled<T>): void {
    let n = this.roots[root];
    for (let k = 0; k < alt.form.length; k++) {
      const code = alt.form.charCodeAt(k);
      let child = n.next.get(code);
      if (!child) {
        child = node<T>();
        n.next.set(code, child);
      }
      n = child;
    }
    const list = alt.stem ? n.stems : n.exact;
    if (!list.includes(c)) list.push(c);
  }

  private collect(list: Compiled<T>[], out: Compiled<T>[]): void {
    for (const c of list) {
      if (c.mark === this.round) continue;
      c.mark = this.round;
      out.push(c);
    }
  }

  private lookup(root: TrieNode<T>, s: string, out: Compiled<T>[]): void {
    let n: TrieNode<T> | undefined = root;
    for (let k = 0; k < s.length && n; k++) {
      n = n.next.get(s.charCodeAt(k));
      if (n && n.stems.length) this.collect(n.stems, out);
    }
    if (n && n.exact.length) this.collect(n.exact, out);
  }

  /**
   * The compiled terms whose first word may be this token (a superset; the slots confirm). Not kept
   * here: a caller that checks many texts keeps the answers of several sets under one lookup per word
   * (`checker.ts`).
   */
  candidatesOf(t: Token): Compiled<T>[] {
    if (t.kind !== 'word') return this.otherCandidates(t);
    this.round += 1;
    const out: Compiled<T>[] = [];
    const { cyr, cyrT, lat, hy } = this.roots;
    const all = t.parts.length ? [t.forms, ...t.parts] : [t.forms];
    for (const f of all) {
      for (const s of f.cyr) this.lookup(cyr, s, out);
      for (const s of f.cyrT) this.lookup(cyrT, s, out);
      for (const s of f.lat) this.lookup(lat, s, out);
      for (const s of f.hy) this.lookup(hy, s, out);
    }
    return out.length ? out : NO_CANDIDATES;
  }

  /** The union of the payloads (bit flags) of the terms that match at token `i`, without allocating hits. */
  flagsAt(tokens: readonly Token[], i: number): number {
    const t = tokens[i];
    return t ? this.flagsWith(this.candidatesOf(t), tokens, i) : 0;
  }

  /** `flagsAt` with the candidates of token `i` already found. */
  flagsWith(candidates: readonly Compiled<T>[], tokens: readonly Token[], i: number): number {
    const t = tokens[i];
    if (!t || candidates.length === 0) return 0;
    const from = t.kind === 'word' ? 1 : 0;
    let flags = 0;
    for (const c of candidates) {
      // A word-led term of one word matched already (the trie found it).
      if ((from === 1 && c.single) || matchSlots(c.slots, from, tokens, from === 1 ? i + 1 : i) >= 0)
        flags |= c.payload as unknown as number;
    }
    return flags;
  }

  /** Every term that matches starting at token `i`. */
  matchAt(tokens: readonly Token[], i: number): readonly Hit<T>[] {
    const t = tokens[i];
    return t ? this.matchWith(this.candidatesOf(t), tokens, i) : NO_HITS;
  }

  /**
   * Every term that matches starting at word `i` when that word is read as `reading` ("5000 p" read
   * as Cyrillic): only its first word changes, and the words after it are matched as they are.
   */
  matchReadingAt(reading: WordToken, tokens: readonly Token[], i: number): readonly Hit<T>[] {
    return tokens[i]?.kind === 'word' ? this.matchWith(this.candidatesOf(reading), tokens, i) : NO_HITS;
  }

  /** `matchAt` with the candidates of token `i` already found. */
  matchWith(candidates: readonly Compiled<T>[], tokens: readonly Token[], i: number): readonly Hit<T>[] {
    const t = tokens[i];
    if (!t || candidates.length === 0) return NO_HITS;
    let hits: Hit<T>[] | undefined;
    // The trie already matched the first word of a word-led term.
    const from = t.kind === 'word' ? 1 : 0;
    for (const c of candidates) {
      const last = from === 1 && c.single ? i : matchSlots(c.slots, from, tokens, from === 1 ? i + 1 : i);
      if (last >= 0) (hits ??= []).push({ payload: c.payload, first: i, last });
    }
    return hits ?? NO_HITS;
  }
}

/** Index of the last token matched by `slots[k..]` starting at token `i`, or -1. */
function matchSlots(slots: readonly Slot[], k: number, tokens: readonly Token[], i: number): number {
  const slot = slots[k];
  if (!slot) return i - 1;
  let at = i;
  if (k > 0)
    while (
      skippable(tokens[at]) &&
      !(slot.kind === 'sym' && (tokens[at] as Token).kind === 'sym' && (tokens[at] as { text: string }).text === slot.text)
    )
      at += 1;
  const t = tokens[at];
  if (slot.kind === 'gap') {
    const without = matchSlots(slots, k + 1, tokens, at);
    if (without >= 0) return without;
    if (t && t.kind === 'word') return matchSlots(slots, k + 1, tokens, at + 1);
    return -1;
  }
  if (!t) return -1;
  if (slot.kind === 'num') return t.kind === 'num' ? matchSlots(slots, k + 1, tokens, at + 1) : -1;
  if (slot.kind === 'sym') return t.kind === 'sym' && t.text === slot.text ? matchSlots(slots, k + 1, tokens, at + 1) : -1;
  return wordMatches(slot, t) ? matchSlots(slots, k + 1, tokens, at + 1) : -1;
}
