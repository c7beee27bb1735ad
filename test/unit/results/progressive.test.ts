import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bountyCredits,
  bountyPointsOfPlayer,
  cancelKnockout,
  emptyKnockoutsState,
  progressiveLedger,
  recordKnockout,
  results,
  resultsToCsv,
  type EntryRef,
  type KnockoutsState,
  type ProgressiveSettings,
} from '../../../domain/results';
import { MINUTE, T0, at, entry, field, makeCtx, setStatus } from './fixtures';
import { PROPERTY_TEST } from '../../support/property';

const PKO: ProgressiveSettings = { initialBounty: 100, collectPercent: 50 };

function play(cmds: { busted: string[]; killers: string[] }[], entries: EntryRef[] = field(5), mode: 'both' | 'primary_only' = 'both') {
  const ctx = makeCtx();
  let state: KnockoutsState = emptyKnockoutsState();
  const ids: string[] = [];
  for (const cmd of cmds) {
    const r = recordKnockout(state, entries, cmd, ctx, { twoKillerCredit: mode });
    state = r.state;
    entries = setStatus(entries, r.bust, 'busted');
    ids.push(...r.knockouts.map((k) => k.id));
  }
  return { ctx, state, entries, ids };
}

describe('progressive knockout (R-BTY-3)', () => {
  it('R-BTY-3: the killer collects half of the busted bounty and the other half goes onto his own bounty', () => {
    const { state, ids } = play([
      { busted: ['e5'], killers: ['e1'] },
      { busted: ['e1'], killers: ['e2'] },
    ]);
    const l = progressiveLedger(state, PKO);
    expect(l.byKnockout[ids[0] as string]).toEqual({
      bustedBounty: 100,
      shares: [{ entryId: 'e1', playerId: 'p1', collected: 50, added: 50 }],
      unawarded: 0,
    });
    // e1 went out carrying 150: e2 collects 75 and carries 175.
    expect(l.byKnockout[ids[1] as string]?.bustedBounty).toBe(150);
    expect(l.collected).toEqual({ e1: 50, e2: 75 });
    expect(l.bounty).toEqual({ e1: 150, e2: 175 });
  });

  it('R-BTY-3: the split is a setting; the killer collects floor(share) and the rest is added to his bounty', () => {
    const { state, ids } = play([{ busted: ['e5'], killers: ['e1'] }]);
    const l = progressiveLedger(state, { initialBounty: 99, collectPercent: 30 });
    expect(l.byKnockout[ids[0] as string]?.shares).toEqual([{ entryId: 'e1', playerId: 'p1', collected: 29, added: 70 }]);
    expect(progressiveLedger(state, { initialBounty: 100, collectPercent: 100 }).bounty).toEqual({ e1: 100 });
  });

  it('R-BTY-3, R-KO-3: two killers share both parts, the primary taking the odd point; primary_only leaves a half unawarded', () => {
    const both = play([{ busted: ['e5'], killers: ['e1', 'e2'] }], field(5));
    const l = progressiveLedger(both.state, { initialBounty: 101, collectPercent: 50 });
    expect(l.byKnockout[both.ids[0] as string]).toEqual({
      bustedBounty: 101,
      shares: [
        { entryId: 'e1', playerId: 'p1', collected: 25, added: 26 },
        { entryId: 'e2', playerId: 'p2', collected: 25, added: 25 },
      ],
      unawarded: 0,
    });
    const primary = play([{ busted: ['e5'], killers: ['e1', 'e2'] }], field(5), 'primary_only');
    const p = progressiveLedger(primary.state, PKO);
    expect(p.byKnockout[primary.ids[0] as string]).toEqual({
      bustedBounty: 100,
      shares: [{ entryId: 'e1', playerId: 'p1', collected: 25, added: 25 }],
      unawarded: 50,
    });
  });

  it('R-BTY-3, R-REENTRY-6: a re-entry starts with the initial bounty; a player wins the points of all his entries', () => {
    const entries = [...field(3), entry('e1b', 'p1', 2, 'active', T0 + 1)];
    // e1 busts e3 (collects 50, carries 150), e2 busts e1 (collects 75), p1 re-enters as e1b and busts e2 (175).
    const { state } = play(
      [
        { busted: ['e3'], killers: ['e1'] },
        { busted: ['e1'], killers: ['e2'] },
        { busted: ['e2'], killers: ['e1b'] },
      ],
      entries,
    );
    const l = progressiveLedger(state, PKO);
    expect(l.byKnockout[Object.values(state.knockouts).find((k) => k.bustedEntryId === 'e2')!.id]?.bustedBounty).toBe(175);
    expect(l.collected).toEqual({ e1: 50, e2: 75, e1b: 87 });
    // e1b started at 100, not at e1's 150.
    expect(l.bounty.e1b).toBe(100 + 88);
  });

  it('R-BTY-3, R-KO-6: cancelling a knockout restores every value, those of later knockouts included', () => {
    const { ctx, state, entries, ids } = play([
      { busted: ['e5'], killers: ['e1'] },
      { busted: ['e1'], killers: ['e2'] },
    ]);
    const before = progressiveLedger(emptyKnockoutsState(), PKO);
    const c = cancelKnockout(state, entries, { knockoutId: ids[0] as string }, at(ctx, T0 + MINUTE));
    const l = progressiveLedger(c.state, PKO);
    // As if e5 had never gone out: e1 carried 100 when busted, so e2 collected 50.
    expect(l.collected).toEqual({ e2: 50 });
    expect(l.bounty).toEqual({ e2: 150 });
    expect(l.byKnockout[ids[0] as string]).toBeUndefined();
    expect(before.bounty).toEqual({});
  });

  it('R-BTY-2, R-BTY-3: results show bounty points per player, the champion taking his own bounty; as_classic shows credits', () => {
    const { state, entries } = play([
      { busted: ['e5'], killers: ['e1'] },
      { busted: ['e4'], killers: ['e1', 'e2'] },
      { busted: ['e3'], killers: ['e2'] },
      { busted: ['e2'], killers: ['e1'] },
    ]);
    const rows = results(state, entries, [], { type: 'progressive', progressiveMode: 'accumulate', progressive: PKO });
    // e1: 50 (e5) + 25 (e4 half) + e2's bounty 100+25+50=175 -> 87; own bounty 100+50+25+88 = 263.
    expect(rows.map((r) => [r.place, r.playerId, r.bountyPoints])).toEqual([
      [1, 'p1', 50 + 25 + 87 + 263],
      [2, 'p2', 25 + 50],
      [3, 'p3', 0],
      [4, 'p4', 0],
      [5, 'p5', 0],
    ]);
    expect(rows.reduce((s, r) => s + (r.bountyPoints ?? 0), 0)).toBe(500);
    expect(rows.every((r) => r.bounties === undefined)).toBe(true);
    const classic = results(state, entries, [], { type: 'progressive', progressiveMode: 'as_classic' });
    expect(classic.map((r) => r.bounties)).toEqual([2.5, 1.5, 0, 0, 0]);
    expect(classic.every((r) => r.bountyPoints === undefined)).toBe(true);
    expect(resultsToCsv(rows, 'points').split('\r\n')[0]).toBe(
      '\uFEFFplace,playerId,displayName,entryIds,lastEntryId,knockouts,bountyPoints,prize',
    );
  });

  it('R-BTY-3 (as_classic): a progressive bounty set to count as classic sums the credits', () => {
    const { state } = play([{ busted: ['e5'], killers: ['e1', 'e2'] }]);
    expect(bountyCredits(state, { type: 'progressive', progressiveMode: 'as_classic' })).toEqual({ e1: 0.5, e2: 0.5 });
  });

  it('R-BTY-3, R-MONEY-1: points are conserved: the points won plus the unawarded ones are the bounties put in', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom<'both' | 'primary_only'>('both', 'primary_only'),
        fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
        (n, initialBounty, collectPercent, mode, choices) => {
          let i = 0;
          const pick = (k: number) => (choices[i++ % choices.length] ?? 0) % k;
          const ctx = makeCtx();
          let entries = field(n);
          let state = emptyKnockoutsState();
          while (entries.filter((e) => e.status === 'active').length > 1) {
            const active = entries.filter((e) => e.status === 'active');
            const busted = active[pick(active.length)] as EntryRef;
            const others = active.filter((e) => e !== busted);
            const killers = others.length > 1 && pick(3) === 0 ? [others[0], others[1]] : [others[pick(others.length)]];
            const r = recordKnockout(state, entries, { busted: [busted.id], killers: killers.map((k) => (k as EntryRef).id) }, ctx, {
              twoKillerCredit: mode,
            });
            state = r.state;
            entries = setStatus(entries, r.bust, 'busted');
          }
          const settings = { initialBounty, collectPercent };
          const l = progressiveLedger(state, settings);
          const won = entries.reduce((s, e) => s + bountyPointsOfPlayer(l, settings, entries, [e.id], e.status === 'active'), 0);
          const unawarded = Object.values(l.byKnockout).reduce((s, k) => s + k.unawarded, 0);
          expect(won + unawarded).toBe(n * initialBounty);
          if (mode === 'both') expect(unawarded).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
