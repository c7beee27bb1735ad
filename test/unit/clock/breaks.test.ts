import { describe, expect, it } from 'vitest';
import { adjust, advanceTo, clockView, initialTimer, next, previous, start } from '../../../domain/clock';
import type { BlindStructure } from '../../../domain/clock';
import { MIN, SMALL, T0, brk, play } from './fixtures';

const started = () => start(initialTimer(), SMALL, T0).timer;

describe('breaks', () => {
  it('R-CLK-4: entering a break level emits break.started, leaving it break.ended, at the exact level ends', () => {
    const r = advanceTo(started(), SMALL, T0 + 26 * MIN);
    expect(r.events).toEqual([
      { type: 'level.started', levelIndex: 1, at: T0 + 10 * MIN, cause: 'schedule' },
      { type: 'level.started', levelIndex: 2, at: T0 + 20 * MIN, cause: 'schedule' },
      { type: 'break.started', levelIndex: 2, at: T0 + 20 * MIN, cause: 'schedule', breakNumber: 1 },
      { type: 'break.ended', levelIndex: 2, at: T0 + 25 * MIN, cause: 'schedule', breakNumber: 1 },
      { type: 'level.started', levelIndex: 3, at: T0 + 25 * MIN, cause: 'schedule' },
    ]);
  });

  it('R-CLK-4: manual moves onto and off a break emit the same break events', () => {
    const onBreak = next(next(started(), SMALL, T0 + MIN).timer, SMALL, T0 + 2 * MIN);
    expect(onBreak.events.map((e) => e.type)).toEqual(['level.started', 'break.started']);
    expect(onBreak.events[1]).toMatchObject({ levelIndex: 2, breakNumber: 1, cause: 'command' });
    const off = previous(onBreak.timer, SMALL, T0 + 3 * MIN);
    expect(off.events.map((e) => e.type)).toEqual(['break.ended', 'level.started']);
  });

  it('R-CLK-4: breaksPassed counts breaks reached: a break counts from the moment it starts', () => {
    const t = started();
    const at = (m: number) => clockView(t, SMALL, T0 + m * MIN);
    expect(at(19).breaksPassed).toBe(0);
    expect(at(20)).toMatchObject({ breaksPassed: 1, breakNumber: 1, current: { isBreak: true, levelNumber: null } });
    expect(at(25)).toMatchObject({ breaksPassed: 1, breakNumber: null, current: { levelIndex: 3, levelNumber: 3 } });
    expect(at(45)).toMatchObject({ breaksPassed: 2, breakNumber: 2 });
    expect(at(50).breaksPassed).toBe(2);
    expect(clockView(initialTimer(), SMALL, T0).breaksPassed).toBe(0);
  });

  it('R-CLK-4: breaksPassed follows the position in the structure when staff move the clock', () => {
    const jumped = adjust(started(), SMALL, T0 + MIN, 4).timer;
    expect(clockView(jumped, SMALL, T0 + MIN).breaksPassed).toBe(1);
    const back = adjust(jumped, SMALL, T0 + 2 * MIN, -3).timer;
    expect(clockView(back, SMALL, T0 + 2 * MIN).breaksPassed).toBe(0);
  });

  it('R-CLK-4: a structure that opens with a break starts with break.started and counts it', () => {
    const s: BlindStructure = { ...SMALL, levels: [brk(15), play(100, 200, 0, 10)] };
    const r = start(initialTimer(), s, T0);
    expect(r.events.map((e) => e.type)).toEqual(['clock.started', 'level.started', 'break.started']);
    expect(clockView(r.timer, s, T0).breaksPassed).toBe(1);
    expect(clockView(r.timer, s, T0).next).toMatchObject({ levelIndex: 1, levelNumber: 1 });
  });
});
