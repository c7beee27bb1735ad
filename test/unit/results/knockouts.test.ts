import { plainCopy } from '../../support/freeze';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CANCEL_WINDOW_MS,
  cancelKnockout,
  drawMystery,
  emptyKnockoutsState,
  finalPlaces,
  recordKnockout,
} from '../../../domain/results';
import { MINUTE, T0, at, entry, expectRefusal, field, makeCtx, setStatus } from './fixtures';

describe('recordKnockout', () => {
  it('R-KO-1: records the busted entry once, with the killer, level, time and author, and asks to bust it', () => {
    const entries = field(4);
    const ctx = makeCtx();
    const { state, knockouts, bust, events } = recordKnockout(
      emptyKnockoutsState(),
      entries,
      { busted: ['e2'], killers: ['e1'], level: 7 },
      ctx,
    );
    expect(bust).toEqual(['e2']);
    expect(knockouts).toHaveLength(1);
    const ko = knockouts[0]!;
    expect(ko).toMatchObject({
      bustedEntryId: 'e2',
      bustedPlayerId: 'p2',
      eliminationNumber: 1,
      killers: [{ entryId: 'e1', playerId: 'p1', credit: 1 }],
      uncreditedKillers: [],
      level: 7,
      at: T0,
      by: 'user-dealer',
      status: 'active',
    });
    expect(state.knockouts[ko.id]).toEqual(ko);
    expect(state.nextEliminationNumber).toBe(2);
    expect(events).toEqual([
      {
        type: 'KnockoutRecorded',
        groupId: ko.groupId,
        eliminationNumber: 1,
        knockoutIds: [ko.id],
        bustedEntryIds: ['e2'],
        at: T0,
      },
    ]);
  });

  it('R-KO-1: an entry already busted is never recorded twice', () => {
    const ctx = makeCtx();
    const first = recordKnockout(emptyKnockoutsState(), field(3), { busted: ['e2'], killers: ['e1'] }, ctx);
    const entries = setStatus(field(3), first.bust, 'busted');
    expectRefusal(
      'ENTRY_NOT_ACTIVE',
      [first.state, entries],
      () => recordKnockout(first.state, entries, { busted: ['e2'], killers: ['e3'] }, ctx),
      'conflict',
    );
  });

  it('R-KO-1: an active knockout record blocks a second one even if the entry still reads active', () => {
    const ctx = makeCtx();
    const first = recordKnockout(emptyKnockoutsState(), field(3), { busted: ['e2'], killers: ['e1'] }, ctx);
    // The caller has not applied the bust yet: the log alone must prevent the duplicate.
    expectRefusal('ENTRY_NOT_ACTIVE', [first.state], () => recordKnockout(first.state, field(3), { busted: ['e2'], killers: ['e3'] }, ctx));
  });

  it('R-KO-1: a void entry cannot be knocked out', () => {
    const entries = [...field(2), entry('e3', 'p3', 1, 'void')];
    expectRefusal('ENTRY_NOT_ACTIVE', [entries], () =>
      recordKnockout(emptyKnockoutsState(), entries, { busted: ['e3'], killers: ['e1'] }, makeCtx()),
    );
  });

  it('R-KO-1: refuses an unknown busted or killer entry with ENTRY_NOT_FOUND', () => {
    const entries = field(3);
    const state = emptyKnockoutsState();
    expectRefusal(
      'ENTRY_NOT_FOUND',
      [state, entries],
      () => recordKnockout(state, entries, { busted: ['nope'], killers: ['e1'] }, makeCtx()),
      'not_found',
    );
    expectRefusal('ENTRY_NOT_FOUND', [state, entries], () =>
      recordKnockout(state, entries, { busted: ['e2'], killers: ['ghost'] }, makeCtx()),
    );
  });

  it('R-KO-2: later knockouts get higher elimination numbers', () => {
    let entries = field(4);
    let state = emptyKnockoutsState();
    const ctx = makeCtx();
    const numbers: number[] = [];
    for (const busted of ['e4', 'e3', 'e2']) {
      const r = recordKnockout(state, entries, { busted: [busted], killers: ['e1'] }, ctx);
      state = r.state;
      entries = setStatus(entries, r.bust, 'busted');
      numbers.push(r.knockouts[0]!.eliminationNumber);
    }
    expect(numbers).toEqual([1, 2, 3]);
    expect(finalPlaces(state, entries).map((r) => [r.playerId, r.place])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p3', 3],
      ['p4', 4],
    ]);
  });

  it('R-KO-3: a single killer gets a full credit of 1.0', () => {
    const r = recordKnockout(emptyKnockoutsState(), field(3), { busted: ['e3'], killers: ['e2'] }, makeCtx());
    expect(r.knockouts[0]!.killers).toEqual([{ entryId: 'e2', playerId: 'p2', credit: 1 }]);
  });

  it('R-KO-3: two killers each get 0.5 by default (both)', () => {
    const r = recordKnockout(emptyKnockoutsState(), field(3), { busted: ['e3'], killers: ['e1', 'e2'] }, makeCtx());
    expect(r.knockouts[0]!.killers).toEqual([
      { entryId: 'e1', playerId: 'p1', credit: 0.5 },
      { entryId: 'e2', playerId: 'p2', credit: 0.5 },
    ]);
    expect(r.knockouts[0]!.uncreditedKillers).toEqual([]);
  });

  it('R-KO-3 (DEBT): primary_only credits 0.5 to the primary and keeps the second killer for the audit only', () => {
    const r = recordKnockout(emptyKnockoutsState(), field(3), { busted: ['e3'], killers: ['e2', 'e1'] }, makeCtx(), {
      twoKillerCredit: 'primary_only',
    });
    expect(r.knockouts[0]!.killers).toEqual([{ entryId: 'e2', playerId: 'p2', credit: 0.5 }]);
    expect(r.knockouts[0]!.uncreditedKillers).toEqual([{ entryId: 'e1', playerId: 'p1' }]);
  });

  it('R-KO-3: three killers are refused with TOO_MANY_KILLERS', () => {
    const entries = field(5);
    const state = emptyKnockoutsState();
    expectRefusal(
      'TOO_MANY_KILLERS',
      [state, entries],
      () => recordKnockout(state, entries, { busted: ['e5'], killers: ['e1', 'e2', 'e3'] }, makeCtx()),
      'rule',
    );
  });

  it('R-KO-3: a knockout needs a killer, and names each entry once', () => {
    const entries = field(3);
    const state = emptyKnockoutsState();
    expectRefusal('KILLER_REQUIRED', [state, entries], () => recordKnockout(state, entries, { busted: ['e3'], killers: [] }, makeCtx()));
    expectRefusal('BUSTED_REQUIRED', [state, entries], () => recordKnockout(state, entries, { busted: [], killers: ['e1'] }, makeCtx()));
    expectRefusal('DUPLICATE_ENTRY', [state, entries], () =>
      recordKnockout(state, entries, { busted: ['e3'], killers: ['e1', 'e1'] }, makeCtx()),
    );
  });

  it('R-KO-4: several entries busted in one hand share one group and one elimination number', () => {
    let entries = field(8);
    const ctx = makeCtx();
    const first = recordKnockout(emptyKnockoutsState(), entries, { busted: ['e8'], killers: ['e1'] }, ctx);
    entries = setStatus(entries, first.bust, 'busted');
    const multi = recordKnockout(first.state, entries, { busted: ['e6', 'e7'], killers: ['e1'] }, ctx);
    expect(multi.bust).toEqual(['e6', 'e7']);
    expect(multi.knockouts).toHaveLength(2);
    const [a, b] = multi.knockouts;
    expect(a!.groupId).toBe(b!.groupId);
    expect(a!.eliminationNumber).toBe(2);
    expect(b!.eliminationNumber).toBe(2);
    expect(a!.id).not.toBe(b!.id);
    expect(multi.state.nextEliminationNumber).toBe(3);
  });

  it('R-KO-5: a player cannot knock out himself', () => {
    const entries = field(3);
    const state = emptyKnockoutsState();
    expectRefusal(
      'SELF_KNOCKOUT',
      [state, entries],
      () => recordKnockout(state, entries, { busted: ['e2'], killers: ['e2'] }, makeCtx()),
      'rule',
    );
    expectRefusal('SELF_KNOCKOUT', [state, entries], () =>
      recordKnockout(state, entries, { busted: ['e2', 'e3'], killers: ['e1', 'e3'] }, makeCtx()),
    );
  });

  it('R-KO-5: the level is optional and must be a non-negative integer', () => {
    const r = recordKnockout(emptyKnockoutsState(), field(2), { busted: ['e2'], killers: ['e1'] }, makeCtx());
    expect('level' in r.knockouts[0]!).toBe(false);
    expectRefusal('INVALID_LEVEL', [field(2)], () =>
      recordKnockout(emptyKnockoutsState(), field(2), { busted: ['e2'], killers: ['e1'], level: 1.5 }, makeCtx()),
    );
  });

  it('R-KO-5: a busted or void killer is refused with KILLER_NOT_ACTIVE', () => {
    const entries = [...setStatus(field(3), ['e1'], 'busted'), entry('e4', 'p4', 1, 'void')];
    const state = emptyKnockoutsState();
    expectRefusal(
      'KILLER_NOT_ACTIVE',
      [state, entries],
      () => recordKnockout(state, entries, { busted: ['e3'], killers: ['e1'] }, makeCtx()),
      'conflict',
    );
    expectRefusal('KILLER_NOT_ACTIVE', [state, entries], () =>
      recordKnockout(state, entries, { busted: ['e3'], killers: ['e2', 'e4'] }, makeCtx()),
    );
  });

  it('R-KO-1: recording does not change the state or entries it was given', () => {
    const state = emptyKnockoutsState();
    const entries = field(3);
    const before = plainCopy([state, entries]);
    recordKnockout(state, entries, { busted: ['e3'], killers: ['e1'] }, makeCtx());
    expect([state, entries]).toEqual(before);
  });
});

describe('cancelKnockout', () => {
  const setup = () => {
    const ctx = makeCtx();
    const r = recordKnockout(emptyKnockoutsState(), field(4), { busted: ['e4'], killers: ['e1'] }, ctx);
    return { ctx, state: r.state, ko: r.knockouts[0]!, entries: setStatus(field(4), r.bust, 'busted') };
  };

  it('R-KO-6: within the window the record is marked cancelled, kept, and the entry is revived', () => {
    const { ctx, state, ko, entries } = setup();
    const later = at(ctx, T0 + 4 * MINUTE);
    const r = cancelKnockout(state, entries, { knockoutId: ko.id, reason: ' wrong seat ' }, later);
    expect(r.revive).toBe('e4');
    expect(r.knockout).toEqual({
      ...ko,
      status: 'cancelled',
      cancelledAt: T0 + 4 * MINUTE,
      cancelledBy: 'user-dealer',
      reason: 'wrong seat',
    });
    expect(Object.keys(r.state.knockouts)).toEqual([ko.id]);
    expect(r.state.knockouts[ko.id]?.status).toBe('cancelled');
    expect(r.events).toEqual([{ type: 'KnockoutCancelled', knockoutId: ko.id, revivedEntryId: 'e4', at: T0 + 4 * MINUTE }]);
    // The original record object is untouched (immutable audit).
    expect(state.knockouts[ko.id]?.status).toBe('active');
  });

  it('R-KO-6: the window is 5 minutes by default, inclusive, and is a parameter', () => {
    const { ctx, state, ko, entries } = setup();
    expect(DEFAULT_CANCEL_WINDOW_MS).toBe(5 * MINUTE);
    expect(cancelKnockout(state, entries, { knockoutId: ko.id }, at(ctx, T0 + 5 * MINUTE)).revive).toBe('e4');
    expectRefusal(
      'KNOCKOUT_CANCEL_WINDOW_CLOSED',
      [state, entries],
      () => cancelKnockout(state, entries, { knockoutId: ko.id }, at(ctx, T0 + 5 * MINUTE + 1)),
      'rule',
    );
    expect(cancelKnockout(state, entries, { knockoutId: ko.id }, at(ctx, T0 + 9 * MINUTE), { cancelWindowMs: 10 * MINUTE }).revive).toBe(
      'e4',
    );
    expectRefusal('KNOCKOUT_CANCEL_WINDOW_CLOSED', [state, entries], () =>
      cancelKnockout(state, entries, { knockoutId: ko.id }, at(ctx, T0 + 2 * MINUTE), { cancelWindowMs: MINUTE }),
    );
  });

  it('R-KO-6: a cancelled knockout cannot be cancelled again', () => {
    const { ctx, state, ko, entries } = setup();
    const r = cancelKnockout(state, entries, { knockoutId: ko.id }, ctx);
    const revived = setStatus(entries, [r.revive], 'active');
    expectRefusal(
      'KNOCKOUT_ALREADY_CANCELLED',
      [r.state, revived],
      () => cancelKnockout(r.state, revived, { knockoutId: ko.id }, ctx),
      'conflict',
    );
  });

  it('R-KO-6: an unknown knockout is KNOCKOUT_NOT_FOUND', () => {
    const { ctx, state, entries } = setup();
    expectRefusal('KNOCKOUT_NOT_FOUND', [state, entries], () => cancelKnockout(state, entries, { knockoutId: 'ko-missing' }, ctx));
  });

  it('R-KO-6: refused once a mystery bounty was drawn on the knockout', () => {
    const { ctx, state, ko, entries } = setup();
    const drawn = drawMystery(state, { knockoutId: ko.id }, ctx, { type: 'mystery' });
    expectRefusal('MYSTERY_DRAWN', [drawn.state, entries], () => cancelKnockout(drawn.state, entries, { knockoutId: ko.id }, ctx), 'rule');
  });

  it('R-REENTRY-5: refused when the busted player has re-entered', () => {
    const { ctx, state, ko, entries } = setup();
    const withReentry = [...entries, entry('e4b', 'p4', 2, 'active', T0 + MINUTE)];
    expectRefusal(
      'PLAYER_REENTERED',
      [state, withReentry],
      () => cancelKnockout(state, withReentry, { knockoutId: ko.id }, at(ctx, T0 + 2 * MINUTE)),
      'rule',
    );
  });

  it('R-REENTRY-5: a voided re-entry no longer blocks the correction', () => {
    const { ctx, state, ko, entries } = setup();
    const withVoid = [...entries, entry('e4b', 'p4', 2, 'void', T0 + MINUTE)];
    expect(cancelKnockout(state, withVoid, { knockoutId: ko.id }, at(ctx, T0 + 2 * MINUTE)).revive).toBe('e4');
  });

  it('R-KO-6: elimination numbers are not reused; a revived entry busted again gets a later number', () => {
    const ctx = makeCtx();
    let entries = field(4);
    const a = recordKnockout(emptyKnockoutsState(), entries, { busted: ['e4'], killers: ['e1'] }, ctx);
    entries = setStatus(entries, a.bust, 'busted');
    const b = recordKnockout(a.state, entries, { busted: ['e3'], killers: ['e1'] }, ctx);
    entries = setStatus(entries, b.bust, 'busted');
    const c = cancelKnockout(b.state, entries, { knockoutId: a.knockouts[0]!.id }, ctx);
    entries = setStatus(entries, [c.revive], 'active');
    expect(c.state.nextEliminationNumber).toBe(3);
    const d = recordKnockout(c.state, entries, { busted: ['e4'], killers: ['e2'] }, ctx);
    expect(d.knockouts[0]!.eliminationNumber).toBe(3);
    entries = setStatus(entries, d.bust, 'busted');
    // p4 now went out after p3.
    const e = recordKnockout(d.state, entries, { busted: ['e2'], killers: ['e1'] }, ctx);
    entries = setStatus(entries, e.bust, 'busted');
    expect(finalPlaces(e.state, entries).map((r) => [r.playerId, r.place])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p4', 3],
      ['p3', 4],
    ]);
  });
});
