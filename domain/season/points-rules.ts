import { compilePointsFormula, FormulaError, type PointsFormula } from './points-formula';

/**
 * R-LEAGUE-2: how a league gives points, as the club sets it: a preset or its own formula. Every rule
 * becomes a filtrex formula over the figures of R-LEAGUE-1 (`pointsRuleFormula` shows its text), so
 * presets and custom formulas take the one checked path.
 */
export type PointsRule =
  /** entries - place + 1: the winner of 40 entries gets 40, the last player 1 or more. */
  | { kind: 'linear'; knockoutPoints?: number }
  /** scale x sqrt(entries / place): steep at the top, long tail. */
  | { kind: 'sqrt_decay'; scale?: number; knockoutPoints?: number }
  /** A fixed table by place (index 0 = 1st); places past the table get 0. */
  | { kind: 'table'; table: readonly number[]; knockoutPoints?: number }
  /** The club's own expression; `table` makes `byPlace(place)` available to it. */
  | { kind: 'formula'; formula: string; table?: readonly number[] };

export type PointsRuleKind = PointsRule['kind'];
export const POINTS_RULE_KINDS: readonly PointsRuleKind[] = ['linear', 'sqrt_decay', 'table', 'formula'];

export const DEFAULT_SQRT_SCALE = 10;
/** Preset coefficients: hundredths at most, so the formula text states them exactly. */
const MAX_COEFFICIENT = 1_000_000;

/** The formula text a rule stands for. */
export function pointsRuleFormula(rule: PointsRule): string {
  switch (rule.kind) {
    case 'linear':
      return withKnockouts('entries - place + 1', rule.knockoutPoints);
    case 'sqrt_decay':
      return withKnockouts(`${coefficient(rule.scale ?? DEFAULT_SQRT_SCALE, 'scale')} * sqrt(entries / place)`, rule.knockoutPoints);
    case 'table':
      return withKnockouts('byPlace(place)', rule.knockoutPoints);
    case 'formula':
      return rule.formula;
    default:
      throw new FormulaError(
        'FORMULA_SYNTAX',
        String((rule as { kind?: unknown }).kind),
        `Points rule kind must be one of ${POINTS_RULE_KINDS.join(', ')}`,
        'kind',
      );
  }
}

/** R-LEAGUE-2: checks and compiles a rule once; the result evaluates every counted result. */
export function compilePointsRule(rule: PointsRule): PointsFormula {
  const text = pointsRuleFormula(rule);
  const table = rule.kind === 'table' ? rule.table : rule.kind === 'formula' ? rule.table : undefined;
  if (rule.kind === 'table' && table === undefined) {
    throw new FormulaError('POINTS_TABLE_INVALID', 'table', 'A table preset needs its table of points by place', 'table');
  }
  return compilePointsFormula(text, table === undefined ? {} : { table });
}

function withKnockouts(base: string, perKnockout: number | undefined): string {
  if (perKnockout === undefined || perKnockout === 0) return base;
  return `${base} + ${coefficient(perKnockout, 'knockoutPoints')} * knockouts`;
}

/** A non-negative coefficient with at most two decimals, written as filtrex reads numbers (no exponent). */
function coefficient(value: number, field: string): string {
  const hundredths = Math.round(value * 100);
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > MAX_COEFFICIENT ||
    Math.abs(value * 100 - hundredths) > 1e-6
  ) {
    throw new FormulaError(
      'FORMULA_OUT_OF_RANGE',
      field,
      `${field} must be a number from 0 to ${MAX_COEFFICIENT} with at most two decimals`,
      field,
    );
  }
  const whole = Math.trunc(hundredths / 100);
  const cents = hundredths % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}
