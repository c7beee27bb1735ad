import { describe, expect, it } from 'vitest';

// The first evaluation builds the tables (a few hundred ms idle); the samples below take a second or two.
const SLOW = { timeout: 30_000 } as const;
import { parseCards, type Card } from '../../../domain/holdem/cards';
import { HAND_CLASSES, bestFive, categoryOf, describeClass, rank5, rankCards } from '../../../domain/holdem/evaluator';
import { cardToString } from '../../../domain/holdem/cards';
import { hands, pheEvaluate5, pheEvaluate7, solve, solverOrder, toPhe } from './reference-evaluators';

const c = (text: string): Card[] => parseCards(text.split(' '), 'test');
const rank = (text: string): number => rankCards(c(text));

describe('hand evaluator (R-HE-1, R-HE-2)', () => {
  it('R-HE-1: the wheel A-2-3-4-5 is the lowest straight; Q-K-A-2-3 is no straight (no wrap-around)', SLOW, () => {
    expect(categoryOf(rank('Ah 2c 3d 4s 5h'))).toBe('straight');
    expect(describeClass(rank('Ah 2c 3d 4s 5h'))).toBe('a straight, Ace to Five');
    expect(rank('Ah 2c 3d 4s 5h')).toBeLessThan(rank('2c 3d 4s 5h 6c'));
    expect(categoryOf(rank('Qh Kc Ad 2s 3h'))).toBe('high-card');
    expect(categoryOf(rank('Jh Qc Kd As 2h 3c 9d'))).toBe('high-card');
    expect(categoryOf(rank('Th Jc Qd Ks Ah'))).toBe('straight');
    expect(categoryOf(rank('5s 4s 3s 2s As'))).toBe('straight-flush');
    expect(describeClass(rank('As Ks Qs Js Ts'))).toBe('a Royal Flush');
  });

  it('R-HE-1: suits are equal: the same ranks in other suits are the same class', () => {
    expect(rank('Ah Kd 9c 7s 2h')).toBe(rank('As Kc 9d 7h 2s'));
    expect(rank('Ah Kh 9h 7h 2h')).toBe(rank('As Ks 9s 7s 2s'));
  });

  it('R-HE-2: categories rank from straight flush down to high card', () => {
    const order = [
      '2c 3c 4c 5c 6c', // straight flush
      '9c 9d 9h 9s Kd', // four of a kind
      'Kh Kd Kc 4s 4d', // full house
      'Ad Jd 8d 5d 2d', // flush
      '5h 6c 7d 8s 9h', // straight
      '7c 7d 7s Kh 2d', // three of a kind
      'As Ad 9c 9h Qd', // two pair
      'Th Ts Kd 7c 3s', // pair
      'Ac Jd 8s 6h 3c', // high card
    ].map(rank);
    for (let i = 1; i < order.length; i++) expect(order[i - 1]).toBeGreaterThan(order[i] as number);
    expect(order.map(categoryOf)).toEqual([
      'straight-flush',
      'four-of-a-kind',
      'full-house',
      'flush',
      'straight',
      'three-of-a-kind',
      'two-pair',
      'pair',
      'high-card',
    ]);
  });

  it('R-HE-2: kickers decide equal categories, only five cards count, identical ranks tie', () => {
    // Pair of aces, king kicker beats queen kicker.
    expect(rank('As Ad Kc 7h 3s')).toBeGreaterThan(rank('Ah Ac Qd 7s 3c'));
    // Full house compares the three first, then the pair.
    expect(rank('Kh Kd Kc 2s 2d')).toBeGreaterThan(rank('Qh Qd Qc As Ad'));
    expect(rank('Kh Kd Kc 5s 5d')).toBeGreaterThan(rank('Ks Kd Kc 4s 4h'));
    // Two pair: top pair, then low pair, then kicker.
    expect(rank('As Ad 9c 9h Qd')).toBeGreaterThan(rank('Ah Ac 9d 9s Jd'));
    // A sixth and seventh card never count: the best five are the same, so the hands tie.
    const board = 'Ah Kd Qc Jd 9s';
    expect(rank(`${board} 2c 3d`)).toBe(rank(`${board} 4h 5s`));
    // Board plays: a straight on the board ties everyone who cannot beat it.
    expect(rank('5h 6c 7d 8s 9h 2c 2d')).toBe(rank('5h 6c 7d 8s 9h Ac Kd'));
    // Third pair does not count; the kicker can come from it.
    expect(rank('As Ad Kc Kh 7d 7s 2c')).toBe(rank('As Ad Kc Kh 7d 3s 2c'));
    expect(describeClass(rank('As Ad Kc Kh 7d 7s 2c'))).toBe('two pair, Aces and Kings');
  });

  it('best five and descriptions for the showdown', () => {
    const seven = c('Ah Kh 2c 9h 4h 7d 3h');
    expect(bestFive(seven).map(cardToString)).toEqual(['Ah', 'Kh', '9h', '4h', '3h']);
    expect(bestFive(c('Ac 2d 3h 4s 5c Kd Kh')).map(cardToString)).toEqual(['5c', '4s', '3h', '2d', 'Ac']);
    expect(describeClass(rank('Kh Kd Kc 4s 4d'))).toBe('a full house, Kings full of Fours');
    expect(describeClass(rank('Th Ts Kd 7c 3s'))).toBe('a pair of Tens');
    expect(() => rankCards(c('As Kd Qh Jc'))).toThrow(/5, 6 or 7 cards/);
  });

  it('agrees with phe on 5,000 random 5-card and 20,000 random 7-card hands (class = 7463 - phe)', SLOW, () => {
    const five = hands(5_000, 5, 11);
    for (let i = 0; i < 5_000; i++) {
      const h = Array.from(five.subarray(i * 5, i * 5 + 5));
      expect(
        rank5(...(h as [number, number, number, number, number])) +
          pheEvaluate5(...(h.map(toPhe) as [number, number, number, number, number])),
      ).toBe(HAND_CLASSES + 1);
    }
    const seven = hands(20_000, 7, 12);
    let disagreements = 0;
    for (let i = 0; i < 20_000; i++) {
      const h = Array.from(seven.subarray(i * 7, i * 7 + 7));
      const ours = rankCards(h);
      const theirs = pheEvaluate7(...(h.map(toPhe) as [number, number, number, number, number, number, number]));
      if (ours + theirs !== HAND_CLASSES + 1) disagreements++;
    }
    expect(disagreements).toBe(0);
  });

  it('orders 2,000 random pairs of 7-card hands as pokersolver does', SLOW, () => {
    const seven = hands(4_000, 7, 13);
    let disagreements = 0;
    for (let i = 0; i < 4_000; i += 2) {
      const a = Array.from(seven.subarray(i * 7, i * 7 + 7));
      const b = Array.from(seven.subarray((i + 1) * 7, (i + 2) * 7));
      if (Math.sign(rankCards(a) - rankCards(b)) !== solverOrder(solve(a), solve(b))) disagreements++;
    }
    expect(disagreements).toBe(0);
  });
});
