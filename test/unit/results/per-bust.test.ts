import { describe, expect, it } from 'vitest';
import { emptyKnockoutsState, finalPlaces, recordKnockout, type EntryRef } from '../../../domain/results';
import { expectRefusal, field, makeCtx, setStatus } from './fixtures';

describe('per-busted killers (R-KO-4)', () => {
  it('R-KO-4, R-KO-2, R-PLC-2: A busts X and B busts Y in one hand: own killers, one number, one group, one shared place', () => {
    const ctx = makeCtx();
    let entries: EntryRef[] = field(4);
    const r = recordKnockout(
      emptyKnockoutsState(),
      entries,
      {
        busts: [
          { entryId: 'e3', killers: ['e1'] },
          { entryId: 'e4', killers: ['e2'] },
        ],
        level: 3,
      },
      ctx,
    );
    expect(r.knockouts.map((k) => [k.bustedEntryId, k.killers.map((x) => [x.entryId, x.credit]), k.eliminationNumber, k.level])).toEqual([
      ['e3', [['e1', 1]], 1, 3],
      ['e4', [['e2', 1]], 1, 3],
    ]);
    expect(new Set(r.knockouts.map((k) => k.groupId)).size).toBe(1);
    expect(r.events).toHaveLength(1);
    entries = setStatus(entries, r.bust, 'busted');
    const next = recordKnockout(r.state, entries, { busts: [{ entryId: 'e2', killers: ['e1'] }] }, ctx);
    entries = setStatus(entries, next.bust, 'busted');
    expect(finalPlaces(next.state, entries).map((p) => [p.place, p.playerId])).toEqual([
      [1, 'p1'],
      [2, 'p2'],
      [3, 'p3'],
      [3, 'p4'],
    ]);
  });

  it('R-KO-3, R-KO-4: each busted entry may have its own two killers', () => {
    const r = recordKnockout(
      emptyKnockoutsState(),
      field(5),
      {
        busts: [
          { entryId: 'e4', killers: ['e1', 'e2'] },
          { entryId: 'e5', killers: ['e3'] },
        ],
      },
      makeCtx(),
    );
    expect(r.knockouts.map((k) => k.killers.map((x) => `${x.entryId}:${x.credit}`))).toEqual([['e1:0.5', 'e2:0.5'], ['e3:1']]);
  });

  it('R-KO-4: the original form still gives every busted entry the one killers list', () => {
    const r = recordKnockout(emptyKnockoutsState(), field(4), { busted: ['e3', 'e4'], killers: ['e1', 'e2'] }, makeCtx());
    expect(r.knockouts.map((k) => k.killers.map((x) => x.entryId))).toEqual([
      ['e1', 'e2'],
      ['e1', 'e2'],
    ]);
  });

  it('R-KO-4, R-KO-5: bad per-bust calls are refused with a code naming the bust, and change nothing', () => {
    const s = emptyKnockoutsState();
    const entries = field(4);
    const ctx = makeCtx();
    const refuse = (code: string, cmd: Parameters<typeof recordKnockout>[2], f?: string) => {
      const err = expectRefusal(code, [s, entries], () => recordKnockout(s, entries, cmd, ctx));
      if (f) expect(err.errors?.[0]?.field).toBe(f);
    };
    refuse('KNOCKOUT_FORM_MIXED', { busts: [{ entryId: 'e3', killers: ['e1'] }], killers: ['e2'] }, 'busts');
    refuse('BUSTED_REQUIRED', { busts: [] }, 'busts');
    refuse(
      'KILLER_REQUIRED',
      {
        busts: [
          { entryId: 'e3', killers: ['e1'] },
          { entryId: 'e4', killers: [] },
        ],
      },
      'busts[1].killers',
    );
    refuse('TOO_MANY_KILLERS', { busts: [{ entryId: 'e4', killers: ['e1', 'e2', 'e3'] }] }, 'busts[0].killers');
    refuse('DUPLICATE_ENTRY', {
      busts: [
        { entryId: 'e3', killers: ['e1'] },
        { entryId: 'e3', killers: ['e2'] },
      ],
    });
    // Y cannot have busted X in the hand Y went out in.
    refuse(
      'SELF_KNOCKOUT',
      {
        busts: [
          { entryId: 'e3', killers: ['e1'] },
          { entryId: 'e4', killers: ['e3'] },
        ],
      },
      'busts[1].killers',
    );
    refuse('ENTRY_NOT_FOUND', { busts: [{ entryId: 'e3', killers: ['nobody'] }] });
  });
});
