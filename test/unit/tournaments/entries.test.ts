import { describe, expect, it } from 'vitest';
import { addon, addonWindowOpen, bustEntry, reenter, rebuy, register, reviveEntry, validateSettings } from '../../../domain/tournaments';
import type { SettingsInput } from '../../../domain/tournaments';
import { baseSettings, Desk, HOUR, MIN, START } from './harness';

/** A running tournament, one player seated, the clock at `now`. */
function running(settings: Partial<SettingsInput>, now = START + 30 * MIN) {
  const desk = new Desk(settings);
  const entryId = desk.seat('p1');
  desk.status('running');
  desk.now = now;
  return { desk, entryId };
}

describe('R-FREEZE-1 freezeout', () => {
  it('R-FREEZE-1: without rebuy, re-entry or add-on amounts a busted player is out for good', () => {
    const { desk, entryId } = running({ formatLabel: 'rebuy' }); // the label alone enables nothing (R-FMT-1)
    expect(desk.refuse(rebuy, { entryId }).code).toBe('REBUY_NOT_ALLOWED');
    expect(desk.refuse(addon, { entryId, breaksPassed: 3 }).code).toBe('ADDON_NOT_ALLOWED');
    desk.run(bustEntry, { entryId });
    expect(desk.refuse(reenter, { playerId: 'p1' }).code).toBe('REENTRY_NOT_ALLOWED');
    expect(desk.refuse(register, { playerId: 'p1', otherRegistrations: [] }).code).toBe('ALREADY_REGISTERED');
    expect(desk.entriesOf('p1').map((e) => e.status)).toEqual(['busted']);
  });
});

describe('rebuy', () => {
  it('R-REBUY-1: tops up the existing entry by the starting stack at the rebuy price, no new entry', () => {
    const { desk, entryId } = running({ rebuy: 100_000 });
    desk.run(rebuy, { entryId });
    desk.run(rebuy, { entryId });
    expect(desk.entriesOf('p1')).toEqual([expect.objectContaining({ id: entryId, chips: 60_000, number: 1 })]);
    expect(desk.feesOf('p1').filter((f) => f.kind === 'rebuy')).toEqual([
      expect.objectContaining({ amount: 100_000, chips: 20_000, entryId }),
      expect.objectContaining({ amount: 100_000, chips: 20_000, entryId }),
    ]);
    expect(desk.events).toContainEqual({ type: 'entry.topped_up', entryId, playerId: 'p1', kind: 'rebuy', chips: 20_000 });
  });

  it('R-REBUY-1: a rebuy goes on an active entry; a busted entry is refused', () => {
    const { desk, entryId } = running({ rebuy: 100_000 });
    desk.run(bustEntry, { entryId });
    expect(desk.refuse(rebuy, { entryId }).code).toBe('ENTRY_NOT_ACTIVE');
  });

  it('R-REBUY-2: by default no window and no limit; only finished or cancelled refuse', () => {
    const { desk, entryId } = running({ rebuy: 1 }, START + 20 * HOUR);
    for (let i = 0; i < 25; i++) desk.run(rebuy, { entryId, currentChips: 1_000_000 });
    expect(desk.state.entries[entryId]?.chips).toBe(26 * 20_000);
    for (const status of ['finished', 'cancelled'] as const) {
      const closed = running({ rebuy: 1 });
      closed.desk.status(status);
      expect(closed.desk.refuse(rebuy, { entryId: closed.entryId }).code).toBe('TOURNAMENT_CLOSED');
    }
  });

  it('R-REBUY-2: the optional rebuy deadline closes rebuys', () => {
    const { desk, entryId } = running({ rebuy: 100, rebuyEndsAt: START + HOUR }, START + HOUR - 1);
    desk.run(rebuy, { entryId });
    desk.now = START + HOUR;
    expect(desk.refuse(rebuy, { entryId }).code).toBe('REBUY_WINDOW_CLOSED');
  });

  it('R-REBUY-2: the optional limit counts rebuys per player across entries', () => {
    const { desk, entryId } = running({ rebuy: 100, rebuyMaxPerPlayer: 2 });
    desk.run(rebuy, { entryId });
    desk.run(bustEntry, { entryId });
    desk.run(reenter, { playerId: 'p1' });
    const second = desk.reg('p1').entryId ?? '';
    desk.run(rebuy, { entryId: second });
    expect(desk.refuse(rebuy, { entryId: second }).code).toBe('REBUY_LIMIT_REACHED');
  });

  it('R-REBUY-2: "only at or below N chips" needs the current stack and refuses above N', () => {
    const { desk, entryId } = running({ rebuy: 100, rebuyOnlyAtOrBelowChips: 20_000 });
    expect(desk.refuse(rebuy, { entryId }).code).toBe('REBUY_STACK_REQUIRED');
    expect(desk.refuse(rebuy, { entryId, currentChips: 20_001 }).code).toBe('REBUY_STACK_TOO_HIGH');
    desk.run(rebuy, { entryId, currentChips: 20_000 });
    expect(desk.state.entries[entryId]?.chips).toBe(40_000);
  });
});

describe('re-entry', () => {
  it('R-REENTRY-1: creates a new entry with a new starting stack after the player busted', () => {
    const { desk, entryId } = running({ reentry: 130_000 });
    desk.run(bustEntry, { entryId });
    desk.run(reenter, { playerId: 'p1' });
    const [first, second] = desk.entriesOf('p1');
    expect(first).toMatchObject({ id: entryId, status: 'busted', number: 1 });
    expect(second).toMatchObject({ status: 'active', number: 2, chips: 20_000 });
    expect(desk.reg('p1').entryId).toBe(second?.id);
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'entry.created', entryId: second?.id, seatNow: true }));
  });

  it('R-REENTRY-1: refused while the player still has an active entry', () => {
    const { desk } = running({ reentry: 130_000 });
    expect(desk.refuse(reenter, { playerId: 'p1' }).code).toBe('ENTRY_STILL_ACTIVE');
    expect(desk.refuse(reenter, { playerId: 'stranger' }).code).toBe('NO_ENTRY_TO_REENTER');
  });

  it('R-REENTRY-2: the window is the re-entry deadline when set', () => {
    const { desk, entryId } = running({ reentry: 1, reentryEndsAt: START + 4 * HOUR }, START + 4 * HOUR - 1);
    desk.run(bustEntry, { entryId });
    desk.run(reenter, { playerId: 'p1' });
    expect(desk.entriesOf('p1')).toHaveLength(2);
    const d2 = running({ reentry: 1, reentryEndsAt: START + 4 * HOUR }, START + 4 * HOUR);
    d2.desk.run(bustEntry, { entryId: d2.entryId });
    expect(d2.desk.refuse(reenter, { playerId: 'p1' }).code).toBe('REENTRY_WINDOW_CLOSED');
  });

  it('R-REENTRY-2: without a re-entry deadline the late-registration deadline applies', () => {
    const open = running({ reentry: 1 }, START + 2 * HOUR - 1);
    open.desk.run(bustEntry, { entryId: open.entryId });
    open.desk.run(reenter, { playerId: 'p1' });
    const closed = running({ reentry: 1 }, START + 2 * HOUR);
    closed.desk.run(bustEntry, { entryId: closed.entryId });
    expect(closed.desk.refuse(reenter, { playerId: 'p1' }).code).toBe('REENTRY_WINDOW_CLOSED');
  });

  it('R-REENTRY-2: only while running', () => {
    const { desk, entryId } = running({ reentry: 1 });
    desk.run(bustEntry, { entryId });
    desk.status('finished');
    expect(desk.refuse(reenter, { playerId: 'p1' }).code).toBe('TOURNAMENT_NOT_RUNNING');
  });

  it('R-REENTRY-3: the price is the re-entry amount, else the rebuy amount', () => {
    for (const [settings, price] of [
      [{ reentry: 130_000, rebuy: 90_000 }, 130_000],
      [{ rebuy: 90_000 }, 90_000],
      [{ reentry: 0 }, 0],
    ] as const) {
      const { desk, entryId } = running(settings);
      desk.run(bustEntry, { entryId });
      desk.run(reenter, { playerId: 'p1' });
      expect(desk.feesOf('p1').filter((f) => f.kind === 'reentry')).toEqual([expect.objectContaining({ amount: price, chips: 20_000 })]);
    }
  });
});

describe('add-on', () => {
  it('R-ADDON-1: adds the add-on chips at the add-on price, no new entry', () => {
    const { desk, entryId } = running({ addon: 50_000, addonChips: 30_000 });
    desk.run(addon, { entryId, breaksPassed: 0 });
    expect(desk.entriesOf('p1')).toEqual([expect.objectContaining({ id: entryId, chips: 50_000 })]);
    expect(desk.feesOf('p1').filter((f) => f.kind === 'addon')).toEqual([expect.objectContaining({ amount: 50_000, chips: 30_000 })]);
  });

  it('R-ADDON-1: without add-on chips the starting stack is added', () => {
    const { desk, entryId } = running({ addon: 50_000 });
    desk.run(addon, { entryId, breaksPassed: 0 });
    expect(desk.state.entries[entryId]?.chips).toBe(40_000);
  });

  it('R-ADDON-2: neither deadline nor break set: unlimited, late registration not applied', () => {
    const { desk, entryId } = running({ addon: 1 }, START + 12 * HOUR);
    desk.run(addon, { entryId, breaksPassed: 0 });
    expect(desk.feesOf('p1').some((f) => f.kind === 'addon')).toBe(true);
  });

  it('R-ADDON-2: open before the deadline, refused from the deadline on', () => {
    const open = running({ addon: 1, addonEndsAt: START + 3 * HOUR }, START + 3 * HOUR - 1);
    open.desk.run(addon, { entryId: open.entryId, breaksPassed: 0 });
    const closed = running({ addon: 1, addonEndsAt: START + 3 * HOUR }, START + 3 * HOUR);
    expect(closed.desk.refuse(addon, { entryId: closed.entryId, breaksPassed: 0 }).code).toBe('ADDON_WINDOW_CLOSED');
  });

  it('R-ADDON-2: "at break N" opens once the clock has reached break N', () => {
    const { desk, entryId } = running({ addon: 1, addonAtBreak: 2 });
    expect(desk.refuse(addon, { entryId, breaksPassed: 1 }).code).toBe('ADDON_WINDOW_CLOSED');
    desk.run(addon, { entryId, breaksPassed: 2 });
    expect(desk.state.entries[entryId]?.chips).toBe(40_000);
  });

  it('R-ADDON-2: either condition suffices when both are set', () => {
    const s = validateSettings(baseSettings({ addon: 1, addonEndsAt: START + HOUR, addonAtBreak: 3 }), { currency: 'RUB' });
    expect(addonWindowOpen(s, START + HOUR - 1, 0)).toBe(true);
    expect(addonWindowOpen(s, START + 5 * HOUR, 3)).toBe(true);
    expect(addonWindowOpen(s, START + 5 * HOUR, 2)).toBe(false);
  });

  it('R-ADDON-3: once per player by default, across his entries', () => {
    const { desk, entryId } = running({ addon: 1, rebuy: 1 });
    desk.run(addon, { entryId, breaksPassed: 0 });
    expect(desk.refuse(addon, { entryId, breaksPassed: 0 }).code).toBe('ADDON_ALREADY_TAKEN');
    desk.run(bustEntry, { entryId });
    desk.run(reenter, { playerId: 'p1' });
    expect(desk.refuse(addon, { entryId: desk.reg('p1').entryId ?? '', breaksPassed: 0 }).code).toBe('ADDON_ALREADY_TAKEN');
  });

  it('R-ADDON-3: the flag allows more add-ons', () => {
    const { desk, entryId } = running({ addon: 1, addonOncePerPlayer: false });
    desk.run(addon, { entryId, breaksPassed: 0 });
    desk.run(addon, { entryId, breaksPassed: 0 });
    expect(desk.feesOf('p1').filter((f) => f.kind === 'addon')).toHaveLength(2);
  });
});

describe('bust and revive hooks', () => {
  it('busts an active entry once and revives it', () => {
    const { desk, entryId } = running({});
    desk.run(bustEntry, { entryId });
    expect(desk.state.entries[entryId]).toMatchObject({ status: 'busted', bustedAt: desk.now });
    expect(desk.refuse(bustEntry, { entryId }).code).toBe('ENTRY_NOT_ACTIVE');
    desk.run(reviveEntry, { entryId });
    expect(desk.state.entries[entryId]?.status).toBe('active');
    expect('bustedAt' in (desk.state.entries[entryId] ?? {})).toBe(false);
  });

  it('R-REENTRY-5: an entry whose player re-entered cannot be revived', () => {
    const { desk, entryId } = running({ reentry: 1 });
    desk.run(bustEntry, { entryId });
    desk.run(reenter, { playerId: 'p1' });
    expect(desk.refuse(reviveEntry, { entryId }).code).toBe('PLAYER_REENTERED');
  });
});
