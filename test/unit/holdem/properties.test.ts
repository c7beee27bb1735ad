import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IllegalActionError, applyAction, chipsInPlay, legalActions } from '../../../domain/holdem/hand';
import type { HandState } from '../../../domain/holdem/hand';
import { replay, type HandRecordV1 } from '../../../domain/holdem/record';
import { PROPERTY_TEST } from '../../support/property';
import { playRandomHand } from './random-play';

const setupArb = fc.record({
  stacks: fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 2, maxLength: 9 }),
  buttonPick: fc.nat(),
  sb: fc.integer({ min: 1, max: 300 }),
  bbExtra: fc.integer({ min: 0, max: 300 }),
  ante: fc.integer({ min: 0, max: 100 }),
  anteType: fc.constantFrom('none', 'classic', 'bb' as const),
  betting: fc.constantFrom('no-limit', 'pot-limit', 'pot-limit-preflop' as const),
  empty: fc.boolean(),
  seed: fc.string({ minLength: 1, maxLength: 12 }),
  play: fc.integer(),
});

type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

function toRecord(s: Setup): HandRecordV1 {
  const seats: HandRecordV1['seats'] = s.stacks.map((stack, i) => ({ seat: i + 1, name: `P${i + 1}`, stack }));
  // Sometimes an empty seat that posts (R-DUP-5), with cards dealt to it (R-DUP-2).
  if (s.empty) seats.push({ seat: seats.length + 1, stack: 5_000, empty: true });
  const playing = s.stacks.length;
  return {
    v: 1,
    betting: s.betting as HandRecordV1['betting'],
    blinds: {
      smallBlind: s.sb,
      bigBlind: s.sb + s.bbExtra,
      ante: s.anteType === 'none' ? 0 : s.ante,
      anteType: s.anteType as HandRecordV1['blinds']['anteType'],
    },
    button: (s.buttonPick % playing) + 1,
    seats,
    options: { postForEmptySeats: s.empty, dealToEmptySeats: s.empty },
    cards: { seed: s.seed },
    actions: [],
  };
}

const total = (st: HandState) => st.seats.reduce((a, s) => a + s.startStack, 0);

describe('hand properties (random legal play)', () => {
  it('chips are conserved after every action; stacks never go below 0; pots are paid out in full', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(setupArb, (s) => {
        const rec = toRecord(s);
        const { state } = playRandomHand(rec, s.play, (st) => {
          expect(chipsInPlay(st)).toBe(total(st));
          for (const seat of st.seats) expect(seat.stack).toBeGreaterThanOrEqual(0);
        });
        expect(state.complete).toBe(true);
        const r = state.result;
        if (!r) throw new Error('no result');
        const paid = r.pots.reduce((a, p) => a + p.winners.reduce((b, w) => b + w.amount, 0), 0);
        expect(paid).toBe(state.seats.reduce((a, x) => a + x.total, 0));
        for (const p of r.pots) {
          expect(p.winners.reduce((b, w) => b + w.amount, 0)).toBe(p.amount);
          for (const w of p.winners) expect(p.eligible).toContain(w.seat);
          // R-HE-7: shares differ by at most one chip, the larger ones first from the button.
          const amounts = p.winners.map((w) => w.amount);
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
          expect([...amounts].sort((x, y) => y - x)).toEqual(amounts);
        }
        expect(r.stacks.reduce((a, x) => a + x.end, 0)).toBe(total(state));
      }),
      { numRuns: 300 },
    );
  });

  it('R-HE-8: no seat wins more from a pot than each other seat could lose to it', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(setupArb, (s) => {
        const { state } = playRandomHand(toRecord(s), s.play);
        const r = state.result;
        if (!r) throw new Error('no result');
        // A seat that bet T can win at most T from every other seat's bets, and the dead money (the BB ante,
        // R-HE-4), which is nobody's bet and goes with the main pot.
        const bet = (o: HandState['seats'][number]) => o.total - o.dead;
        const dead = state.seats.reduce((a, o) => a + o.dead, 0);
        for (const x of state.seats) {
          const won = r.pots
            .flatMap((p) => p.winners)
            .filter((w) => w.seat === x.seat)
            .reduce((a, w) => a + w.amount, 0);
          const cap = state.seats.reduce((a, o) => a + Math.min(bet(o), bet(x)), 0) + dead;
          if (x.total > 0 || won > 0) expect(won).toBeLessThanOrEqual(Math.max(cap, x.total));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a recorded hand replays to the same pots, winners and stacks, also after a JSON round trip', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(setupArb, (s) => {
        const { record, state } = playRandomHand(toRecord(s), s.play);
        const again = replay(JSON.parse(JSON.stringify(record)) as HandRecordV1);
        expect(again.result).toEqual(state.result);
        expect(again.steps).toHaveLength(record.actions.length);
        expect(again.next).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('R-HE-5: an action outside the legal ones is refused at that point and changes nothing', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(setupArb, fc.nat(), (s, stopAt) => {
        let tried = 0;
        playRandomHand(toRecord(s), s.play, (st) => {
          const l = legalActions(st);
          if (!l || tried > 0 || st.log.length < stopAt % 6) return;
          tried++;
          const before = JSON.stringify(st);
          const wrong = [
            { seat: l.seat === st.seats[0]?.seat ? (st.seats[1]?.seat as number) : (st.seats[0]?.seat as number), type: 'fold' as const },
            l.actions.includes('check') ? { seat: l.seat, type: 'call' as const } : { seat: l.seat, type: 'check' as const },
            ...(l.minTo !== undefined && l.minTo - 1 > st.currentBet && l.minTo - 1 !== l.allInTo
              ? [{ seat: l.seat, type: st.currentBet ? ('raise' as const) : ('bet' as const), to: l.minTo - 1 }]
              : []),
            ...(l.maxTo !== undefined
              ? [{ seat: l.seat, type: st.currentBet ? ('raise' as const) : ('bet' as const), to: l.maxTo + 1 }]
              : []),
          ];
          for (const action of wrong) {
            expect(() => applyAction(st, action)).toThrow(IllegalActionError);
            expect(JSON.stringify(st)).toBe(before);
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});
