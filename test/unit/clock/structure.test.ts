import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_ANTE_TYPE, DEFAULT_STRUCTURES, MAX_LEVELS, copyStructure, validateStructure } from '../../../domain/clock';
import type { AnteType, BlindStructure } from '../../../domain/clock';
import { SMALL, brk, domainErrorOf, play } from './fixtures';
import { DEFAULT_RUNS, PROPERTY_TEST } from '../../support/property';

const withLevels = (levels: BlindStructure['levels'], anteType: AnteType = 'classic'): BlindStructure => ({
  ...SMALL,
  anteType,
  levels,
});

const fieldsOf = (s: BlindStructure): string[] => {
  const err = domainErrorOf(() => validateStructure(s));
  expect(err.code).toBe('STRUCTURE_INVALID');
  expect(err.kind).toBe('rule');
  return (err.errors ?? []).map((e) => e.field);
};

describe('blind structures', () => {
  it('R-CLK-1: accepts a club structure with each ante type (none / classic / bb)', () => {
    expect(validateStructure(SMALL)).toBe(SMALL);
    const noAnte = withLevels([play(100, 200, 0, 15), play(200, 400, 0, 15)], 'none');
    expect(validateStructure(noAnte)).toBe(noAnte);
    const bbAnte = withLevels([play(100, 200, 200, 15), play(200, 400, 400, 15)], 'bb');
    expect(validateStructure(bbAnte)).toBe(bbAnte);
  });

  it('R-CLK-1: refuses an unknown ante type and an ante on a structure without ante', () => {
    expect(fieldsOf({ ...SMALL, anteType: 'straddle' as AnteType })).toEqual(['anteType']);
    expect(fieldsOf(withLevels([play(100, 200, 0, 15), play(200, 400, 25, 15)], 'none'))).toEqual(['levels[1].ante']);
  });

  it('R-CLK-1: refuses a structure without a name', () => {
    expect(fieldsOf({ ...SMALL, name: '   ' })).toEqual(['name']);
    expect(fieldsOf({ ...SMALL, name: 'x'.repeat(101) })).toEqual(['name']);
  });

  it('R-CLK-2: a playing level needs small > 0 and big >= small, reported by path', () => {
    const levels = [play(100, 200, 0, 10), play(200, 400, 0, 10), play(300, 600, 0, 10), play(400, 300, 0, 10)];
    expect(fieldsOf(withLevels(levels))).toEqual(['levels[3].bigBlind']);
    expect(fieldsOf(withLevels([play(0, 200, 0, 10)]))).toEqual(['levels[0].smallBlind']);
    expect(fieldsOf(withLevels([play(-5, -5, 0, 10)]))).toEqual(['levels[0].smallBlind', 'levels[0].bigBlind']);
    // big == small is allowed
    expect(() => validateStructure(withLevels([play(100, 100, 0, 10)]))).not.toThrow();
  });

  it('R-CLK-2: blinds, ante and duration are whole numbers; ante is never negative; duration > 0', () => {
    expect(fieldsOf(withLevels([play(100.5, 200, 0, 10)]))).toEqual(['levels[0].smallBlind']);
    expect(fieldsOf(withLevels([play(100, 200, -1, 10)]))).toEqual(['levels[0].ante']);
    expect(fieldsOf(withLevels([play(100, 200, Number.NaN, 10)]))).toEqual(['levels[0].ante']);
    expect(fieldsOf(withLevels([{ ...play(100, 200, 0, 10), durationSec: 0 }]))).toEqual(['levels[0].durationSec']);
    expect(fieldsOf(withLevels([{ ...play(100, 200, 0, 10), durationSec: 12.5 }]))).toEqual(['levels[0].durationSec']);
  });

  it('R-CLK-2: a break is a level with the break flag and zero blinds', () => {
    expect(() => validateStructure(withLevels([play(100, 200, 0, 10), brk(10), play(200, 400, 0, 10)]))).not.toThrow();
    const badBreak = { ...brk(10), smallBlind: 100, ante: 5 };
    expect(fieldsOf(withLevels([play(100, 200, 0, 10), badBreak, play(200, 400, 0, 10)]))).toEqual([
      'levels[1].smallBlind',
      'levels[1].ante',
    ]);
    expect(fieldsOf(withLevels([play(100, 200, 0, 10), { ...brk(10), durationSec: -60 }, play(200, 400, 0, 10)]))).toEqual([
      'levels[1].durationSec',
    ]);
  });

  it('R-CLK-2: needs at least one playing level, at most MAX_LEVELS, and ends on a playing level', () => {
    expect(fieldsOf(withLevels([]))).toEqual(['levels']);
    expect(fieldsOf(withLevels([brk(10)]))).toEqual(['levels', 'levels[0].isBreak']);
    expect(fieldsOf(withLevels([play(100, 200, 0, 10), brk(10)]))).toEqual(['levels[1].isBreak']);
    const many = Array.from({ length: MAX_LEVELS + 1 }, (_, i) => play(100 * (i + 1), 200 * (i + 1), 0, 10));
    expect(fieldsOf(withLevels(many))).toEqual(['levels']);
    expect(() => validateStructure(withLevels(many.slice(0, MAX_LEVELS)))).not.toThrow();
  });

  it('R-CLK-2: reports every problem at once', () => {
    const levels = [play(0, 200, 0, 10), { ...brk(5), bigBlind: 1 }, play(300, 200, -1, 0)];
    expect(fieldsOf(withLevels(levels))).toEqual([
      'levels[0].smallBlind',
      'levels[1].bigBlind',
      'levels[2].durationSec',
      'levels[2].bigBlind',
      'levels[2].ante',
    ]);
  });

  it('R-CLK-2: any level whose big blind is below its small blind is refused under its own path', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (pairs, pick) => {
          const at = pick % pairs.length;
          const levels = pairs.map(([sb, extra], i) => (i === at ? play(sb + 1, sb, 0, 10) : play(sb, sb + extra, 0, 10)));
          expect(fieldsOf(withLevels(levels))).toEqual([`levels[${at}].bigBlind`]);
        },
      ),
      { numRuns: DEFAULT_RUNS },
    );
  });
});

describe('default structures', () => {
  it('R-CLK-1: every default structure validates', () => {
    expect(DEFAULT_STRUCTURES.length).toBeGreaterThanOrEqual(2);
    for (const preset of DEFAULT_STRUCTURES) {
      expect(() => validateStructure(preset.structure)).not.toThrow();
      expect(preset.suggestedStartingStack).toBeGreaterThan(0);
      expect(preset.structure.clubId).toBeUndefined();
    }
  });

  it('R-HE-4: default structures use the classic ante, the Sport Poker default', () => {
    expect(DEFAULT_ANTE_TYPE).toBe('classic');
    for (const { structure } of DEFAULT_STRUCTURES) {
      expect(structure.anteType).toBe('classic');
      expect(structure.levels.some((l) => !l.isBreak && l.ante > 0)).toBe(true);
    }
  });

  it('R-CLK-2: default structures have a break every 4 to 6 playing levels and rising blinds', () => {
    for (const { structure } of DEFAULT_STRUCTURES) {
      let run = 0;
      let lastBig = 0;
      for (const level of structure.levels) {
        if (level.isBreak) {
          expect(run).toBeGreaterThanOrEqual(4);
          expect(run).toBeLessThanOrEqual(6);
          run = 0;
        } else {
          expect(level.bigBlind).toBeGreaterThan(lastBig);
          lastBig = level.bigBlind;
          run++;
        }
      }
    }
  });

  it('R-CLK-1: a club copies a default as its own; the shared default cannot be changed', () => {
    const source = DEFAULT_STRUCTURES[0]!.structure;
    const copy = copyStructure(source, { id: 'bs-1', clubId: 'club-9', name: 'Friday turbo' });
    expect(copy).toMatchObject({ id: 'bs-1', clubId: 'club-9', name: 'Friday turbo', anteType: source.anteType });
    expect(copy.levels).toEqual(source.levels);
    copy.levels[0]!.smallBlind = 999;
    expect(source.levels[0]!.smallBlind).not.toBe(999);
    expect(() => {
      (source.levels[0] as { smallBlind: number }).smallBlind = 1;
    }).toThrow(TypeError);
  });
});
