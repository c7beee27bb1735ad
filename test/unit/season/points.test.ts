import { describe, expect, it } from 'vitest';
import {
  compilePointsFormula,
  compilePointsRule,
  FormulaError,
  MAX_FORMULA_LENGTH,
  pointsRuleFormula,
  type PointsFigures,
} from '../../../domain/season';

const row = (over: Partial<PointsFigures> = {}): PointsFigures => ({
  place: 3,
  entries: 40,
  players: 36,
  knockouts: 2.5,
  bountyPoints: 0,
  itm: 1,
  paidPlaces: 4,
  reentries: 1,
  rebuys: 0,
  addons: 1,
  ...over,
});

function refusal(fn: () => unknown): FormulaError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormulaError);
    return e as FormulaError;
  }
  throw new Error('expected a refusal');
}

describe('points formula', () => {
  it('R-LEAGUE-2: compiles once and evaluates many rows, in hundredths of a point', () => {
    const f = compilePointsFormula('entries - place + 1 + 2 * knockouts + if itm == 1 then 5 else 0');
    expect(f.centipoints(row())).toBe((40 - 3 + 1 + 5 + 5) * 100);
    expect(f.centipoints(row({ place: 40, itm: 0, knockouts: 0 }))).toBe(100);
    expect(compilePointsFormula('sqrt(entries / place)').centipoints(row({ entries: 10, place: 3 }))).toBe(183);
  });

  it('R-LEAGUE-1: every allowed figure can be used', () => {
    const f = compilePointsFormula('place + entries + players + knockouts + bountyPoints + itm + paidPlaces + reentries + rebuys + addons');
    expect(f.centipoints(row({ bountyPoints: 10 }))).toBe((3 + 40 + 36 + 2.5 + 10 + 1 + 4 + 1 + 0 + 1) * 100);
  });

  it('R-LEAGUE-1, R-MONEY-3: a fee amount is refused, naming it, even in a branch no sample reaches', () => {
    for (const [text, part] of [
      ['buyIn * 2', 'buyIn'],
      ['if entries > 100000 then fee else 1', 'fee'],
      ['place + reentryPrice', 'reentryPrice'],
      ["'amount' + 1", 'amount'],
    ] as const) {
      const e = refusal(() => compilePointsFormula(text));
      expect(e.code).toBe('FORMULA_FEE_FIGURE');
      expect(e.part).toBe(part);
      expect(e.kind).toBe('rule');
    }
  });

  it('R-LEAGUE-2: an unknown name or function is refused, naming it', () => {
    const name = refusal(() => compilePointsFormula('place * bonus'));
    expect([name.code, name.part]).toEqual(['FORMULA_UNKNOWN_FIGURE', 'bonus']);
    const fn = refusal(() => compilePointsFormula('pow(place, 2)'));
    expect([fn.code, fn.part]).toEqual(['FORMULA_UNKNOWN_FUNCTION', 'pow']);
    const dotted = refusal(() => compilePointsFormula('constructor.name'));
    expect(dotted.code).toBe('FORMULA_UNKNOWN_FIGURE');
    expect(refusal(() => compilePointsFormula('"text"')).code).toBe('FORMULA_TEXT');
  });

  it('R-LEAGUE-2: a formula longer than 500 characters is refused', () => {
    const long = Array.from({ length: 200 }, () => 'place').join('+');
    expect(long.length).toBeGreaterThan(MAX_FORMULA_LENGTH);
    expect(refusal(() => compilePointsFormula(long)).code).toBe('FORMULA_TOO_LONG');
    const exact = `1${' '.repeat(MAX_FORMULA_LENGTH - 1)}`;
    expect(compilePointsFormula(exact).centipoints(row())).toBe(100);
  });

  it('R-LEAGUE-2: a formula that does not evaluate on a sample row (division by zero, not a number) is refused', () => {
    const zero = refusal(() => compilePointsFormula('100 / (entries - place)'));
    expect(zero.code).toBe('FORMULA_NOT_EVALUABLE');
    expect(zero.part).toContain('place=1');
    expect(refusal(() => compilePointsFormula('place > 1')).code).toBe('FORMULA_NOT_EVALUABLE');
    expect(refusal(() => compilePointsFormula('log(place - 1)')).code).toBe('FORMULA_NOT_EVALUABLE');
    expect(refusal(() => compilePointsFormula('entries - (place')).code).toBe('FORMULA_SYNTAX');
    expect(refusal(() => compilePointsFormula('10 ^ 12')).code).toBe('FORMULA_OUT_OF_RANGE');
  });

  it('R-LEAGUE-2: presets: linear, square-root decay, a table by place, plus points per knockout credit', () => {
    expect(compilePointsRule({ kind: 'linear' }).centipoints(row())).toBe(3800);
    expect(compilePointsRule({ kind: 'linear', knockoutPoints: 2 }).centipoints(row())).toBe(4300);
    expect(pointsRuleFormula({ kind: 'sqrt_decay', scale: 12.5 })).toBe('12.50 * sqrt(entries / place)');
    expect(compilePointsRule({ kind: 'sqrt_decay' }).centipoints(row({ entries: 100, place: 4 }))).toBe(5000);
    const table = compilePointsRule({ kind: 'table', table: [100, 70, 50], knockoutPoints: 0.5 });
    expect(table.centipoints(row({ place: 2, knockouts: 2 }))).toBe(7100);
    expect(table.centipoints(row({ place: 9, knockouts: 0 }))).toBe(0);
    const own = compilePointsRule({ kind: 'formula', formula: 'byPlace(place) * 2 + knockouts', table: [10, 5] });
    expect(own.centipoints(row({ place: 1, knockouts: 1 }))).toBe(2100);
    expect(refusal(() => compilePointsRule({ kind: 'formula', formula: 'byPlace(place)' })).code).toBe('FORMULA_UNKNOWN_FUNCTION');
    expect(refusal(() => compilePointsRule({ kind: 'linear', knockoutPoints: -1 })).code).toBe('FORMULA_OUT_OF_RANGE');
    expect(refusal(() => compilePointsRule({ kind: 'table', table: [] })).code).toBe('POINTS_TABLE_INVALID');
  });
});
