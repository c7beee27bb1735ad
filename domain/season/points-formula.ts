import { compileExpression } from 'filtrex';
import { DomainError } from '../core/errors';
import { MAX_FORMULA_LENGTH, MAX_POINTS_TABLE_ROWS, MAX_RESULT_POINTS } from './limits';
import { isFeeName, isFigureName, POINTS_FIGURES, SAMPLE_FIGURES, type PointsFigures } from './points-figures';

/*
 * R-LEAGUE-2: a league's points formula is a user expression parsed and run by filtrex, a library made for
 * that: no JavaScript reaches the expression, only arithmetic, comparisons, if/then/else and the
 * functions listed below over the figures of R-LEAGUE-1. A formula is checked and compiled once when it
 * is set (`compilePointsFormula`), then evaluated for every result.
 */

/** filtrex's numeric functions a formula may call; `byPlace` exists when the league has a points table. */
export const FORMULA_FUNCTIONS = ['abs', 'ceil', 'floor', 'log', 'log2', 'log10', 'max', 'min', 'round', 'sqrt'] as const;
export const TABLE_FUNCTION = 'byPlace';

export type FormulaErrorCode =
  | 'FORMULA_TOO_LONG'
  | 'FORMULA_SYNTAX'
  | 'FORMULA_TEXT'
  | 'FORMULA_FEE_FIGURE'
  | 'FORMULA_UNKNOWN_FIGURE'
  | 'FORMULA_UNKNOWN_FUNCTION'
  | 'FORMULA_NOT_EVALUABLE'
  | 'FORMULA_OUT_OF_RANGE'
  | 'POINTS_TABLE_INVALID';

/** A refused formula (422): `part` is the piece of the formula, or the sample row, that fails. */
export class FormulaError extends DomainError {
  readonly part: string;
  constructor(code: FormulaErrorCode, part: string, message: string, field = 'formula') {
    super(code, message, 'rule', [{ field, message }]);
    this.name = 'FormulaError';
    this.part = part;
  }
}

export interface CompileOptions {
  /** Points by place (index 0 = 1st place), reachable as `byPlace(place)`; places past its end get 0. */
  table?: readonly number[];
}

/** A formula that passed every check. Evaluating it never runs anything but the compiled expression. */
export interface PointsFormula {
  readonly text: string;
  /** The points of one result, in hundredths (an integer): sums of them are exact whatever the order. */
  centipoints(figures: PointsFigures): number;
}

/** Hundredths of a point: what standings add up. */
export const POINTS_SCALE = 100;
export const pointsOf = (centipoints: number): number => centipoints / POINTS_SCALE;

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'of', 'if', 'then', 'else', 'mod']);
/*
 * Symbols as filtrex's grammar writes them (bare or single-quoted) and its double-quoted texts. filtrex
 * resolves a name only when the branch holding it runs, so a name in a branch the sample rows do not
 * reach would pass unseen; listing them from the text refuses every one when the formula is set.
 */
const TOKEN = /"(?:\\"|\\\\|[^"\\])*"|'((?:\\'|\\\\|[^'\\])*)'|([A-Za-z$_][.A-Za-z0-9$_]*)(\s*\()?/g;

/**
 * R-LEAGUE-2: checks a formula and compiles it. Refused (FormulaError naming the part): more than
 * MAX_FORMULA_LENGTH characters, a syntax error, a text literal, a fee amount or any name that is not a
 * figure of R-LEAGUE-1, a function outside FORMULA_FUNCTIONS, a result that is not a finite number on
 * one of SAMPLE_FIGURES (unknown name, division by zero, not finite), points beyond MAX_RESULT_POINTS.
 */
export function compilePointsFormula(text: string, options: CompileOptions = {}): PointsFormula {
  if (typeof text !== 'string' || text.trim().length === 0) {
    throw new FormulaError('FORMULA_SYNTAX', '', 'The points formula is empty');
  }
  if (text.length > MAX_FORMULA_LENGTH) {
    throw new FormulaError(
      'FORMULA_TOO_LONG',
      text.slice(MAX_FORMULA_LENGTH, MAX_FORMULA_LENGTH + 20),
      `The points formula has ${text.length} characters, at most ${MAX_FORMULA_LENGTH} are allowed`,
    );
  }
  const table = options.table === undefined ? undefined : checkTable(options.table);
  checkNames(text, table !== undefined);

  let run: (data: PointsFigures) => unknown;
  try {
    run = compileExpression(text, {
      extraFunctions: table ? { [TABLE_FUNCTION]: (place: unknown) => byPlace(table, place) } : {},
    }) as (data: PointsFigures) => unknown;
  } catch (e) {
    throw new FormulaError('FORMULA_SYNTAX', syntaxPart(e), `The points formula does not parse: ${firstLine(e)}`);
  }

  const centipoints = (figures: PointsFigures): number => {
    const value = run(figures);
    if (value instanceof Error) throw notEvaluable(figures, value.message);
    if (typeof value !== 'number') throw notEvaluable(figures, `the result is ${typeof value}, not a number`);
    if (!Number.isFinite(value)) throw notEvaluable(figures, `the result is ${String(value)} (a division by zero?)`);
    if (Math.abs(value) > MAX_RESULT_POINTS) {
      throw new FormulaError(
        'FORMULA_OUT_OF_RANGE',
        describe(figures),
        `The points formula gives ${value} points for ${describe(figures)}, beyond ${MAX_RESULT_POINTS}`,
      );
    }
    return Math.round(value * POINTS_SCALE);
  };
  for (const sample of SAMPLE_FIGURES) centipoints(sample);
  return { text, centipoints };
}

function checkNames(text: string, hasTable: boolean): void {
  for (const m of text.matchAll(TOKEN)) {
    const [token, quoted, bare, call] = m;
    if (quoted === undefined && bare === undefined) {
      throw new FormulaError('FORMULA_TEXT', token, `A points formula holds figures and numbers, not text: ${token}`);
    }
    const name = quoted ?? (bare as string);
    if (quoted === undefined && KEYWORDS.has(name)) continue;
    if (call !== undefined && quoted === undefined) {
      const known = (FORMULA_FUNCTIONS as readonly string[]).includes(name) || (hasTable && name === TABLE_FUNCTION);
      if (!known) {
        const listed = [...FORMULA_FUNCTIONS, ...(hasTable ? [TABLE_FUNCTION] : [])].join(', ');
        throw new FormulaError('FORMULA_UNKNOWN_FUNCTION', name, `Unknown function ${name}() in the points formula; allowed: ${listed}`);
      }
      continue;
    }
    if (isFigureName(name)) continue;
    if (isFeeName(name)) {
      throw new FormulaError(
        'FORMULA_FEE_FIGURE',
        name,
        `Points never depend on a fee (R-MONEY-3): "${name}" cannot be used in the points formula`,
      );
    }
    throw new FormulaError(
      'FORMULA_UNKNOWN_FIGURE',
      name,
      `Unknown figure "${name}" in the points formula; allowed: ${POINTS_FIGURES.join(', ')}`,
    );
  }
}

function checkTable(table: readonly number[]): readonly number[] {
  const bad = (part: string, message: string) => new FormulaError('POINTS_TABLE_INVALID', part, message, 'table');
  if (!Array.isArray(table) || table.length === 0 || table.length > MAX_POINTS_TABLE_ROWS) {
    throw bad('table', `A points table has 1 to ${MAX_POINTS_TABLE_ROWS} rows`);
  }
  table.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > MAX_RESULT_POINTS) {
      throw bad(`table[${i}]`, `Row ${i + 1} of the points table must be a number of at most ${MAX_RESULT_POINTS} in absolute value`);
    }
  });
  return table.slice();
}

function byPlace(table: readonly number[], place: unknown): number {
  return typeof place === 'number' && Number.isInteger(place) && place >= 1 ? (table[place - 1] ?? 0) : 0;
}

const describe = (f: PointsFigures): string => POINTS_FIGURES.map((k) => `${k}=${f[k]}`).join(', ');

const notEvaluable = (f: PointsFigures, why: string): FormulaError =>
  new FormulaError('FORMULA_NOT_EVALUABLE', describe(f), `The points formula cannot be evaluated for ${describe(f)}: ${why}`);

const firstLine = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0] as string;

/** filtrex's parse error shows the text around the failure on its second line. */
function syntaxPart(e: unknown): string {
  const lines = (e instanceof Error ? e.message : String(e)).split('\n');
  return (lines[1] ?? lines[0] ?? '').trim();
}
