import { describe, expect, it } from 'vitest';
import { checkIn, rebuy, rebuyWindowOpen, validateSettings } from '../../../domain/tournaments';
import { domainErrorOf } from '../clock/fixtures';
import { Desk, baseSettings } from './harness';

describe('late-entry stack (R-LATE-1)', () => {
  it('R-LATE-1: by default a late entrant gets the full starting stack whatever has been posted', () => {
    const desk = new Desk({}, 'running');
    const id = desk.register('late');
    desk.run(checkIn, { registrationId: id, forcedBetsPosted: 4_000 });
    expect(desk.state.entries[desk.reg('late').entryId ?? '']?.chips).toBe(20_000);
  });

  it('R-LATE-1: minus_forced_bets takes off what one seat has posted so far, never below half the stack', () => {
    const desk = new Desk({ lateEntryStack: 'minus_forced_bets' }, 'running');
    const a = desk.register('a');
    desk.run(checkIn, { registrationId: a, forcedBetsPosted: 3_150 });
    const entry = desk.state.entries[desk.reg('a').entryId ?? ''];
    expect(entry?.chips).toBe(16_850);
    // The buy-in fee records the chips it bought.
    expect(Object.values(desk.state.fees).find((f) => f.entryId === entry?.id)?.chips).toBe(16_850);
    const b = desk.register('b');
    desk.run(checkIn, { registrationId: b, forcedBetsPosted: 60_000 });
    expect(desk.state.entries[desk.reg('b').entryId ?? '']?.chips).toBe(10_000);
  });

  it('R-LATE-1: a check-in before the start is no late entry: the full stack', () => {
    const desk = new Desk({ lateEntryStack: 'minus_forced_bets' });
    const a = desk.register('a');
    desk.run(checkIn, { registrationId: a, forcedBetsPosted: 3_000 });
    expect(desk.state.entries[desk.reg('a').entryId ?? '']?.chips).toBe(20_000);
  });

  it('R-LATE-1: the setting is optional (stored tournaments load without it) and checked when given', () => {
    expect(validateSettings(baseSettings(), { currency: 'RUB' })).not.toHaveProperty('lateEntryStack');
    expect(validateSettings(baseSettings({ lateEntryStack: 'minus_forced_bets' }), { currency: 'RUB' }).lateEntryStack).toBe(
      'minus_forced_bets',
    );
    const e = domainErrorOf(() => validateSettings(baseSettings({ lateEntryStack: 'half' as never }), { currency: 'RUB' }));
    expect(e.errors?.map((i) => i.field)).toEqual(['lateEntryStack']);
  });
});

describe('rebuy last level (R-REBUY-2)', () => {
  it('R-REBUY-2: rebuys are taken through level N and refused from the break or level after it', () => {
    const desk = new Desk({ rebuy: 150_000, rebuyEndsAtLevel: 2 }, 'running');
    const entryId = desk.seat('p');
    desk.run(rebuy, { entryId, playingLevelsPassed: 1 });
    expect(desk.state.entries[entryId]?.chips).toBe(40_000);
    const e = desk.refuse(rebuy, { entryId, playingLevelsPassed: 2 });
    expect(e.code).toBe('REBUY_WINDOW_CLOSED');
    expect(e.message).toContain('level 2');
  });

  it('R-REBUY-2: the level limit sits beside the time deadline; either one closes the window', () => {
    const s = validateSettings(baseSettings({ rebuy: 1, rebuyEndsAtLevel: 3, rebuyEndsAt: baseSettings().startAt + 1000 }), {
      currency: 'RUB',
    });
    expect(rebuyWindowOpen(s, s.startAt, 0)).toBe(true);
    expect(rebuyWindowOpen(s, s.startAt, 3)).toBe(false);
    expect(rebuyWindowOpen(s, s.startAt + 1000, 0)).toBe(false);
    const unset = validateSettings(baseSettings({ rebuy: 1 }), { currency: 'RUB' });
    expect(rebuyWindowOpen(unset, unset.startAt + 10 ** 9, 500)).toBe(true);
  });

  it('R-REBUY-2: rebuyEndsAtLevel needs a rebuy price and a level from 1', () => {
    const e = domainErrorOf(() => validateSettings(baseSettings({ rebuyEndsAtLevel: 0 }), { currency: 'RUB' }));
    expect(e.errors?.map((i) => i.field).sort()).toEqual(['rebuyEndsAtLevel', 'rebuyEndsAtLevel']);
  });
});
