/**
 * Independent evaluators from npm, to prove ours against (tests and `npm run bench`): phe (a port of
 * PokerHandEvaluator, perfect hashing; it numbers the 7462 classes 1 = royal flush .. 7462 = 7-high, so ours
 * must equal 7463 minus its number) and pokersolver (rule-based, names and compares hands).
 */
import { createRequire } from 'node:module';
import { cardToString, type Card } from '../../../domain/holdem/cards';

const require = createRequire(import.meta.url);

type Eval5 = (a: number, b: number, c: number, d: number, e: number) => number;
type Eval7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;
export const pheEvaluate5 = require('phe/lib/evaluator5.js') as Eval5;
export const pheEvaluate7 = require('phe/lib/evaluator7.js') as Eval7;

/** phe's card code: rank * 4 + suit with suits s, h, d, c = 0..3 (ours: c, d, h, s). */
export const toPhe = (c: Card): number => (c & ~3) | (3 - (c & 3));

interface SolvedHand {
  compare(other: SolvedHand): number;
}
const pokersolver = require('pokersolver') as { Hand: { solve(cards: string[]): SolvedHand } };

export const solve = (cards: readonly Card[]): SolvedHand => pokersolver.Hand.solve(cards.map(cardToString));

/** -1, 0 or 1 as pokersolver orders a against b (1: a is stronger). */
export const solverOrder = (a: SolvedHand, b: SolvedHand): number => Math.sign(a.compare(b) * -1) || 0;

/** A small seeded generator (xorshift32) for random hands; the same hands on every run. */
export function hands(count: number, size: number, seed: number): Int32Array {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  const out = new Int32Array(count * size);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let h = 0; h < count; h++) {
    // Partial Fisher-Yates: the first `size` cards of a fresh shuffle.
    for (let k = 0; k < size; k++) {
      const j = k + (next() % (52 - k));
      const t = deck[k] as number;
      deck[k] = deck[j] as number;
      deck[j] = t;
      out[h * size + k] = deck[k] as number;
    }
  }
  return out;
}
