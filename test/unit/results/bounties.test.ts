import { describe, expect, it } from 'vitest';
import {
  BOUNTY_TYPES,
  bountyCredits,
  creditsByEntry,
  emptyKnockoutsState,
  mysteryEnabled,
  recordKnockout,
  type EntryRef,
  type KnockoutsState,
} from '../../../domain/results';
import { field, makeCtx, setStatus } from './fixtures';

/** p1 busts p5 alone, p1 and p2 bust p4 together, p2 busts p3 alone. */
function history(): { state: KnockoutsState; entries: EntryRef[] } {
  const ctx = makeCtx();
  let entries = field(5);
  let state = emptyKnockoutsState();
  for (const cmd of [
    { busted: ['e5'], killers: ['e1'] },
    { busted: ['e4'], killers: ['e1', 'e2'] },
    { busted: ['e3'], killers: ['e2'] },
  ]) {
    const r = recordKnockout(state, entries, cmd, ctx);
    state = r.state;
    entries = setStatus(entries, r.bust, 'busted');
  }
  return { state, entries };
}

describe('bounties', () => {
  it('R-BTY-1: the four bounty types are none, classic, progressive and mystery', () => {
    expect(BOUNTY_TYPES).toEqual(['none', 'classic', 'progressive', 'mystery']);
    expect(BOUNTY_TYPES.filter((t) => mysteryEnabled({ type: t }))).toEqual(['mystery']);
  });

  it('R-BTY-2: without a bounty, knockouts earn no bounty credit but still carry their credits for statistics', () => {
    const { state } = history();
    expect(bountyCredits(state, { type: 'none' })).toEqual({});
    expect(creditsByEntry(state)).toEqual({ e1: 1.5, e2: 1.5 });
  });

  it('R-BTY-2: a classic bounty sums the credits per killer entry', () => {
    const { state } = history();
    expect(bountyCredits(state, { type: 'classic' })).toEqual({ e1: 1.5, e2: 1.5 });
  });

  it('R-BTY-2: cancelled knockouts earn nothing', () => {
    const { state } = history();
    const ko = Object.values(state.knockouts).find((k) => k.bustedEntryId === 'e3')!;
    const cancelled: KnockoutsState = {
      ...state,
      knockouts: { ...state.knockouts, [ko.id]: { ...ko, status: 'cancelled' } },
    };
    expect(bountyCredits(cancelled, { type: 'classic' })).toEqual({ e1: 1.5, e2: 0.5 });
  });

  it('R-BTY-3 (as_classic): a progressive bounty without accumulation counts exactly like a classic one', () => {
    const { state } = history();
    expect(bountyCredits(state, { type: 'progressive' })).toEqual(bountyCredits(state, { type: 'classic' }));
    expect(bountyCredits(state, { type: 'progressive', progressiveMode: 'as_classic' })).toEqual({ e1: 1.5, e2: 1.5 });
  });

  it('R-BTY-2: a mystery bounty keeps the knockout credits as well', () => {
    const { state } = history();
    expect(bountyCredits(state, { type: 'mystery' })).toEqual({ e1: 1.5, e2: 1.5 });
  });
});
