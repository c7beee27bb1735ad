import { ruleError } from '../core/errors';
import type { FieldIssue } from '../core/errors';
import { colorUpIssues, type ColorUp } from './color-ups';

/** R-HE-4: who pays the ante. `classic` (every player) is the Sport Poker default. */
export type AnteType = 'none' | 'classic' | 'bb';
export const ANTE_TYPES: readonly AnteType[] = ['none', 'classic', 'bb'];
export const DEFAULT_ANTE_TYPE: AnteType = 'classic';

/** The forced bets of a playing level. */
export interface Blinds {
  smallBlind: number;
  bigBlind: number;
  ante: number;
}

/** R-CLK-2: one row of the grid. A break is a level with `isBreak` and zero blinds. */
export interface Level extends Blinds {
  durationSec: number;
  isBreak: boolean;
  label?: string;
}

/** R-CLK-1: a reusable level grid of a club (no `clubId` for the shipped defaults). */
export interface BlindStructure {
  id: string;
  clubId?: string;
  name: string;
  anteType: AnteType;
  levels: Level[];
  /** R-CHIP-2: denominations removed at the start of levels (color-ups.ts); absent when none. */
  colorUps?: ColorUp[];
}

export const MAX_LEVELS = 200;
export const MAX_NAME_LENGTH = 100;
export const MAX_LABEL_LENGTH = 60;
/** A day: longer levels are a typing error (minutes entered as seconds times 60), not a plan. */
export const MAX_LEVEL_DURATION_SEC = 86_400;

const isWholeNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * The blinds rule of a playing level, shared by the structure and the live override (R-CLK-3):
 * small > 0, big >= small, ante >= 0 and 0 when the structure has no ante; whole chips only.
 * `prefix` makes the field paths (`levels[3].` or empty for an override body).
 */
export function blindsIssues(blinds: Blinds, anteType: AnteType, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { smallBlind, bigBlind, ante } = blinds;
  if (!isWholeNumber(smallBlind) || smallBlind <= 0) {
    issues.push({ field: `${prefix}smallBlind`, message: 'small blind must be a whole number greater than 0' });
  }
  if (!isWholeNumber(bigBlind) || bigBlind <= 0) {
    issues.push({ field: `${prefix}bigBlind`, message: 'big blind must be a whole number greater than 0' });
  } else if (isWholeNumber(smallBlind) && bigBlind < smallBlind) {
    issues.push({ field: `${prefix}bigBlind`, message: 'big blind must not be less than the small blind' });
  }
  if (!isWholeNumber(ante) || ante < 0) {
    issues.push({ field: `${prefix}ante`, message: 'ante must be a whole number, 0 or more' });
  } else if (anteType === 'none' && ante !== 0) {
    issues.push({ field: `${prefix}ante`, message: 'ante must be 0 when the structure has no ante' });
  }
  return issues;
}

function levelIssues(level: Level, anteType: AnteType, index: number): FieldIssue[] {
  const p = `levels[${index}].`;
  const issues: FieldIssue[] = [];
  if (typeof level !== 'object' || level === null) {
    return [{ field: `levels[${index}]`, message: 'level must be an object' }];
  }
  if (typeof level.isBreak !== 'boolean') {
    issues.push({ field: `${p}isBreak`, message: 'isBreak must be true or false' });
  }
  if (!isWholeNumber(level.durationSec) || level.durationSec <= 0 || level.durationSec > MAX_LEVEL_DURATION_SEC) {
    issues.push({ field: `${p}durationSec`, message: `duration must be whole seconds, 1..${MAX_LEVEL_DURATION_SEC}` });
  }
  if (level.label !== undefined && (typeof level.label !== 'string' || level.label.length > MAX_LABEL_LENGTH)) {
    issues.push({ field: `${p}label`, message: `label must be text of at most ${MAX_LABEL_LENGTH} characters` });
  }
  if (level.isBreak === true) {
    // Nobody posts anything on a break; non-zero values would show up on the table screens.
    for (const f of ['smallBlind', 'bigBlind', 'ante'] as const) {
      if (level[f] !== 0) issues.push({ field: `${p}${f}`, message: 'a break has no blinds or ante (0)' });
    }
  } else {
    issues.push(...blindsIssues(level, anteType, p));
  }
  return issues;
}

/**
 * R-CLK-1, R-CLK-2: checks a structure and returns it unchanged, or throws STRUCTURE_INVALID with
 * every problem found, each under its field path (`levels[3].bigBlind`).
 */
export function validateStructure(input: BlindStructure): BlindStructure {
  const issues: FieldIssue[] = [];
  if (typeof input.name !== 'string' || input.name.trim() === '') {
    issues.push({ field: 'name', message: 'name is required' });
  } else if (input.name.length > MAX_NAME_LENGTH) {
    issues.push({ field: 'name', message: `name must be at most ${MAX_NAME_LENGTH} characters` });
  }
  if (!ANTE_TYPES.includes(input.anteType)) {
    issues.push({ field: 'anteType', message: `anteType must be one of ${ANTE_TYPES.join(', ')}` });
  }
  const levels: unknown = input.levels;
  if (!Array.isArray(levels)) {
    issues.push({ field: 'levels', message: 'levels must be a list' });
  } else {
    const list = levels as Level[];
    if (list.length > MAX_LEVELS) {
      issues.push({ field: 'levels', message: `at most ${MAX_LEVELS} levels` });
    } else {
      // An unknown ante type is reported once above; check blinds as if ante were allowed.
      const anteType = ANTE_TYPES.includes(input.anteType) ? input.anteType : 'classic';
      list.forEach((level, i) => issues.push(...levelIssues(level, anteType, i)));
    }
    if (!list.some((l) => typeof l === 'object' && l !== null && l.isBreak === false)) {
      issues.push({ field: 'levels', message: 'at least one playing level is required' });
    }
    const last = list[list.length - 1];
    if (last !== undefined && typeof last === 'object' && last !== null && last.isBreak === true) {
      // The clock stays on the last level once it has run out, so that level must be playable.
      issues.push({ field: `levels[${list.length - 1}].isBreak`, message: 'the last level must be a playing level' });
    }
  }
  issues.push(...colorUpIssues(input));
  if (issues.length > 0) {
    throw ruleError('STRUCTURE_INVALID', `Blind structure is invalid: ${issues[0]?.field} ${issues[0]?.message}`, issues);
  }
  return input;
}

/** A deep copy under a new id and owner: how a club takes a default structure as its own. */
export function copyStructure(source: BlindStructure, target: { id: string; clubId?: string; name?: string }): BlindStructure {
  const copy: BlindStructure = {
    id: target.id,
    name: target.name ?? source.name,
    anteType: source.anteType,
    levels: source.levels.map((l) => ({ ...l })),
  };
  if (target.clubId !== undefined) copy.clubId = target.clubId;
  if (source.colorUps !== undefined)
    copy.colorUps = source.colorUps.map((c) => ({ levelIndex: c.levelIndex, denominations: [...c.denominations] }));
  return copy;
}

/** 1-based number of the level among playing levels, or null for a break. */
export function playingLevelNumber(structure: BlindStructure, index: number): number | null {
  const level = structure.levels[index];
  if (level === undefined || level.isBreak) return null;
  let n = 0;
  for (let i = 0; i <= index; i++) if (!structure.levels[i]?.isBreak) n++;
  return n;
}

/** Break levels at or before `index`: the number of the break being entered when `index` is one. */
export function breaksUpTo(structure: BlindStructure, index: number): number {
  let n = 0;
  for (let i = 0; i <= index && i < structure.levels.length; i++) if (structure.levels[i]?.isBreak) n++;
  return n;
}

/** Playing levels before `index`: those the clock has left behind when it stands at `index` (R-REBUY-2 last level). */
export function playingLevelsBefore(structure: BlindStructure, index: number): number {
  let n = 0;
  for (let i = 0; i < index && i < structure.levels.length; i++) if (!structure.levels[i]?.isBreak) n++;
  return n;
}
