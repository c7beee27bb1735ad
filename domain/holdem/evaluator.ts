import { ruleError } from '../core/errors';
import { RANK_CHARS, rankOf, suitOf, type Card } from './cards';

/**
 * R-HE-1, R-HE-2: the strength of the best five of 5, 6 or 7 cards as one integer, the equivalence class
 * 1..7462 (higher is stronger; 7462 = royal flush, 1 = 7-5-4-3-2 offsuit). Equal numbers are exactly equal
 * hands (suits never matter), so a pot is split between players with the same number.
 *
 * How it is fast (no sorting, no allocation per hand):
 * - Flushes: a per-card suit counter in 4-bit lanes tells in one add per card whether five share a suit (only
 *   then are the ranks of that suit gathered); with seven cards a flush excludes quads and full houses, so the
 *   flush table (13-bit rank mask -> class) answers alone.
 * - Everything else depends only on the multiset of ranks. Each rank has a key such that sums of up to seven
 *   keys never collide for the same number of cards, so the sum of the cards' keys names the multiset. The
 *   sparse sum space (up to ~7.8 million) is packed with row displacement: class = packed[sum + disp[sum >> 9]],
 *   a few hundred KB built at first use from the rules below.
 */

export const HAND_CLASSES = 7462;

export type Category =
  'high-card' | 'pair' | 'two-pair' | 'three-of-a-kind' | 'straight' | 'flush' | 'full-house' | 'four-of-a-kind' | 'straight-flush';

export const CATEGORIES: readonly Category[] = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];

// Rank keys whose sums of 5, 6 or 7 (each rank at most four times) are distinct for each card count.
const RANK_KEYS = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181];
const SHIFT = 9;
const FLUSH_TEST = 0x3333;
const FLUSH_BITS = 0x8888;

/** Per card id: the rank key and the suit lane increment. */
const CARD_KEY = new Int32Array(52);
const CARD_SUIT = new Int32Array(52);
for (let c = 0; c < 52; c++) {
  CARD_KEY[c] = RANK_KEYS[c >> 2] as number;
  CARD_SUIT[c] = 1 << ((c & 3) << 2);
}

interface Packed {
  table: Uint16Array;
  disp: Int32Array;
}

interface Tables {
  flush: Uint16Array;
  p5: Packed;
  p6: Packed;
  p7: Packed;
  /** class -> the score it was made from (category and ranks), for descriptions. */
  scoreOf: Int32Array;
}

// A score orders hands: category * 16^5 + up to five ranks in the order they are compared.
const score = (cat: number, r: readonly number[]): number => {
  let s = cat;
  for (let i = 0; i < 5; i++) s = s * 16 + (r[i] ?? 0);
  return s;
};

/** The highest straight in a 13-bit rank mask: the rank of its top card, or -1. A-2-3-4-5 tops at the 5. */
function straightTop(mask: number): number {
  for (let top = 12; top >= 4; top--) {
    const run = 0x1f << (top - 4);
    if ((mask & run) === run) return top;
  }
  const wheel = 0x100f; // A, 2, 3, 4, 5; no wrap-around: Q-K-A-2-3 is no run here
  return (mask & wheel) === wheel ? 3 : -1;
}

/** Score of the best five cards of one suit given as a rank mask with five or more bits. */
function flushScore(mask: number): number {
  const top = straightTop(mask);
  if (top >= 0) return score(8, [top]);
  const ranks: number[] = [];
  for (let r = 12; r >= 0 && ranks.length < 5; r--) if (mask & (1 << r)) ranks.push(r);
  return score(5, ranks);
}

/** Score of the best five without a flush, from the count of each rank. */
function countsScore(counts: readonly number[]): number {
  const quads: number[] = [];
  const trips: number[] = [];
  const pairs: number[] = [];
  const singles: number[] = [];
  let mask = 0;
  for (let r = 12; r >= 0; r--) {
    const n = counts[r] as number;
    if (n > 0) mask |= 1 << r;
    if (n === 4) quads.push(r);
    else if (n === 3) trips.push(r);
    else if (n === 2) pairs.push(r);
    else if (n === 1) singles.push(r);
  }
  const kickers = (exclude: readonly number[], k: number): number[] => {
    const out: number[] = [];
    for (let r = 12; r >= 0 && out.length < k; r--) if ((counts[r] as number) > 0 && !exclude.includes(r)) out.push(r);
    return out;
  };
  const q = quads[0];
  if (q !== undefined) return score(7, [q, ...kickers([q], 1)]);
  const t = trips[0];
  if (t !== undefined && (trips.length > 1 || pairs.length > 0)) {
    return score(6, [t, Math.max(trips[1] ?? -1, pairs[0] ?? -1)]);
  }
  const top = straightTop(mask);
  if (top >= 0) return score(4, [top]);
  if (t !== undefined) return score(3, [t, ...kickers([t], 2)]);
  const p0 = pairs[0];
  const p1 = pairs[1];
  if (p0 !== undefined && p1 !== undefined) return score(2, [p0, p1, ...kickers([p0, p1], 1)]);
  if (p0 !== undefined) return score(1, [p0, ...kickers([p0], 3)]);
  return score(0, kickers([], 5));
}

/** Every multiset of `size` ranks with each rank at most four times, as counts. */
function forEachMultiset(size: number, fn: (counts: number[]) => void): void {
  const counts = new Array<number>(13).fill(0);
  const rec = (r: number, left: number): void => {
    if (r === 13) {
      if (left === 0) fn(counts);
      return;
    }
    for (let c = 0; c <= Math.min(4, left); c++) {
      counts[r] = c;
      rec(r + 1, left - c);
    }
    counts[r] = 0;
  };
  rec(0, size);
}

const bitCount = (x: number): number => {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
};

/** Row displacement: places each block of 2^SHIFT keys at the first offset where its used slots are free. */
function pack(keys: readonly number[], values: readonly number[]): Packed {
  const blockSize = 1 << SHIFT;
  const maxKey = keys.reduce((a, b) => Math.max(a, b), 0);
  const blocks: { index: number; offsets: number[]; values: number[] }[] = [];
  const byIndex = new Map<number, { index: number; offsets: number[]; values: number[] }>();
  keys.forEach((k, i) => {
    const index = k >>> SHIFT;
    let b = byIndex.get(index);
    if (!b) {
      b = { index, offsets: [], values: [] };
      byIndex.set(index, b);
      blocks.push(b);
    }
    b.offsets.push(k & (blockSize - 1));
    b.values.push(values[i] as number);
  });
  blocks.sort((a, b) => b.offsets.length - a.offsets.length || a.index - b.index);
  let used = new Uint8Array(keys.length * 2 + blockSize);
  let table = new Uint16Array(used.length);
  let firstFree = 0;
  // Blocks of several keys are placed at non-decreasing offsets: a first-fit search from the start for each
  // of them costs seconds, this costs milliseconds and a few percent of space. Single keys fill the holes.
  let cursor = 0;
  let end = 0;
  const disp = new Int32Array((maxKey >>> SHIFT) + 1);
  for (const b of blocks) {
    const minOff = Math.min(...b.offsets);
    let base = Math.max(0, b.offsets.length > 1 ? cursor : firstFree - minOff);
    for (;;) {
      let fits = true;
      for (const o of b.offsets) {
        const at = base + o;
        if (at < used.length && used[at]) {
          fits = false;
          break;
        }
      }
      if (fits) break;
      base++;
    }
    const need = base + blockSize;
    if (need > used.length) {
      const grownUsed = new Uint8Array(need * 2);
      grownUsed.set(used);
      used = grownUsed;
      const grownTable = new Uint16Array(need * 2);
      grownTable.set(table);
      table = grownTable;
    }
    b.offsets.forEach((o, i) => {
      used[base + o] = 1;
      table[base + o] = b.values[i] as number;
      end = Math.max(end, base + o + 1);
    });
    while (firstFree < used.length && used[firstFree]) firstFree++;
    if (b.offsets.length > 1) cursor = base;
    disp[b.index] = base - (b.index << SHIFT);
  }
  return { table: table.slice(0, end), disp };
}

function build(): Tables {
  // The 7462 classes: every five-card pattern, scored, sorted.
  const scores: number[] = [];
  forEachMultiset(5, (counts) => {
    if (counts.every((n) => n <= 1)) return; // five distinct ranks: counted below with and without a flush
    scores.push(countsScore(counts));
  });
  for (let mask = 0; mask < 8192; mask++) {
    if (bitCount(mask) !== 5) continue;
    scores.push(flushScore(mask));
    const counts = Array.from({ length: 13 }, (_, r) => (mask >> r) & 1);
    scores.push(countsScore(counts));
  }
  scores.sort((a, b) => a - b);
  if (scores.length !== HAND_CLASSES || new Set(scores).size !== HAND_CLASSES) throw new Error('hand classes: wrong count');
  const classOf = new Map<number, number>(scores.map((s, i) => [s, i + 1]));
  const cls = (s: number): number => classOf.get(s) as number;

  const flush = new Uint16Array(8192);
  for (let mask = 0; mask < 8192; mask++) if (bitCount(mask) >= 5) flush[mask] = cls(flushScore(mask));

  const packed = (size: number): Packed => {
    const keys: number[] = [];
    const values: number[] = [];
    const seen = new Set<number>();
    forEachMultiset(size, (counts) => {
      let key = 0;
      counts.forEach((n, r) => (key += n * (RANK_KEYS[r] as number)));
      if (seen.has(key)) throw new Error('rank keys collide');
      seen.add(key);
      keys.push(key);
      values.push(cls(countsScore(counts)));
    });
    return pack(keys, values);
  };
  return { flush, p5: packed(5), p6: packed(6), p7: packed(7), scoreOf: Int32Array.from([0, ...scores]) };
}

let tables: Tables | undefined;
const get = (): Tables => (tables ??= build());

/** Builds the tables now rather than at the first evaluation (a benchmark's warm-up, a server's start). */
export const warmUp = (): void => void get();

function flushClass(t: Tables, suits: number, cards: readonly number[]): number {
  const lane = 31 - Math.clz32((suits + FLUSH_TEST) & FLUSH_BITS);
  const suit = lane >> 2;
  let mask = 0;
  for (const c of cards) if ((c & 3) === suit) mask |= 1 << (c >> 2);
  return t.flush[mask] as number;
}

/** Five cards given as ids (not checked: the caller has validated them). */
export function rank5(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  const t = tables ?? get();
  const s =
    (CARD_SUIT[a] as number) + (CARD_SUIT[b] as number) + (CARD_SUIT[c] as number) + (CARD_SUIT[d] as number) + (CARD_SUIT[e] as number);
  if ((s + FLUSH_TEST) & FLUSH_BITS) return flushClass(t, s, [a, b, c, d, e]);
  const k = (CARD_KEY[a] as number) + (CARD_KEY[b] as number) + (CARD_KEY[c] as number) + (CARD_KEY[d] as number) + (CARD_KEY[e] as number);
  return t.p5.table[k + (t.p5.disp[k >>> SHIFT] as number)] as number;
}

export function rank6(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card): number {
  const t = tables ?? get();
  const s =
    (CARD_SUIT[a] as number) +
    (CARD_SUIT[b] as number) +
    (CARD_SUIT[c] as number) +
    (CARD_SUIT[d] as number) +
    (CARD_SUIT[e] as number) +
    (CARD_SUIT[f] as number);
  if ((s + FLUSH_TEST) & FLUSH_BITS) return flushClass(t, s, [a, b, c, d, e, f]);
  const k =
    (CARD_KEY[a] as number) +
    (CARD_KEY[b] as number) +
    (CARD_KEY[c] as number) +
    (CARD_KEY[d] as number) +
    (CARD_KEY[e] as number) +
    (CARD_KEY[f] as number);
  return t.p6.table[k + (t.p6.disp[k >>> SHIFT] as number)] as number;
}

export function rank7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  const t = tables ?? get();
  const s =
    (CARD_SUIT[a] as number) +
    (CARD_SUIT[b] as number) +
    (CARD_SUIT[c] as number) +
    (CARD_SUIT[d] as number) +
    (CARD_SUIT[e] as number) +
    (CARD_SUIT[f] as number) +
    (CARD_SUIT[g] as number);
  if ((s + FLUSH_TEST) & FLUSH_BITS) return flushClass(t, s, [a, b, c, d, e, f, g]);
  const k =
    (CARD_KEY[a] as number) +
    (CARD_KEY[b] as number) +
    (CARD_KEY[c] as number) +
    (CARD_KEY[d] as number) +
    (CARD_KEY[e] as number) +
    (CARD_KEY[f] as number) +
    (CARD_KEY[g] as number);
  return t.p7.table[k + (t.p7.disp[k >>> SHIFT] as number)] as number;
}

/** The class of 5, 6 or 7 different cards. */
export function rankCards(cards: readonly Card[]): number {
  const [a, b, c, d, e, f, g] = cards as [Card, Card, Card, Card, Card, Card?, Card?];
  if (cards.length === 5) return rank5(a, b, c, d, e);
  if (cards.length === 6) return rank6(a, b, c, d, e, f as Card);
  if (cards.length === 7) return rank7(a, b, c, d, e, f as Card, g as Card);
  throw ruleError('CARD_COUNT', `a hand is evaluated from 5, 6 or 7 cards, got ${cards.length}`);
}

/** The category of a class. */
export function categoryOf(handClass: number): Category {
  const s = get().scoreOf[handClass];
  if (s === undefined || handClass < 1) throw new RangeError(`not a hand class: ${handClass}`);
  return CATEGORIES[Math.floor(s / 16 ** 5)] as Category;
}

const NAMES = ['Deuce', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King', 'Ace'];
const PLURAL = ['Deuces', 'Threes', 'Fours', 'Fives', 'Sixes', 'Sevens', 'Eights', 'Nines', 'Tens', 'Jacks', 'Queens', 'Kings', 'Aces'];

/** The ranks a class is compared by, most significant first (kickers included). */
export function classRanks(handClass: number): number[] {
  const s = get().scoreOf[handClass] as number;
  const out: number[] = [];
  for (let i = 4; i >= 0; i--) out.push(Math.floor(s / 16 ** i) % 16);
  return out;
}

/** A description in the usual hand-history wording: "a pair of Aces", "a straight, Five to Nine". */
export function describeClass(handClass: number): string {
  const cat = categoryOf(handClass);
  const [r0 = 0, r1 = 0] = classRanks(handClass);
  const low = (top: number): string => (top === 3 ? 'Ace' : (NAMES[top - 4] as string));
  switch (cat) {
    case 'straight-flush':
      return r0 === 12 ? 'a Royal Flush' : `a straight flush, ${low(r0)} to ${NAMES[r0]}`;
    case 'four-of-a-kind':
      return `four of a kind, ${PLURAL[r0]}`;
    case 'full-house':
      return `a full house, ${PLURAL[r0]} full of ${PLURAL[r1]}`;
    case 'flush':
      return `a flush, ${NAMES[r0]} high`;
    case 'straight':
      return `a straight, ${low(r0)} to ${NAMES[r0]}`;
    case 'three-of-a-kind':
      return `three of a kind, ${PLURAL[r0]}`;
    case 'two-pair':
      return `two pair, ${PLURAL[r0]} and ${PLURAL[r1]}`;
    case 'pair':
      return `a pair of ${PLURAL[r0]}`;
    default:
      return `high card ${NAMES[r0]}`;
  }
}

/** The five cards that make the class of a 5..7 card hand, strongest part first (for display). */
export function bestFive(cards: readonly Card[]): Card[] {
  const best = rankCards(cards);
  const n = cards.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const five = cards.filter((_, k) => k !== i && k !== j).slice(0, 5);
      if (n === 7 && rankCards(five) === best) return orderFive(five, best);
    }
    if (n === 6) {
      const five = cards.filter((_, k) => k !== i);
      if (rankCards(five) === best) return orderFive(five, best);
    }
  }
  return orderFive(cards.slice(0, 5), best);
}

function orderFive(five: Card[], handClass: number): Card[] {
  const count = (r: number) => five.filter((c) => rankOf(c) === r).length;
  const cat = categoryOf(handClass);
  const wheel = (cat === 'straight' || cat === 'straight-flush') && classRanks(handClass)[0] === 3;
  const value = (c: Card) => (wheel && rankOf(c) === 12 ? -1 : rankOf(c));
  return [...five].sort((a, b) => count(rankOf(b)) - count(rankOf(a)) || value(b) - value(a) || suitOf(a) - suitOf(b));
}

export const rankName = (rank: number): string => RANK_CHARS[rank] as string;
