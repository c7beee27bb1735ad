import type { FieldIssue } from '../core/errors';
import type { BlindStructure } from './structure';

/*
 * R-CHIP-2 (TDA 24/25): a blind structure's colour-up schedule: at the start of a level, chips of the
 * listed denominations come off the tables (raced off or changed up). The screen announces a colour-up
 * during the level before it, which is the break where the structure puts one there.
 */

export interface ColorUp {
  /** The level (0-based index in `levels`) at whose start the denominations are removed: a playing level. */
  levelIndex: number;
  /** Chip values removed, each listed once. */
  denominations: number[];
}

/** More colour-ups than this in one structure is not a plan: a set has a handful of denominations. */
export const MAX_COLOR_UPS = 20;
export const MAX_DENOMINATIONS_PER_COLOR_UP = 10;
export const MAX_DENOMINATION = 1_000_000_000;

/** 1-based among playing levels, null for a break (as structure.ts counts, without importing it back). */
function playingLevelNumber(structure: BlindStructure, index: number): number | null {
  if (structure.levels[index]?.isBreak !== false) return null;
  let n = 0;
  for (let i = 0; i <= index; i++) if (structure.levels[i]?.isBreak === false) n++;
  return n;
}

const isWholeNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * The schedule's problems: colour-ups in level order, each at a playing level after the first, with 1 to
 * MAX_DENOMINATIONS_PER_COLOR_UP whole positive denominations, and no denomination removed twice (once off,
 * a chip is gone). The structure does not know the club's chip set, so blinds are not checked against it.
 */
export function colorUpIssues(structure: BlindStructure): FieldIssue[] {
  const list: unknown = structure.colorUps;
  if (list === undefined) return [];
  if (!Array.isArray(list)) return [{ field: 'colorUps', message: 'colorUps must be a list' }];
  if (list.length > MAX_COLOR_UPS) return [{ field: 'colorUps', message: `at most ${MAX_COLOR_UPS} colour-ups` }];
  const issues: FieldIssue[] = [];
  const removed = new Set<number>();
  let previous = -1;
  (list as ColorUp[]).forEach((c, i) => {
    const p = `colorUps[${i}].`;
    if (typeof c !== 'object' || c === null) {
      issues.push({ field: `colorUps[${i}]`, message: 'a colour-up must be an object' });
      return;
    }
    const levels = Array.isArray(structure.levels) ? structure.levels : [];
    if (!isWholeNumber(c.levelIndex) || c.levelIndex < 1 || c.levelIndex >= levels.length) {
      issues.push({ field: `${p}levelIndex`, message: `a level of the structure after the first (1..${Math.max(1, levels.length - 1)})` });
    } else {
      if (playingLevelNumber(structure, c.levelIndex) === null) {
        issues.push({ field: `${p}levelIndex`, message: 'a colour-up happens at the start of a playing level, not a break' });
      }
      if (c.levelIndex <= previous) issues.push({ field: `${p}levelIndex`, message: 'colour-ups in level order, one per level' });
      previous = c.levelIndex;
    }
    const ds: unknown = c.denominations;
    if (!Array.isArray(ds) || ds.length === 0 || ds.length > MAX_DENOMINATIONS_PER_COLOR_UP) {
      issues.push({ field: `${p}denominations`, message: `1 to ${MAX_DENOMINATIONS_PER_COLOR_UP} denominations` });
      return;
    }
    (ds as number[]).forEach((d, k) => {
      if (!isWholeNumber(d) || d <= 0 || d > MAX_DENOMINATION) {
        issues.push({ field: `${p}denominations[${k}]`, message: `a whole chip value, 1..${MAX_DENOMINATION}` });
      } else if (removed.has(d)) {
        issues.push({ field: `${p}denominations[${k}]`, message: `the ${d} chip is removed only once` });
      } else removed.add(d);
    });
  });
  return issues;
}

/**
 * The colour-up the screen announces while the clock stands at `levelIndex`: the one at the start of the
 * next level, or none.
 */
export function colorUpAhead(structure: BlindStructure, levelIndex: number): (ColorUp & { levelNumber: number }) | null {
  const next = structure.colorUps?.find((c) => c.levelIndex === levelIndex + 1);
  if (!next) return null;
  return {
    levelIndex: next.levelIndex,
    levelNumber: playingLevelNumber(structure, next.levelIndex) ?? 0,
    denominations: [...next.denominations],
  };
}
