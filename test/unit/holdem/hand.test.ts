import { beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../../../domain/holdem/evaluator';
import { isDomainError } from '../../../domain/core/errors';
import { cardToString } from '../../../domain/holdem/cards';
import { chipsInPlay, legalActions } from '../../../domain/holdem/hand';
import { replay, startFromRecord } from '../../../domain/holdem/record';
import { a, record, seats } from './hand-fixtures';

// The evaluator's tables are built once (under a second idle, more on a busy machine), not inside a test's budget.
beforeAll(() => warmUp(), 60_000);

// Flop, turn and river for hands where cards do not matter; hole cards that make seat 1 best, then 2, then 3.
const BOARD = '2c 7d 9h Js 4c';
const HOLES = { 1: 'As Ah', 2: 'Ks Kh', 3: 'Qs Qh', 4: 'Td 3s', 5: '8d 5s', 6: '6d 6h' };
const winnings = (r: ReturnType<typeof replay>) => r.result?.pots.map((p) => p.winners);

describe('positions and order of play (R-HE-3)', () => {
  it('R-HE-3: left of the button posts the small blind, next the big blind; first to act is left of the big blind', () => {
    const st = startFromRecord(record({ seats: seats(5000, 5000, 5000, 5000), button: 1, holes: HOLES, board: BOARD }));
    expect(st.postings).toEqual([
      { seat: 2, kind: 'small-blind', amount: 100 },
      { seat: 3, kind: 'big-blind', amount: 200 },
    ]);
    expect(legalActions(st)?.seat).toBe(4);
  });

  it('R-HE-3: the big blind has the option when everyone calls; after the flop the first live seat left of the button acts', () => {
    const r = replay(
      record({
        seats: seats(5000, 5000, 5000, 5000),
        button: 1,
        holes: HOLES,
        board: BOARD,
        actions: [a(4, 'call'), a(1, 'call'), a(2, 'call')],
      }),
    );
    expect(r.next).toMatchObject({ seat: 3, actions: ['fold', 'check', 'raise', 'allin'], minTo: 400 });
    const after = replay(
      record({
        seats: seats(5000, 5000, 5000, 5000),
        button: 1,
        holes: HOLES,
        board: BOARD,
        actions: [a(4, 'call'), a(1, 'call'), a(2, 'fold'), a(3, 'check')],
      }),
    );
    expect(after.state.street).toBe('flop');
    expect(after.next?.seat).toBe(3);
  });

  it('R-HE-3: heads-up the button posts the small blind and acts first before the flop, last after it', () => {
    const r = replay(record({ seats: seats(5000, 5000), button: 2, holes: HOLES, board: BOARD, actions: [a(2, 'call'), a(1, 'check')] }));
    expect(r.state.postings).toEqual([
      { seat: 2, kind: 'small-blind', amount: 100 },
      { seat: 1, kind: 'big-blind', amount: 200 },
    ]);
    expect(r.steps[0]?.legal.seat).toBe(2);
    expect(r.state.street).toBe('flop');
    expect(r.next?.seat).toBe(1);
  });

  it('deals one card at a time from the left of the button, burns before flop, turn and river', () => {
    const deck = '2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d';
    const r = replay(
      record({
        seats: seats(5000, 5000, 5000),
        button: 3,
        deck,
        actions: [
          a(3, 'call'),
          a(1, 'call'),
          a(2, 'check'),
          a(1, 'check'),
          a(2, 'check'),
          a(3, 'check'),
          a(1, 'check'),
          a(2, 'check'),
          a(3, 'check'),
          a(1, 'check'),
          a(2, 'check'),
          a(3, 'check'),
        ],
      }),
    );
    const holes = Object.fromEntries(r.state.seats.map((s) => [s.seat, s.cards.map(cardToString).join(' ')]));
    expect(holes).toEqual({ 1: '2c 5c', 2: '3c 6c', 3: '4c 7c' });
    // 8c burnt, flop 9c Tc Jc, Qc burnt, turn Kc, Ac burnt, river 2d.
    expect(r.result?.board.map(cardToString)).toEqual(['9c', 'Tc', 'Jc', 'Kc', '2d']);
  });
});

describe('antes (R-HE-4)', () => {
  it('R-HE-4: classic ante: every seat pays it before the blinds', () => {
    const st = startFromRecord(
      record({ seats: seats(5000, 5000, 5000), button: 1, holes: HOLES, board: BOARD, blinds: { ante: 25, anteType: 'classic' } }),
    );
    expect(st.postings.filter((p) => p.kind === 'ante')).toHaveLength(3);
    expect(st.seats.map((s) => s.total)).toEqual([25, 125, 225]);
  });

  it('R-HE-4: BB ante: the big blind pays the ante once for the table; the blind comes first when short', () => {
    const st = startFromRecord(
      record({ seats: seats(5000, 5000, 5000), button: 1, holes: HOLES, board: BOARD, blinds: { ante: 200, anteType: 'bb' } }),
    );
    expect(st.postings).toEqual([
      { seat: 2, kind: 'small-blind', amount: 100 },
      { seat: 3, kind: 'big-blind', amount: 200 },
      { seat: 3, kind: 'ante', amount: 200 },
    ]);
    const short = startFromRecord(
      record({ seats: seats(5000, 5000, 300), button: 1, holes: HOLES, board: BOARD, blinds: { ante: 200, anteType: 'bb' } }),
    );
    expect(short.postings.filter((p) => p.seat === 3)).toEqual([
      { seat: 3, kind: 'big-blind', amount: 200 },
      { seat: 3, kind: 'ante', amount: 100 },
    ]);
  });

  // Blinds 5/10, BB ante 10, button seat 1: seat 2 posts the small blind, seat 3 the big blind and the ante.
  const bbAnte = (actions: ReturnType<typeof a>[]) =>
    replay(
      record({
        seats: seats(1000, 1000, 1000),
        button: 1,
        holes: { 1: 'Ah Ad', 2: 'Ks Kh', 3: 'Qs Qh' },
        board: BOARD,
        blinds: { smallBlind: 5, bigBlind: 10, ante: 10, anteType: 'bb' },
        actions,
      }),
    );
  const checkedDown = [2, 3, 1].flatMap(() => [a(2, 'check'), a(3, 'check'), a(1, 'check')]);

  it("R-HE-4: the BB ante is dead money in the main pot, not an uncalled part of the big blind's bet", () => {
    const r = bbAnte([a(1, 'call'), a(2, 'call'), a(3, 'check'), ...checkedDown]);
    expect(r.result?.pots.map((p) => [p.amount, p.uncalled, p.winners])).toEqual([[40, false, [{ seat: 1, amount: 40 }]]]);
    expect(r.result?.stacks.map((s) => s.end)).toEqual([1030, 990, 980]);
  });

  it('R-HE-4: with a raise the BB ante stays in the pot: raise to 30, fold, call make 75', () => {
    const r = bbAnte([a(1, 'raise', 30), a(2, 'fold'), a(3, 'call'), ...checkedDown.filter((x) => x.seat !== 2)]);
    expect(r.result?.pots.map((p) => [p.amount, p.uncalled, p.winners])).toEqual([[75, false, [{ seat: 1, amount: 75 }]]]);
    expect(r.result?.stacks.map((s) => s.end)).toEqual([1045, 995, 960]);
  });

  it("R-HE-4: the BB ante is not matched: the big blind's option is to check at 10, and a walk gives it the pot", () => {
    expect(bbAnte([a(1, 'call'), a(2, 'call')]).next).toMatchObject({ seat: 3, toCall: 0, actions: ['fold', 'check', 'raise', 'allin'] });
    const walk = bbAnte([a(1, 'fold'), a(2, 'fold')]);
    // The small blind's 5 is won, the big blind's unmatched 5 returned, its ante won back with the pot.
    expect(walk.result?.pots.map((p) => [p.amount, p.uncalled])).toEqual([
      [20, false],
      [5, true],
    ]);
    expect(walk.result?.stacks.map((s) => s.end)).toEqual([1000, 995, 1005]);
  });

  it('R-HE-4: no ante: only the blinds; an ante with type none is refused', () => {
    const st = startFromRecord(record({ seats: seats(5000, 5000, 5000), button: 1, holes: HOLES, board: BOARD }));
    expect(st.postings.map((p) => p.kind)).toEqual(['small-blind', 'big-blind']);
    expect(() =>
      startFromRecord(record({ seats: seats(5000, 5000), button: 1, holes: HOLES, blinds: { ante: 25, anteType: 'none' } })),
    ).toThrow(/ante must be 0/);
  });
});

describe('betting (R-HE-5, R-HE-6, R-HE-9)', () => {
  it('R-HE-5: BB 200, raise to 600, the next minimum raise is to 1000', () => {
    const base = { seats: seats(10000, 10000, 10000, 10000), button: 1, holes: HOLES, board: BOARD };
    const r = replay(record({ ...base, actions: [a(4, 'raise', 600)] }));
    expect(r.next).toMatchObject({ seat: 1, minTo: 1000, maxTo: 10000 });
    expect(() => replay(record({ ...base, actions: [a(4, 'raise', 600), a(1, 'raise', 999)] }))).toThrow(
      /actions\[1\]: seat 1 cannot raise to 999; legal: fold, call 600, raise to 1000\.\.10000/,
    );
    const ok = replay(record({ ...base, actions: [a(4, 'raise', 600), a(1, 'raise', 1000)] }));
    expect(ok.next).toMatchObject({ seat: 2, minTo: 1400 });
  });

  it('R-HE-5: the first bet of a street is at least the big blind; a raise below the minimum is refused', () => {
    const base = {
      seats: seats(10000, 10000, 10000),
      button: 1,
      holes: HOLES,
      board: BOARD,
      actions: [a(1, 'call'), a(2, 'call'), a(3, 'check')],
    };
    expect(replay(record(base)).next).toMatchObject({ seat: 2, actions: ['fold', 'check', 'bet', 'allin'], minTo: 200 });
    expect(() => replay(record({ ...base, actions: [...base.actions, a(2, 'bet', 150)] }))).toThrow(/cannot bet to 150/);
    expect(() => replay(record({ ...base, actions: [...base.actions, a(2, 'raise', 400)] }))).toThrow(
      /cannot raise: nobody has bet on this street/,
    );
  });

  it('R-HE-6: a short all-in does not reopen the betting for seats that already acted', () => {
    // Seat 4 raises to 600, seat 1 calls; the small blind (800 chips) goes all-in: 200 more is less than a full raise of 400.
    const base = { seats: seats(10000, 800, 10000, 10000), button: 1, holes: HOLES, board: BOARD };
    const acts = [a(4, 'raise', 600), a(1, 'call'), a(2, 'allin')];
    const r = replay(record({ ...base, actions: acts }));
    // The big blind has not acted: it may raise (to 800 + 400).
    expect(r.next).toMatchObject({ seat: 3, actions: ['fold', 'call', 'raise', 'allin'], minTo: 1200 });
    const back = replay(record({ ...base, actions: [...acts, a(3, 'call')] }));
    expect(back.next).toEqual({ seat: 4, toCall: 200, actions: ['fold', 'call'] });
    expect(() => replay(record({ ...base, actions: [...acts, a(3, 'call'), a(4, 'raise', 1200)] }))).toThrow(
      /actions\[4\]: seat 4 cannot raise here; legal: fold, call 200/,
    );
  });

  it('R-HE-6: short all-ins that add up to a full raise reopen the betting', () => {
    // Postflop: seat 2 bets 200; seat 3 all-in 300 (short), seat 4 all-in 420: seat 2 faces 220 more >= 200.
    const pre = [a(4, 'call'), a(1, 'call'), a(2, 'call'), a(3, 'check')];
    const base = { seats: seats(10000, 10000, 500, 620), button: 1, holes: HOLES, board: BOARD };
    const r = replay(record({ ...base, actions: [...pre, a(2, 'bet', 200), a(3, 'allin'), a(4, 'allin'), a(1, 'call')] }));
    expect(r.next).toMatchObject({ seat: 2, actions: ['fold', 'call', 'raise', 'allin'], minTo: 620 });
  });

  it('R-HE-9: a timeout checks when there is nothing to call and folds when there is', () => {
    const base = { seats: seats(10000, 10000, 10000), button: 1, holes: HOLES, board: BOARD };
    const r = replay(record({ ...base, actions: [a(1, 'timeout'), a(2, 'call'), a(3, 'timeout')] }));
    expect(r.steps.map((s) => s.done)).toEqual(['fold', 'call', 'check']);
    expect(r.state.seats[0]?.folded).toBe(true);
    expect(r.state.street).toBe('flop');
  });

  it('pot limit: the largest raise is the pot after calling; pot-limit-preflop is no limit after the flop', () => {
    const base = { seats: seats(10000, 10000, 10000), button: 1, holes: HOLES, board: BOARD };
    expect(replay(record({ ...base, betting: 'pot-limit' })).next).toMatchObject({
      seat: 1,
      minTo: 400,
      maxTo: 700,
      actions: ['fold', 'call', 'raise'],
    });
    expect(() => replay(record({ ...base, betting: 'pot-limit', actions: [a(1, 'raise', 701)] }))).toThrow(/cannot raise to 701/);
    const flop = [a(1, 'call'), a(2, 'call'), a(3, 'check')];
    expect(replay(record({ ...base, betting: 'pot-limit', actions: flop })).next).toMatchObject({ seat: 2, maxTo: 600 });
    expect(replay(record({ ...base, betting: 'pot-limit-preflop', actions: flop })).next).toMatchObject({
      seat: 2,
      maxTo: 9800,
      allInTo: 9800,
    });
  });

  it('refuses an action out of turn and any action after the hand is over', () => {
    const base = { seats: seats(10000, 10000, 10000), button: 1, holes: HOLES, board: BOARD };
    try {
      replay(record({ ...base, actions: [a(2, 'call')] }));
      expect.fail('out of turn passed');
    } catch (e) {
      expect(isDomainError(e) && e.code).toBe('ACTION_ILLEGAL');
      expect(isDomainError(e) && e.errors?.[0]?.field).toBe('actions[0]');
      expect((e as Error).message).toContain('seat 2 is not to act: seat 1 is');
    }
    expect(() => replay(record({ ...base, actions: [a(1, 'fold'), a(2, 'fold'), a(3, 'check')] }))).toThrow(
      /actions\[2\]: the hand is over/,
    );
  });
});

describe('pots (R-HE-7, R-HE-8)', () => {
  it('R-HE-8: A all-in for 1000, B and C go to 3000 each: main pot 3000 for all three, side pot 4000 for B and C', () => {
    // Seat 1 = A (button, first to act three-handed), 2 = B (small blind), 3 = C (big blind).
    const acts = [
      a(1, 'allin'),
      a(2, 'call'),
      a(3, 'call'),
      a(2, 'bet', 2000),
      a(3, 'call'),
      a(2, 'check'),
      a(3, 'check'),
      a(2, 'check'),
      a(3, 'check'),
    ];
    const r = replay(record({ seats: seats(1000, 5000, 5000), button: 1, holes: HOLES, board: BOARD, actions: acts }));
    expect(r.result?.pots.map((p) => ({ amount: p.amount, eligible: p.eligible }))).toEqual([
      { amount: 3000, eligible: [2, 3, 1] },
      { amount: 4000, eligible: [2, 3] },
    ]);
    // A (aces) takes the main pot only; B (kings) the side pot.
    expect(winnings(r)).toEqual([[{ seat: 1, amount: 3000 }], [{ seat: 2, amount: 4000 }]]);
    expect(r.result?.stacks.map((s) => s.end)).toEqual([3000, 6000, 2000]);
  });

  it('R-HE-8: three all-ins of different sizes make a main pot and two side pots', () => {
    // Seat 4 best (aces), then 5, 6 (kings, queens); seat 4 has the least chips.
    const holes = { 1: 'Td 3s', 2: '8d 5s', 3: '6d 6h', 4: 'As Ah', 5: 'Ks Kh', 6: 'Qs Qh' };
    const acts = [a(4, 'allin'), a(5, 'allin'), a(6, 'allin'), a(1, 'fold'), a(2, 'fold'), a(3, 'fold')];
    const r = replay(record({ seats: seats(5000, 5000, 5000, 500, 1500, 4000), button: 1, holes, board: BOARD, actions: acts }));
    expect(r.result?.pots.map((p) => [p.amount, p.eligible, p.uncalled])).toEqual([
      [500 * 3 + 100 + 200, [4, 5, 6], false],
      [1000 * 2, [5, 6], false],
      [2500, [6], true],
    ]);
    expect(winnings(r)).toEqual([[{ seat: 4, amount: 1800 }], [{ seat: 5, amount: 2000 }], [{ seat: 6, amount: 2500 }]]);
  });

  it('R-HE-7: a split pot gives the odd chip to the first winner clockwise from the button', () => {
    // Royal flush on the board: everyone left splits. Blinds 25/50; seat 1 (SB) folds: 125 between seats 2 and 3.
    const board = 'Ts Js Qs Ks As';
    const holes = { 1: '2c 3c', 2: '4d 5d', 3: '6h 7h' };
    const r = replay(
      record({
        seats: seats(1000, 1000, 1000),
        button: 3,
        holes,
        board,
        blinds: { smallBlind: 25, bigBlind: 50 },
        actions: [
          a(3, 'call'),
          a(1, 'fold'),
          a(2, 'check'),
          a(2, 'check'),
          a(3, 'check'),
          a(2, 'check'),
          a(3, 'check'),
          a(2, 'check'),
          a(3, 'check'),
        ],
      }),
    );
    expect(winnings(r)).toEqual([
      [
        { seat: 2, amount: 63 },
        { seat: 3, amount: 62 },
      ],
    ]);
    // Three ways, 2 odd chips: one each to the first two winners clockwise from the button (seat 2 is the button).
    const three = replay(
      record({
        seats: seats(1000, 1000, 1000),
        button: 2,
        holes,
        board,
        blinds: { smallBlind: 25, bigBlind: 50, ante: 1, anteType: 'classic' },
        actions: [a(2, 'call'), a(3, 'call'), a(1, 'check'), ...[3, 1, 2, 3, 1, 2, 3, 1, 2].map((s) => a(s, 'check'))],
      }),
    );
    expect(three.result?.pots[0]?.amount).toBe(153);
    expect(winnings(three)).toEqual([
      [
        { seat: 3, amount: 51 },
        { seat: 1, amount: 51 },
        { seat: 2, amount: 51 },
      ],
    ]);
    const four = replay(
      record({
        seats: seats(1000, 1000, 1000),
        button: 2,
        holes,
        board,
        blinds: { smallBlind: 25, bigBlind: 50, ante: 2, anteType: 'classic' },
        actions: [a(2, 'call'), a(3, 'call'), a(1, 'check'), ...[3, 1, 2, 3, 1, 2, 3, 1, 2].map((s) => a(s, 'check'))],
      }),
    );
    expect(winnings(four)).toEqual([
      [
        { seat: 3, amount: 52 },
        { seat: 1, amount: 52 },
        { seat: 2, amount: 52 },
      ],
    ]);
  });

  it('R-HE-2: identical best five split exactly; an unmatched bet goes back uncalled', () => {
    const holes = { 1: 'Ah 2d', 2: 'Ac 3d' };
    const r = replay(
      record({
        seats: seats(5000, 5000),
        button: 1,
        holes,
        board: 'Kc Qd Js 9h 8c',
        actions: [a(1, 'call'), a(2, 'check'), ...[2, 1, 2, 1, 2, 1].map((s) => a(s, 'check'))],
      }),
    );
    expect(winnings(r)).toEqual([
      [
        { seat: 2, amount: 200 },
        { seat: 1, amount: 200 },
      ],
    ]);
    const fold = replay(
      record({
        seats: seats(5000, 5000, 5000),
        button: 1,
        holes: HOLES,
        board: BOARD,
        actions: [a(1, 'raise', 600), a(2, 'fold'), a(3, 'fold')],
      }),
    );
    expect(fold.result?.pots.map((p) => [p.amount, p.uncalled, p.winners])).toEqual([
      [500, false, [{ seat: 1, amount: 500 }]],
      [400, true, [{ seat: 1, amount: 400 }]],
    ]);
    expect(fold.result?.shown).toEqual([]);
  });
});

describe('Duplicate Poker options (R-DUP-2, R-DUP-5)', () => {
  it('R-DUP-5: an empty seat posts its blind as dead money and never acts; chips stay conserved', () => {
    const s = [...seats(5000, 5000, 5000), { seat: 4, stack: 5000, empty: true }];
    const rec = record({ seats: s, button: 2, holes: HOLES, board: BOARD, options: { postForEmptySeats: true } });
    const st = startFromRecord(rec);
    expect(st.postings).toEqual([
      { seat: 3, kind: 'small-blind', amount: 100 },
      { seat: 4, kind: 'big-blind', amount: 200 },
    ]);
    expect(legalActions(st)?.seat).toBe(1);
    const r = replay({ ...rec, actions: [a(1, 'fold'), a(2, 'fold')] });
    // R-HE-8: the small blind covered 100 of the dead 200; the 100 nobody live matched goes back to the seat.
    expect(r.result?.pots.map((p) => [p.amount, p.winners, p.uncalled])).toEqual([
      [200, [{ seat: 3, amount: 200 }], false],
      [100, [{ seat: 4, amount: 100 }], true],
    ]);
    expect(r.result?.stacks.find((x) => x.seat === 3)?.net).toBe(100);
    expect(chipsInPlay(r.state)).toBe(20000);
  });

  it('R-DUP-2: with cards dealt to empty seats, a pre-arranged deck gives each seat number the same cards at every table', () => {
    const deck = 'Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h Ad Kd Qd';
    const full = startFromRecord(record({ seats: seats(5000, 5000, 5000, 5000), button: 4, deck }));
    const s = seats(5000, 5000, 5000, 5000);
    s[2] = { seat: 3, stack: 0, empty: true };
    const short = startFromRecord(record({ seats: s, button: 4, deck, options: { dealToEmptySeats: true } }));
    const cards = (st: typeof full) => Object.fromEntries(st.seats.map((x) => [x.seat, x.cards.map(cardToString).join(' ')]));
    expect(cards(short)).toEqual(cards(full));
    expect(short.seats.find((x) => x.seat === 3)?.inHand).toBe(false);
  });
});
