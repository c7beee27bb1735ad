import {
  CERTIFICATE_WORDS,
  CLAUSE_RULES,
  CLAUSE_WORDS,
  COUNT_WORDS,
  DISCOUNT_WORDS,
  ENTRY_WORDS,
  EXCHANGE_WORDS,
  SCREEN_WORDS,
  UNIT_WORDS,
  DISTINCTIVE_CODES,
  FEE_WORDS,
  ISO_4217,
  LEXICON,
  MULTIPLIERS,
  NEGATIONS_AFTER,
  NEGATIONS_BEFORE,
  NOT_UNITS,
  NUMBER_WORDS,
  POOL_DESTINATIONS,
  WORDLIKE_CODES,
  type ClauseWord,
  type LexiconEntry,
  type MoneyCategory,
} from './lexicon';
import { ALLOWLIST, type AllowlistEntry } from './allowlist';
import { currencyEntries, ICU_CODES } from './currencies';
import { tokenize, visualCyrillic, wordForms, type Token, type WordForms, type WordToken } from './normalise';
import { TermSet, type Compiled } from './terms';

/**
 * R-MONEY-2: the money checker. Three outcomes:
 * - `refuse`: clear money (a currency with an amount, a payout, a prize pool from fees, cash and its
 *   equivalents); the write is refused with 422 naming the field and the fragment;
 * - `review`: ambiguous (a bare amount in a prize, a currency word that may be a name, a certificate
 *   with a number); the text is stored and held until an operator approves it;
 * - `allow`.
 * Words come from the lexicon and the allowlist (data); this module only knows how they combine.
 */

export type MoneyOutcome = 'allow' | 'review' | 'refuse';
/** Where a text is used: only prize texts hold a bare amount for review. */
export type MoneyTextKind = 'prize' | 'name' | 'description' | 'club';

export interface MoneyFinding {
  outcome: 'refuse' | 'review';
  /** The piece of the original text, as typed. */
  fragment: string;
  start: number;
  end: number;
  category: MoneyCategory | 'amount' | 'certificate';
  /** Why, in a sentence the club can read. */
  reason: string;
}

export interface MoneyVerdict {
  outcome: MoneyOutcome;
  findings: MoneyFinding[];
}

interface EntryRef {
  entry: LexiconEntry;
  /** ISO codes: "alone" only in capitals even though an amount makes any case count. */
  upperAlone: boolean;
}
/**
 * An entry with every field written, absent ones as undefined: entries made with different optional
 * fields would each have a shape of their own, and the loop reading them would look fields up the slow
 * way on every hit.
 */
const entryRef = (entry: LexiconEntry, upperAlone = false): EntryRef => ({
  entry: {
    term: entry.term,
    category: entry.category,
    alone: entry.alone,
    amount: entry.amount,
    upper: entry.upper,
    translit: entry.translit,
    amountBeforeOnly: entry.amountBeforeOnly,
    small: entry.small,
    example: entry.example,
    why: entry.why,
  },
  upperAlone,
});

/** The words around money words, each a bit in a token's flags. */
const F = {
  mult: 1,
  numWord: 2,
  negBefore: 4,
  negAfter: 8,
  notUnit: 16,
  fee: 32,
  dest: 64,
  cert: 128,
  year: 256,
  res: 512,
  count: 1024,
  refund: 1 << 11,
  pot: 1 << 12,
  split: 1 << 13,
  credit: 1 << 14,
  account: 1 << 15,
  shop: 1 << 16,
  special: 1 << 17,
  sponsor: 1 << 18,
  travel: 1 << 19,
  bonus: 1 << 20,
  discount: 1 << 21,
  entry: 1 << 22,
  /** Not a word: a "%" after a number, set on the clause. */
  percent: 1 << 23,
  exchange: 1 << 24,
  unit: 1 << 25,
  screen: 1 << 26,
} as const;
/** The flags of each kind of word the clause rules name. */
const RULE_FLAGS: Record<ClauseWord, number> = {
  fee: F.fee | F.entry,
  refund: F.refund,
  pot: F.pot,
  split: F.split,
  percent: F.percent,
  credit: F.credit,
  account: F.account,
  cert: F.cert,
  shop: F.shop,
  special: F.special,
  sponsor: F.sponsor,
  travel: F.travel,
  bonus: F.bonus,
  count: F.count,
  negation: F.negBefore | F.negAfter,
};
const COMPILED_RULES = CLAUSE_RULES.map((rule) => ({
  rule,
  all: rule.all.map((w) => RULE_FLAGS[w]),
  /** The flags of every kind it needs, together: a token with any of them is part of the fragment. */
  want: rule.all.reduce((m, w) => m | RULE_FLAGS[w], 0),
  unless: rule.unless.reduce((m, w) => m | RULE_FLAGS[w], 0),
}));
const hasAll = (flags: number, all: readonly number[]): boolean => {
  for (const f of all) if ((flags & f) === 0) return false;
  return true;
};
type Flag = (typeof F)[keyof typeof F];

interface TermSets {
  lexicon: TermSet<EntryRef>;
  allowlist: TermSet<AllowlistEntry>;
  grammar: TermSet<Flag>;
}
let built: TermSets | undefined;

/**
 * The three sets, compiled on the first check rather than at import (about 40 ms of CPU): a function
 * that carries the checker but answers a request without text to check does not pay for them.
 */
function termSets(): TermSets {
  if (built) return built;
  const codes = [...new Set([...ISO_4217, ...ICU_CODES])];
  const codeEntries: { term: string; payload: EntryRef }[] = codes.flatMap((code) => {
    const example = `100 ${code}`;
    if (DISTINCTIVE_CODES.has(code)) {
      return [{ term: code.toLowerCase(), payload: entryRef({ term: code, category: 'code', alone: 'refuse', example }) }];
    }
    if (WORDLIKE_CODES.has(code)) {
      return [
        {
          term: code.toLowerCase(),
          payload: entryRef({ term: code, category: 'code', alone: 'none', upper: true, example }),
        },
      ];
    }
    return [
      {
        term: code.toLowerCase(),
        payload: entryRef({ term: code, category: 'code', alone: 'review', example }, true),
      },
    ];
  });
  const lexicon = new TermSet<EntryRef>([
    ...[...LEXICON, ...currencyEntries()].map((entry) => ({
      term: entry.term,
      payload: entryRef(entry),
      ...(entry.translit !== undefined ? { translit: entry.translit } : {}),
    })),
    ...codeEntries.map((c) => ({ ...c, translit: false })),
  ]);
  const allowlist = new TermSet(ALLOWLIST.map((a) => ({ term: a.term, payload: a, translit: false })));
  const grammar = new TermSet<Flag>(
    (
      [
        [MULTIPLIERS, F.mult],
        [NUMBER_WORDS, F.numWord],
        [NEGATIONS_BEFORE, F.negBefore],
        [NEGATIONS_AFTER, F.negAfter],
        [NOT_UNITS, F.notUnit],
        [FEE_WORDS, F.fee],
        [POOL_DESTINATIONS, F.dest],
        [CERTIFICATE_WORDS, F.cert],
        [COUNT_WORDS, F.count],
        [
          'сезон*/кубок*/кубка/турнир*/чемпионат*/серия/серии/год*/г/г./season/cup/open/series/championship/tour/евро/euro/since/с/от/до/выпуск*/edition/модел*/образц*',
          F.year,
        ],
        ['p/i', F.res],
        [CLAUSE_WORDS.refund, F.refund],
        [CLAUSE_WORDS.pot, F.pot],
        [CLAUSE_WORDS.split, F.split],
        [CLAUSE_WORDS.credit, F.credit],
        [CLAUSE_WORDS.account, F.account],
        [CLAUSE_WORDS.shop, F.shop],
        [CLAUSE_WORDS.special, F.special],
        [CLAUSE_WORDS.sponsor, F.sponsor],
        [CLAUSE_WORDS.travel, F.travel],
        [CLAUSE_WORDS.bonus, F.bonus],
        [DISCOUNT_WORDS, F.discount],
        [ENTRY_WORDS, F.entry],
        [EXCHANGE_WORDS, F.exchange],
        [UNIT_WORDS, F.unit],
        [SCREEN_WORDS, F.screen],
      ] as const
    ).map(([term, payload]) => ({ term, payload, translit: false })),
  );
  built = { lexicon, allowlist, grammar };
  return built;
}

/** The terms of the three sets that may start at a token, found together. */
interface Candidates {
  lexicon: readonly Compiled<EntryRef>[];
  allowlist: readonly Compiled<AllowlistEntry>[];
  grammar: readonly Compiled<Flag>[];
}
/**
 * Words repeat from text to text, and a word reading (`WordForms`, itself kept by `wordForms`) has
 * the same candidates every time: one lookup per word instead of one per set. Most words start no
 * term at all and then cost nothing more.
 */
const KNOWN_CANDIDATES = new WeakMap<WordForms, Candidates>();
// In front of it, a direct-mapped table indexed by the reading's key: the words of a text are found
// there by an index and a comparison, not by hashing the reading.
const READING_SLOTS = 4096;
const SLOT_READING: (WordForms | null)[] = new Array<WordForms | null>(READING_SLOTS).fill(null);
const SLOT_CANDIDATES: (Candidates | null)[] = new Array<Candidates | null>(READING_SLOTS).fill(null);
/**
 * The answer for a token that starts no term of any set (about half the words): one shared object, so
 * that those words leave nothing of their own to read from memory.
 */
const NO_CANDIDATES: Candidates = { lexicon: [], allowlist: [], grammar: [] };
const candidatesOf = (t: Token): Candidates => {
  const { lexicon, allowlist, grammar } = termSets();
  const found = { lexicon: lexicon.candidatesOf(t), allowlist: allowlist.candidatesOf(t), grammar: grammar.candidatesOf(t) };
  return found.lexicon.length === 0 && found.allowlist.length === 0 && found.grammar.length === 0 ? NO_CANDIDATES : found;
};
// Numbers start the same terms whatever their value, symbols those written with them.
let numberCandidates: Candidates | undefined;
const SYMBOL_CANDIDATES = new Map<string, Candidates>();
function candidatesAt(t: Token): Candidates {
  if (t.kind === 'num') return (numberCandidates ??= candidatesOf(t));
  if (t.kind === 'sym') {
    let known = SYMBOL_CANDIDATES.get(t.text);
    if (!known) {
      known = candidatesOf(t);
      if (SYMBOL_CANDIDATES.size < 4096) SYMBOL_CANDIDATES.set(t.text, known);
    }
    return known;
  }
  // A word's reading is made from its lower-cased text, and so are its parts ("кэш-приз" -> "кэш",
  // "приз"): the same reading means the same parts, so compounds are kept too.
  const slot = t.formsKey & (READING_SLOTS - 1);
  if (SLOT_READING[slot] === t.forms) return SLOT_CANDIDATES[slot] as Candidates;
  let known = KNOWN_CANDIDATES.get(t.forms);
  if (!known) {
    known = candidatesOf(t);
    KNOWN_CANDIDATES.set(t.forms, known);
  }
  SLOT_READING[slot] = t.forms;
  SLOT_CANDIDATES[slot] = known;
  return known;
}

/** A text read once: its tokens, the flags of each token and the lexicon entries starting at each. */
interface Reading {
  tokens: Token[];
  flags: number[];
  /** A screen is named in the text ("4K" is its resolution). */
  screen: boolean;
}

const flagged = (r: Reading, k: number, f: Flag): boolean => k >= 0 && k < r.flags.length && ((r.flags[k] as number) & f) !== 0;

// Currency emoji: the banknotes and the money bag are money; a coin, a card or a bank may be merchandise.
const MONEY_EMOJI = new Set(['💰', '💵', '💴', '💶', '💷', '💸', '🤑', '💲', '💱']);
const MAYBE_MONEY_EMOJI = new Set(['🪙', '💳', '🏦', '🏧']);
const CURRENCY_SYMBOL = /\p{Sc}/u;
/** What a symbol says of money: nothing, money (a currency sign or a money emoji), or maybe money. */
const SYM_NONE = 0;
const SYM_MONEY = 1;
const SYM_MAYBE = 2;
// Property escapes cost about a microsecond a test: symbols are few, so each is classified once, and
// by one lookup rather than one per kind.
const SYMBOL_KIND = new Map<string, number>();
function symbolKind(c: string): number {
  let known = SYMBOL_KIND.get(c);
  if (known === undefined) {
    known = CURRENCY_SYMBOL.test(c) || MONEY_EMOJI.has(c) ? SYM_MONEY : MAYBE_MONEY_EMOJI.has(c) ? SYM_MAYBE : SYM_NONE;
    if (SYMBOL_KIND.size < 4096) SYMBOL_KIND.set(c, known);
  }
  return known;
}
/** Categories whose word makes any following number an amount of money ("USD 50", "ETH 0.5"). */
const AMOUNT_AFTER_ANY = new Set<MoneyFinding['category']>(['code', 'currency', 'slang', 'crypto', 'payment']);

const isAmountNumber = (t: Token | undefined): boolean => t !== undefined && t.kind === 'num' && !t.notAmount;
const RESOLUTIONS = [480, 720, 1080, 1440, 2160];

/** Whether an amount ends right before token `i`; returns the index of its first token or -1. */
function amountBefore(r: Reading, i: number): number {
  const { tokens } = r;
  let k = i - 1;
  let t = tokens[k];
  // "5 000 р.", "10 тыс. руб", "10k$": an optional multiplier (and its dot) between the number and `i`.
  if (t && t.kind === 'sym' && t.text === '.') t = tokens[--k];
  if (t && t.kind === 'word' && flagged(r, k, F.mult)) t = tokens[--k];
  if (isAmountNumber(t)) return k;
  if (t && t.kind === 'word' && flagged(r, k, F.numWord)) return k;
  return -1;
}

const AMOUNT_SEPARATORS = new Set([':', '-', '—', '–', '=']);
/** Whether an amount starts right after token `i` ("гарант 100к", "USD: 50"); returns its last token index or -1. */
function amountAfter(r: Reading, i: number): number {
  const { tokens } = r;
  let k = i + 1;
  const sep = tokens[k];
  if (sep && sep.kind === 'sym' && AMOUNT_SEPARATORS.has(sep.text)) {
    // "Евро-2024": a hyphen joining a word and a number makes a name, not an amount.
    const attached = sep.text === '-' && sep.start === (tokens[i] as Token).end && tokens[k + 1]?.start === sep.end;
    if (attached) return -1;
    k += 1;
  }
  if (!isAmountNumber(tokens[k])) return -1;
  if (tokens[k + 1]?.kind === 'word' && flagged(r, k + 1, F.mult)) return k + 1;
  return k;
}

const LABEL_MARKS = new Set(['-', '№', '#']);
const LATIN_LETTERS = /^[a-z]+$/;
/** A number is a count of something when a word that is not a recipient or a preposition follows it. */
function isBareAmount(r: Reading, numIndex: number, anySize = false): { last: number } | null {
  const { tokens } = r;
  const n = tokens[numIndex];
  if (!n || n.kind !== 'num' || n.notAmount) return null;
  let k = numIndex + 1;
  let multiplied = false;
  const next = tokens[k];
  if (next && next.kind === 'word' && flagged(r, k, F.mult)) {
    multiplied = true;
    k += 1;
    if (tokens[k]?.kind === 'sym' && (tokens[k] as { text: string }).text === '.') k += 1;
  }
  if (!multiplied && n.value < 100 && !anySize) return null;
  const after = tokens[k];
  const prev = tokens[numIndex - 1];
  const prev2 = tokens[numIndex - 2];
  // Labels: "Евро-2024", "топ-100", "№ 500", "RTX 4090", "#1000".
  if (prev && prev.kind === 'sym' && LABEL_MARKS.has(prev.text) && (prev.text !== '-' || prev2?.kind === 'word')) return null;
  if (prev && prev.kind === 'word' && prev.upper && prev.text.length <= 5 && LATIN_LETTERS.test(prev.text) && !multiplied) return null;
  // Years: "Кубок 2024", "сезон 2025", "2026 г.".
  if (!multiplied && n.value >= 1900 && n.value <= 2100 && Number.isInteger(n.value)) {
    if (prev && prev.kind === 'word' && flagged(r, numIndex - 1, F.year)) return null;
    if (after && after.kind === 'word' && flagged(r, k, F.year)) return null;
  }
  // "500-piece chip set": a number hyphenated to a unit is a count.
  if (!multiplied && after && after.kind === 'sym' && after.text === '-' && after.start === n.end && flagged(r, k + 1, F.unit)) return null;
  // "4K", "8K" on a screen: a resolution.
  if (multiplied && r.screen && (n.value === 2 || n.value === 4 || n.value === 5 || n.value === 8) && next?.start === n.end) return null;
  // Resolutions: "1080p" is a picture, not an amount.
  if (after && after.kind === 'word' && flagged(r, k, F.res) && RESOLUTIONS.includes(n.value)) return null;
  // "5,000 extra chips", "500 bonus points": a count word right after the word after it.
  if (after?.kind === 'word' && flagged(r, k, F.notUnit) && flagged(r, k + 1, F.count)) return null;
  if (after === undefined || (after.kind === 'sym' && after.boundary) || (after.kind === 'word' && flagged(r, k, F.notUnit))) {
    return { last: multiplied ? k - 1 : numIndex };
  }
  if (after.kind === 'sym' && !after.boundary && after.text !== '%' && after.text !== '×' && after.text !== 'x')
    return { last: multiplied ? k - 1 : numIndex };
  return null;
}

const ADJECTIVE = /(?:ական|յան|ային|[сц]ких|ских|[нв]ых|ных)$/u;
const isAdjective = (t: Token | undefined): boolean => t !== undefined && t.kind === 'word' && ADJECTIVE.test(t.text);

const MIXED_REFUSED = new Set<MoneyFinding['category']>([
  'currency',
  'code',
  'symbol',
  'money',
  'slang',
  'payment',
  'crypto',
  'equivalent',
]);
function mixedSpan(tokens: readonly Token[], first: number, last: number): boolean {
  for (let k = first; k <= last; k++) {
    const t = tokens[k];
    if (t && t.kind === 'word' && t.mixed) return true;
  }
  return false;
}

const QUOTES = new Set(['«', '»', '"', '“', '”', '„']);
const sentenceAt = (clauseOf: readonly number[], clauseSentence: readonly number[], k: number): number =>
  (clauseOf[k] as number) < 0 ? -1 : (clauseSentence[clauseOf[k] as number] as number);
const SENTENCE_ENDS = new Set(['.', ';', '!', '?', '\n']);

const SHARE_SEPARATORS = new Set(['/', '-', '–']);
/** The last token of a run of three or more numbers joined by "/" or "-" that add up to a hundred, or -1. */
function shareRun(tokens: readonly Token[], i: number): number {
  const t = tokens[i];
  if (!t || t.kind !== 'num' || t.notAmount) return -1;
  let sum = t.value;
  let n = 1;
  let k = i;
  for (;;) {
    const sep = tokens[k + 1];
    const next = tokens[k + 2];
    if (!sep || sep.kind !== 'sym' || !SHARE_SEPARATORS.has(sep.text) || !next || next.kind !== 'num') break;
    if (sep.start !== (tokens[k] as Token).end || next.start !== sep.end) break;
    sum += next.value;
    n += 1;
    k += 2;
  }
  return n >= 3 && sum >= 99 && sum <= 101 ? k : -1;
}

/** "non-cash", "не-денежный", "no-money". */
const NEGATED_COMPOUND = /^(?:non|no|un|не|без)[-‐‑]/u;

const clauseEnd = (t: Token | undefined, allowColon: boolean): boolean =>
  t === undefined || (t.kind === 'sym' && t.boundary && !(allowColon && t.text === ':'));

/** "Без денег", "не денежный", "non-cash", "no prize money" (before) and "выплата не предусмотрена" (after). */
function negated(r: Reading, first: number, last: number): boolean {
  const { tokens } = r;
  const self = tokens[first];
  if (self && self.kind === 'word' && NEGATED_COMPOUND.test(self.text)) return true;
  let words = 0;
  // A negation reaches the money word directly ("без денег") or through an exchange predicate and its
  // object ("не подлежит обмену на деньги", "cannot be sold or exchanged for cash").
  let reach = 3;
  for (let k = first - 1; k >= 0 && words < reach; k--) {
    const t = tokens[k] as Token;
    if (clauseEnd(t, false)) break;
    if (t.kind !== 'word') continue;
    words += 1;
    if (flagged(r, k, F.negBefore)) return true;
    if (flagged(r, k, F.exchange) && reach === 3) reach = words + 4;
  }
  words = 0;
  for (let k = last + 1; k < tokens.length && words < 3; k++) {
    const t = tokens[k] as Token;
    if (clauseEnd(t, true)) break;
    if (t.kind !== 'word') continue;
    words += 1;
    if (flagged(r, k, F.negAfter)) return true;
  }
  return false;
}

const REASONS: Record<string, string> = {
  currency: 'a currency',
  code: 'a currency code',
  symbol: 'a currency sign',
  money: 'money or cash',
  slang: 'money slang',
  payment: 'a payment or a transfer',
  crypto: 'crypto money',
  payout: 'a payout of money',
  pool: 'a prize pool or a guarantee (prizes never come from fees, R-MONEY-3)',
  equivalent: 'a money value or its equivalent',
};

// The reasons made of a category's, each made once rather than at every finding.
const WITH_AMOUNT = new Map<string, string>();
const MIXED = new Map<string, string>();
function amountReason(category: string): string {
  let reason = WITH_AMOUNT.get(category);
  if (reason === undefined) WITH_AMOUNT.set(category, (reason = `${REASONS[category] ?? 'money'} with an amount`));
  return reason;
}
function mixedReason(category: string): string {
  let reason = MIXED.get(category);
  if (reason === undefined)
    MIXED.set(category, (reason = `${REASONS[category] ?? 'money'} written with letters of another script or digits for letters`));
  return reason;
}

/** What `addFinding` needs of the text being checked. */
interface Found {
  text: string;
  tokens: readonly Token[];
  findings: MoneyFinding[];
  /** Spans of allowlisted names. */
  allowed: readonly [number, number][];
}

/**
 * Records a finding over tokens `first..last`. `coreFirst..coreLast`: the tokens of the money word
 * itself (-1: none); inside an allowlisted name it does not count. A module-level function rather than
 * a closure made per text: tsx and esbuild's keepNames name every such closure, which costs a property
 * definition per call.
 */
function addFinding(
  s: Found,
  outcome: 'refuse' | 'review',
  first: number,
  last: number,
  category: MoneyFinding['category'],
  reason: string,
  coreFirst = first,
  coreLast = last,
): void {
  const { tokens, findings, allowed } = s;
  const start = (tokens[first] as Token).start;
  let end = (tokens[last] as Token).end;
  // An abbreviation keeps its dot in the report: "5 000 р.", "2 тыс. руб.".
  const dot = tokens[last + 1];
  const lastTok = tokens[last] as Token;
  if (dot && dot.kind === 'sym' && dot.text === '.' && dot.start === end && lastTok.kind === 'word' && lastTok.text.length <= 4)
    end = dot.end;
  if (coreFirst >= 0) {
    const cs = (tokens[coreFirst] as Token).start;
    const ce = (tokens[coreLast] as Token).end;
    for (const [a, b] of allowed) if (cs >= a && ce <= b) return;
  }
  for (const f of findings) if (f.start === start && f.end === end && f.outcome === outcome) return;
  findings.push({ outcome, fragment: s.text.slice(start, end).trim(), start, end, category, reason });
}

/** Checks a text that people will read for money wording (R-MONEY-2). */
export function checkMoney(text: string, kind: MoneyTextKind = 'prize'): MoneyVerdict {
  const sets = termSets();
  const tokens = tokenize(text);
  const candidates: Candidates[] = new Array<Candidates>(tokens.length);
  const flags: number[] = new Array<number>(tokens.length);
  const allowed: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const c = (candidates[i] = candidatesAt(t));
    flags[i] = t.kind === 'sym' && t.boundary ? 0 : sets.grammar.flagsWith(c.grammar, tokens, i);
    for (const h of sets.allowlist.matchWith(c.allowlist, tokens, i)) {
      // A name in quotes: the quotes and the name are allowed, not the word before them ("Кэш-бар «Туз»").
      let first = h.first;
      if (h.payload.term.includes('«'))
        while (first < h.last && !((tokens[first] as Token).kind === 'sym' && (tokens[first] as { text: string }).text === '«')) first += 1;
      allowed.push([(tokens[first] as Token).start, (tokens[h.last] as Token).end]);
    }
  }
  let anyFlags = 0;
  for (const f of flags) anyFlags |= f;
  const r: Reading = { tokens, flags, screen: (anyFlags & F.screen) !== 0 };
  const findings: MoneyFinding[] = [];
  const found: Found = { text, tokens, findings, allowed };
  // Clauses: which one each token is in and what kinds of words each holds; sentences likewise, since
  // points or chips in a sentence make its pot, split or account theirs ("Split pot: chips are divided").
  const clauseOf = new Array<number>(tokens.length);
  const clauseFlags: number[] = [0];
  const clauseSentence: number[] = [0];
  const sentenceFlags: number[] = [0];
  const sentencePercents: number[] = [0];
  for (let i = 0, c = 0, sn = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    // Quotes enclose a name inside a clause ("сертификат «Золотое яблоко»"): they do not end it.
    if (clauseEnd(t, false) && !(t.kind === 'sym' && QUOTES.has(t.text))) {
      clauseOf[i] = -1;
      if (t.kind === 'sym' && t.text === '%') continue;
      if (t.kind === 'sym' && SENTENCE_ENDS.has(t.text)) {
        sn += 1;
        sentenceFlags.push(0);
        sentencePercents.push(0);
      }
      clauseFlags.push(0);
      clauseSentence.push(sn);
      c += 1;
      continue;
    }
    clauseOf[i] = c;
    let f = flags[i] as number;
    if (t.kind === 'sym' && t.text === '%' && tokens[i - 1]?.kind === 'num') {
      f |= F.percent;
      sentencePercents[sn] = (sentencePercents[sn] as number) + 1;
    }
    clauseFlags[c] = (clauseFlags[c] as number) | f;
    sentenceFlags[sn] = (sentenceFlags[sn] as number) | f;
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'sym') {
      const money = symbolKind(t.text);
      if (money === SYM_MONEY) {
        const before = amountBefore(r, i);
        const after = before < 0 ? amountAfter(r, i) : -1;
        addFinding(found, 'refuse', before >= 0 ? before : i, after >= 0 ? after : i, 'symbol', REASONS.symbol as string, -1, -1);
      } else if (money === SYM_MAYBE) {
        addFinding(found, 'review', i, i, 'symbol', 'a coin, card or bank sign');
      }
    }
    let hits = sets.lexicon.matchWith((candidates[i] as Candidates).lexicon, tokens, i);
    // After an amount, a Latin letter that looks like a Cyrillic one is read as Cyrillic ("5000 p").
    if (hits.length === 0 && t.kind === 'word' && amountBefore(r, i) >= 0 && !t.scripts.cyr) {
      const n = tokens[amountBefore(r, i)];
      const resolution = n?.kind === 'num' && RESOLUTIONS.includes(n.value) && (t.text === 'p' || t.text === 'i');
      if (!resolution) {
        const visual: WordToken = {
          ...t,
          forms: { cyr: [visualCyrillic(t.text)], cyrT: [], lat: [], hy: [], key: -1 },
          formsKey: -1,
          parts: [],
        };
        hits = sets.lexicon.matchReadingAt(visual, tokens, i);
      }
    }
    // "300 6аксов": a digit standing for the first letter is read as that letter.
    let digitLed = false;
    if (hits.length === 0 && t.kind === 'word' && t.text.length >= 3) {
      const d = tokens[i - 1];
      if (d && d.kind === 'num' && d.text.length === 1 && d.end === t.start) {
        const forms = wordForms(d.text + t.text);
        const visual: WordToken = { ...t, text: d.text + t.text, forms, formsKey: forms.key, parts: [], mixed: true };
        hits = sets.lexicon.matchReadingAt(visual, tokens, i);
        digitLed = hits.length > 0;
      }
    }
    for (const h of hits) {
      const { entry, upperAlone } = h.payload;
      const word = tokens[h.first] as Token;
      const upper = word.kind === 'word' && word.upper;
      if (entry.upper && !upper) continue;
      // Letters of another script or digits inside a money word: refused whatever the word alone would
      // be, since the mixing is a sign of hiding it (Unicode TR39); prize and recipient words are left
      // to their usual rules, a typo there hides nothing.
      if ((digitLed || mixedSpan(tokens, h.first, h.last)) && (MIXED_REFUSED.has(entry.category) || entry.alone === 'refuse')) {
        const b = amountBefore(r, digitLed ? h.first - 1 : h.first);
        const first = b >= 0 ? b : digitLed ? h.first - 1 : h.first;
        const a = amountAfter(r, h.last);
        addFinding(found, 'refuse', first, a >= 0 ? a : h.last, entry.category, mixedReason(entry.category), h.first, h.last);
        continue;
      }
      let before = amountBefore(r, h.first);
      // "80 բրիտանական ֆունտ", "500 новых шекелей": an adjective between the amount and the noun.
      if (before < 0 && entry.amountBeforeOnly && h.first > 1 && isAdjective(tokens[h.first - 1])) before = amountBefore(r, h.first - 1);
      let after = before < 0 && !entry.amountBeforeOnly ? amountAfter(r, h.last) : -1;
      if (after >= 0 && !AMOUNT_AFTER_ANY.has(entry.category)) {
        // After a prize, recipient or pool word an amount counts only when bare ("приз 5000", not "приз 5000 очков").
        const num = tokens[after]?.kind === 'num' ? after : after - 1;
        if (!isBareAmount(r, num, true)) after = -1;
      }
      const reason = REASONS[entry.category] ?? 'money';
      if (before >= 0 || after >= 0) {
        const n = before >= 0 ? tokens[before] : undefined;
        // "48 р." may be a size: below a hundred it is only held.
        const small = entry.small !== undefined && n?.kind === 'num' && n.value < 100;
        addFinding(
          found,
          small ? (entry.small as 'review') : (entry.amount ?? 'refuse'),
          before >= 0 ? before : h.first,
          after >= 0 ? after : h.last,
          entry.category,
          amountReason(entry.category),
          h.first,
          h.last,
        );
        continue;
      }
      if (entry.alone === 'none') continue;
      if (upperAlone && !upper) continue;
      if (negated(r, h.first, h.last)) continue;
      // "Очки начисляются на счёт игрока": an account of points.
      if (entry.alone === 'review' && entry.category === 'payment' && (clauseOf[h.first] as number) >= 0) {
        if (((clauseFlags[clauseOf[h.first] as number] as number) & F.count) !== 0) continue;
      }
      addFinding(found, entry.alone, h.first, h.last, entry.category, reason);
    }
  }

  // A prize pool from fees: a fee word and a prize, pool or winner word in one clause (R-MONEY-3).
  let clauseStart = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i < tokens.length && !clauseEnd(tokens[i], false)) continue;
    let fee = -1;
    let dest = -1;
    for (let k = clauseStart; k < i; k++) {
      if (fee < 0 && flagged(r, k, F.fee)) fee = k;
      else if (dest < 0 && flagged(r, k, F.dest)) dest = k;
    }
    if (fee >= 0 && dest >= 0) {
      const a = Math.min(fee, dest);
      const b = Math.max(fee, dest);
      let anyNegation = false;
      for (let k = clauseStart; k < i; k++) if (flagged(r, k, F.negBefore) || flagged(r, k, F.negAfter)) anyNegation = true;
      if (!anyNegation) addFinding(found, 'refuse', a, b, 'pool', 'a prize pool from fees (R-MONEY-3)');
    }
    clauseStart = i + 1;
  }

  // What a clause says (lexicon.ts, CLAUSE_RULES): a fee paid back, a pot shared, a credit to a card.
  for (let c = 0; c < clauseFlags.length; c++) {
    const cf = clauseFlags[c] as number;
    if (cf === 0) continue;
    const cancel = cf | ((sentenceFlags[clauseSentence[c] as number] as number) & F.count);
    for (const { rule, all, want, unless } of COMPILED_RULES) {
      if ((cancel & unless) !== 0 || !hasAll(cf, all)) continue;
      let a = -1;
      let b = -1;
      for (let k = 0; k < tokens.length; k++) {
        if (clauseOf[k] !== c) continue;
        const kf = (flags[k] as number) | (tokens[k]?.kind === 'sym' && (tokens[k] as { text: string }).text === '%' ? F.percent : 0);
        if ((kf & want) === 0) continue;
        if (a < 0) a = k;
        b = k;
      }
      if (a >= 0) addFinding(found, rule.outcome, a, b, rule.category, rule.reason, -1, -1);
    }
  }
  // Percentage payouts across a sentence ("50% / 30% / 20%") and splits written as shares of a hundred
  // ("50/30/20", "45-25-15-10-5"), unless they are points or chips, or a discount.
  for (let sn = 0; sn < sentenceFlags.length; sn++) {
    if ((sentencePercents[sn] as number) < 2 || ((sentenceFlags[sn] as number) & (F.count | F.discount)) !== 0) continue;
    let first = -1;
    let last = -1;
    for (let k = 1; k < tokens.length; k++) {
      const t = tokens[k] as Token;
      if (t.kind !== 'sym' || t.text !== '%' || tokens[k - 1]?.kind !== 'num' || sentenceAt(clauseOf, clauseSentence, k - 1) !== sn)
        continue;
      if (first < 0) first = k - 1;
      last = k;
    }
    if (first >= 0) addFinding(found, 'refuse', first, last, 'payout', 'a payout in percentages', -1, -1);
  }
  for (let i = 0; i < tokens.length; i++) {
    const run = shareRun(tokens, i);
    if (run < 0) continue;
    const sn = sentenceAt(clauseOf, clauseSentence, i);
    if (sn < 0 || ((sentenceFlags[sn] as number) & (F.count | F.discount)) === 0)
      addFinding(found, 'refuse', i, run, 'payout', 'a split in shares of a hundred', -1, -1);
    i = run;
  }

  // Amounts without a currency: in a prize they are held ("Приз 10 тыс.", "1 место — 5000"); anywhere,
  // a number after a certificate word is a face value ("сертификат на 3000").
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'num' || covered(findings, t)) continue;
    const bare = isBareAmount(r, i);
    if (!bare) continue;
    let cert = false;
    let counted = false;
    for (let k = i - 1, words = 0; k >= 0 && words < 3; k--) {
      const w = tokens[k] as Token;
      // "Blinds 100/200/400", "25/50, 50/100": a list of numbers shares the word before it.
      if (w.kind === 'num' || (w.kind === 'sym' && (w.text === '/' || w.text === ',') && tokens[k - 1]?.kind === 'num')) continue;
      if (clauseEnd(w, true)) break;
      if (w.kind !== 'word') continue;
      words += 1;
      if (flagged(r, k, F.cert)) cert = true;
      // "Стек 30 000", "points: 250", "взнос за участие 2000": a count, or the club's own fee (R-MONEY-4).
      if (flagged(r, k, F.count) || flagged(r, k, F.fee)) counted = true;
    }
    if (counted && !cert) continue;
    if (cert) addFinding(found, 'review', i, bare.last, 'certificate', 'a certificate with a number: say what it is for, not its value');
    else if (kind === 'prize')
      addFinding(found, 'review', i, bare.last, 'amount', 'an amount without a unit in a prize: say what it counts');
  }

  return verdictOf(findings);
}

/**
 * Earliest first, the longest of those first; equal ones keep their order (as a stable sort would).
 * By insertion: a text has a handful of findings, and the built-in sort costs more to set up than that.
 */
function sortFindings(findings: MoneyFinding[]): void {
  for (let i = 1; i < findings.length; i++) {
    const f = findings[i] as MoneyFinding;
    let k = i - 1;
    while (
      k >= 0 &&
      ((findings[k] as MoneyFinding).start > f.start ||
        ((findings[k] as MoneyFinding).start === f.start && (findings[k] as MoneyFinding).end < f.end))
    ) {
      findings[k + 1] = findings[k] as MoneyFinding;
      k -= 1;
    }
    findings[k + 1] = f;
  }
}

/** Whether a finding already covers token `t`. */
function covered(findings: readonly MoneyFinding[], t: Token): boolean {
  for (const f of findings) if (f.start <= t.start && f.end >= t.end) return true;
  return false;
}

function verdictOf(findings: MoneyFinding[]): MoneyVerdict {
  sortFindings(findings);
  const outcome: MoneyOutcome = findings.some((f) => f.outcome === 'refuse') ? 'refuse' : findings.length ? 'review' : 'allow';
  return { outcome, findings };
}

/** The word tokens of a text, for tests and tools that show how a text was read. */
export const readAs = (text: string): string[] =>
  tokenize(text).map((t) =>
    t.kind === 'word'
      ? [...(t as WordToken).forms.cyr, ...(t as WordToken).forms.cyrT, ...(t as WordToken).forms.lat, ...(t as WordToken).forms.hy].join(
          '|',
        )
      : t.text,
  );
