import { describe, expect, it } from 'vitest';
import {
  drawMystery,
  emptyKnockoutsState,
  recordKnockout,
  type BountySettings,
  type EntryRef,
  type KnockoutsState,
} from '../../../domain/results';
import { T0, entry, expectRefusal, field, makeCtx, setStatus } from './fixtures';

const MYSTERY: BountySettings = { type: 'mystery' };

/** p1 busts p6, then p5; p2 and p3 bust p4 together. */
function history(twoKillerCredit: 'both' | 'primary_only' = 'both') {
  const ctx = makeCtx();
  let entries: EntryRef[] = field(6);
  let state: KnockoutsState = emptyKnockoutsState();
  const ids: string[] = [];
  for (const cmd of [
    { busted: ['e6'], killers: ['e1'] },
    { busted: ['e5'], killers: ['e1'] },
    { busted: ['e4'], killers: ['e2', 'e3'] },
  ]) {
    const r = recordKnockout(state, entries, cmd, ctx, { twoKillerCredit });
    state = r.state;
    entries = setStatus(entries, r.bust, 'busted');
    ids.push(r.knockouts[0]!.id);
  }
  return { ctx, state, entries, ids: ids as [string, string, string] };
}

describe('drawMystery', () => {
  it('R-MYS-1: the killer entry draws once: a record with a sequence, the killer entry and the prize text', () => {
    const { ctx, state, ids } = history();
    const r = drawMystery(state, { knockoutId: ids[0], prizeText: '  Бейсболка клуба ' }, ctx, MYSTERY);
    expect(r.draw).toMatchObject({
      sequence: 1,
      killerEntryId: 'e1',
      killerPlayerId: 'p1',
      knockoutId: ids[0],
      prizeText: 'Бейсболка клуба',
      at: T0,
      by: 'user-dealer',
    });
    expect(r.state.mysteryDraws[r.draw.id]).toEqual(r.draw);
    expect(r.state.nextMysterySequence).toBe(2);
    expect(r.events).toEqual([{ type: 'MysteryDrawn', drawId: r.draw.id, knockoutId: ids[0], killerEntryId: 'e1', sequence: 1, at: T0 }]);
    const second = drawMystery(r.state, { knockoutId: ids[2], killerEntryId: 'e3' }, ctx, MYSTERY);
    expect(second.draw.sequence).toBe(2);
    expect(second.draw.killerEntryId).toBe('e3');
    expect('prizeText' in second.draw).toBe(false);
  });

  it('R-MYS-1: refused when the tournament has no mystery bounty', () => {
    const { ctx, state, ids } = history();
    for (const type of ['none', 'classic', 'progressive'] as const) {
      expectRefusal('MYSTERY_NOT_ENABLED', [state], () => drawMystery(state, { knockoutId: ids[0] }, ctx, { type }), 'rule');
    }
  });

  it('R-MYS-1: the prize text is refused when it names money (R-MONEY-2)', () => {
    const { ctx, state, ids } = history();
    const err = expectRefusal('MONEY_WORDING', [state], () =>
      drawMystery(state, { knockoutId: ids[0], prizeText: '5000 руб' }, ctx, MYSTERY),
    );
    expect(err.errors?.[0]?.field).toBe('prizeText');
    expectRefusal('PRIZE_TEXT_TOO_LONG', [state], () =>
      drawMystery(state, { knockoutId: ids[0], prizeText: 'x'.repeat(501) }, ctx, MYSTERY),
    );
  });

  it('R-MYS-1: only a credited killer of an active knockout draws', () => {
    const { ctx, state, ids } = history();
    expectRefusal('NOT_A_KILLER', [state], () => drawMystery(state, { knockoutId: ids[0], killerEntryId: 'e2' }, ctx, MYSTERY));
    expectRefusal('KNOCKOUT_NOT_FOUND', [state], () => drawMystery(state, { knockoutId: 'ko-x' }, ctx, MYSTERY));
    const ko = state.knockouts[ids[0]]!;
    const cancelled = { ...state, knockouts: { ...state.knockouts, [ko.id]: { ...ko, status: 'cancelled' as const } } };
    expectRefusal('KNOCKOUT_CANCELLED', [cancelled], () => drawMystery(cancelled, { knockoutId: ko.id }, ctx, MYSTERY));
  });

  it('R-MYS-1: under primary_only the audit-only second killer cannot draw', () => {
    const { ctx, state, ids } = history('primary_only');
    expectRefusal('NOT_A_KILLER', [state], () => drawMystery(state, { knockoutId: ids[2], killerEntryId: 'e3' }, ctx, MYSTERY));
    expect(drawMystery(state, { knockoutId: ids[2] }, ctx, MYSTERY).draw.killerEntryId).toBe('e2');
  });

  it('R-MYS-2 (DEBT): a second draw by the same killer entry is refused, even on another knockout', () => {
    const { ctx, state, ids } = history();
    const first = drawMystery(state, { knockoutId: ids[0] }, ctx, MYSTERY);
    expectRefusal('MYSTERY_ALREADY_DRAWN', [first.state], () => drawMystery(first.state, { knockoutId: ids[1] }, ctx, MYSTERY), 'conflict');
    expectRefusal('MYSTERY_ALREADY_DRAWN', [first.state], () => drawMystery(first.state, { knockoutId: ids[0] }, ctx, MYSTERY));
  });

  it('R-MYS-2: with per_knockout scope a killer draws once per knockout', () => {
    const { ctx, state, ids } = history();
    const settings: BountySettings = { type: 'mystery', mysteryDrawScope: 'per_knockout' };
    const first = drawMystery(state, { knockoutId: ids[0] }, ctx, settings);
    const second = drawMystery(first.state, { knockoutId: ids[1] }, ctx, settings);
    expect(second.draw.killerEntryId).toBe('e1');
    expect(second.draw.sequence).toBe(2);
    expectRefusal('MYSTERY_ALREADY_DRAWN', [second.state], () => drawMystery(second.state, { knockoutId: ids[1] }, ctx, settings));
  });

  it('R-MYS-2: each of two killers draws for his own entry', () => {
    const { ctx, state, ids } = history();
    const a = drawMystery(state, { knockoutId: ids[2], killerEntryId: 'e2' }, ctx, MYSTERY);
    const b = drawMystery(a.state, { knockoutId: ids[2], killerEntryId: 'e3' }, ctx, MYSTERY);
    expect(Object.values(b.state.mysteryDraws).map((d) => d.killerEntryId)).toEqual(['e2', 'e3']);
  });

  it('R-MYS-2: the limit is per killer entry, so a re-entry of the same player may draw again', () => {
    const ctx = makeCtx();
    let entries: EntryRef[] = field(4);
    const a = recordKnockout(emptyKnockoutsState(), entries, { busted: ['e4'], killers: ['e1'] }, ctx);
    entries = setStatus(entries, a.bust, 'busted');
    const drawn = drawMystery(a.state, { knockoutId: a.knockouts[0]!.id }, ctx, MYSTERY);
    const b = recordKnockout(drawn.state, entries, { busted: ['e1'], killers: ['e2'] }, ctx);
    entries = [...setStatus(entries, b.bust, 'busted'), entry('e1b', 'p1', 2)];
    const c = recordKnockout(b.state, entries, { busted: ['e3'], killers: ['e1b'] }, ctx);
    const again = drawMystery(c.state, { knockoutId: c.knockouts[0]!.id }, ctx, MYSTERY);
    expect(again.draw).toMatchObject({ killerEntryId: 'e1b', killerPlayerId: 'p1', sequence: 2 });
  });
});
