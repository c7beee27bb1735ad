import { ANTE_TYPES, type AnteType } from '../clock/structure';
import { ruleError, type FieldIssue } from '../core/errors';
import { BETTINGS, type Betting } from '../holdem/hand';

/**
 * The settings of a Duplicate Poker event (R-DUP-1..6). Every point the rules leave open is a setting; the
 * defaults and why they were chosen are in docs/decisions/duplicate.md.
 */

/** R-DUP-1: one round is a fixed number of hands at one fixed blind level. */
export interface RoundSettings {
  hands: number;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  anteType: AnteType;
  /** R-DUP-4: this round's own elimination rule, when it differs from the event's. */
  elimination?: EliminationRule;
}

/** How a round's chip count becomes points within a seat group (R-DUP-3). */
export type PointsRule = 'chips-vs-average' | 'rank';
export const POINTS_RULES: readonly PointsRule[] = ['chips-vs-average', 'rank'];

/** R-DUP-4: whom the lowest totals are counted among, and how many go. */
export interface EliminationRule {
  scope: 'seat-group' | 'field';
  /** Exactly one of `count` (players per scope) and `share` (0..1 of the scope, rounded down). */
  count?: number;
  share?: number;
}

/** Equal totals and equal chips at the elimination line: all of them stay, or all of them go. */
export type TieRule = 'keep-tied' | 'eliminate-tied';
export const TIE_RULES: readonly TieRule[] = ['keep-tied', 'eliminate-tied'];

export interface DuplicateSettings {
  name: string;
  rounds: RoundSettings[];
  /** R-DUP-1: every player starts every round with this stack (T5,000 to T10,000). */
  startingStack: number;
  /** R-DUP-2: seats a table holds (decks are prepared for this many, at most 9). */
  seatsPerTable: number;
  betting: Betting;
  points: PointsRule;
  elimination: EliminationRule;
  tieRule: TieRule;
  /** R-DUP-6: the carry-over is at most n x BB of the round (and at least -n x BB). */
  carryOverCapBB: number;
}

export type SettingsInput = Partial<Omit<DuplicateSettings, 'rounds' | 'name'>> & {
  name: string;
  rounds?: Partial<RoundSettings>[];
  /** Rounds made from the defaults when `rounds` is not given. */
  roundCount?: number;
};

export const STACK_MIN = 5_000;
export const STACK_MAX = 10_000;
export const MIN_SEATS = 2;
export const MAX_SEATS = 9;
/** An elimination share is a part of the scope, below the whole of it. */
export const MAX_ELIMINATION_SHARE = 1;
export const MAX_ROUNDS = 50;
/** R-DUP-6: the largest n of the carry-over cap n x BB. */
export const MAX_CARRY_OVER_CAP_BB = 10_000;
export const SHORT_ROUND = { min: 5, max: 7 } as const;
export const LONG_ROUND = { min: 12, max: 24 } as const;
/** Fields above this many players (six full tables) play short rounds by default. */
export const LARGE_FIELD = 54;

/** R-DUP-1 by field size: a large field plays short rounds of 6 hands, a smaller one long rounds of 12. */
export const defaultHands = (fieldSize: number): number => (fieldSize > LARGE_FIELD ? 6 : 12);

/** The seed's example level, T25/T25: small and big blind 25, no ante. */
export const DEFAULT_LEVEL = { smallBlind: 25, bigBlind: 25, ante: 0, anteType: 'none' as AnteType };

export const DEFAULTS = {
  roundCount: 3,
  startingStack: 10_000,
  seatsPerTable: 9,
  betting: 'no-limit' as Betting,
  points: 'chips-vs-average' as PointsRule,
  elimination: { scope: 'seat-group', count: 1 } as EliminationRule,
  tieRule: 'keep-tied' as TieRule,
  carryOverCapBB: 20,
};

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** Fills the defaults for a field of `fieldSize` players and checks the result; 422 DUPLICATE_SETTINGS_INVALID names every bad field. */
export function resolveSettings(input: SettingsInput, fieldSize: number): DuplicateSettings {
  const roundCount = input.roundCount ?? DEFAULTS.roundCount;
  const given: Partial<RoundSettings>[] =
    input.rounds ?? Array.from({ length: isWhole(roundCount) && roundCount > 0 && roundCount <= MAX_ROUNDS ? roundCount : 0 }, () => ({}));
  const rounds: RoundSettings[] = given.map((r) => ({
    hands: r.hands ?? defaultHands(fieldSize),
    smallBlind: r.smallBlind ?? DEFAULT_LEVEL.smallBlind,
    bigBlind: r.bigBlind ?? DEFAULT_LEVEL.bigBlind,
    ante: r.ante ?? DEFAULT_LEVEL.ante,
    anteType: r.anteType ?? (r.ante ? 'classic' : DEFAULT_LEVEL.anteType),
    ...(r.elimination ? { elimination: r.elimination } : {}),
  }));
  const s: DuplicateSettings = {
    name: input.name,
    rounds,
    startingStack: input.startingStack ?? DEFAULTS.startingStack,
    seatsPerTable: input.seatsPerTable ?? DEFAULTS.seatsPerTable,
    betting: input.betting ?? DEFAULTS.betting,
    points: input.points ?? DEFAULTS.points,
    elimination: input.elimination ?? DEFAULTS.elimination,
    tieRule: input.tieRule ?? DEFAULTS.tieRule,
    carryOverCapBB: input.carryOverCapBB ?? DEFAULTS.carryOverCapBB,
  };
  const issues = settingsIssues(s);
  if (!isWhole(roundCount) || roundCount < 1 || roundCount > MAX_ROUNDS)
    issues.push({ field: 'roundCount', message: `from 1 to ${MAX_ROUNDS} rounds` });
  if (issues.length) throw ruleError('DUPLICATE_SETTINGS_INVALID', issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
  return s;
}

export function settingsIssues(s: DuplicateSettings): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (s.rounds.length < 1) issues.push({ field: 'rounds', message: 'at least one round' });
  s.rounds.forEach((r, i) => {
    const f = `rounds[${i}]`;
    const short = r.hands >= SHORT_ROUND.min && r.hands <= SHORT_ROUND.max;
    const long = r.hands >= LONG_ROUND.min && r.hands <= LONG_ROUND.max;
    if (!isWhole(r.hands) || !(short || long)) {
      issues.push({
        field: `${f}.hands`,
        message: `R-DUP-1: a round has ${SHORT_ROUND.min}-${SHORT_ROUND.max} or ${LONG_ROUND.min}-${LONG_ROUND.max} hands`,
      });
    }
    if (!isWhole(r.bigBlind) || r.bigBlind < 1) issues.push({ field: `${f}.bigBlind`, message: 'a whole number of chips above 0' });
    if (!isWhole(r.smallBlind) || r.smallBlind < 0 || r.smallBlind > r.bigBlind)
      issues.push({ field: `${f}.smallBlind`, message: 'from 0 to the big blind' });
    if (!isWhole(r.ante) || r.ante < 0) issues.push({ field: `${f}.ante`, message: 'a whole number of chips, 0 or more' });
    if (!ANTE_TYPES.includes(r.anteType)) issues.push({ field: `${f}.anteType`, message: `one of ${ANTE_TYPES.join(', ')}` });
    if (r.elimination) issues.push(...eliminationIssues(r.elimination, `${f}.elimination`));
    if (isWhole(r.bigBlind) && isWhole(s.startingStack) && r.bigBlind * 2 > s.startingStack) {
      issues.push({ field: `${f}.bigBlind`, message: 'at most half the starting stack' });
    }
  });
  if (!isWhole(s.startingStack) || s.startingStack < STACK_MIN || s.startingStack > STACK_MAX) {
    issues.push({ field: 'startingStack', message: `R-DUP-1: from ${STACK_MIN} to ${STACK_MAX} chips` });
  }
  if (!isWhole(s.seatsPerTable) || s.seatsPerTable < MIN_SEATS || s.seatsPerTable > MAX_SEATS)
    issues.push({ field: 'seatsPerTable', message: `R-DUP-2: ${MIN_SEATS} to ${MAX_SEATS} seats` });
  if (!BETTINGS.includes(s.betting)) issues.push({ field: 'betting', message: `one of ${BETTINGS.join(', ')}` });
  if (!POINTS_RULES.includes(s.points)) issues.push({ field: 'points', message: `one of ${POINTS_RULES.join(', ')}` });
  if (!TIE_RULES.includes(s.tieRule)) issues.push({ field: 'tieRule', message: `one of ${TIE_RULES.join(', ')}` });
  issues.push(...eliminationIssues(s.elimination, 'elimination'));
  if (!isWhole(s.carryOverCapBB) || s.carryOverCapBB < 1 || s.carryOverCapBB > MAX_CARRY_OVER_CAP_BB)
    issues.push({ field: 'carryOverCapBB', message: `R-DUP-6: n from 1 to ${MAX_CARRY_OVER_CAP_BB}` });
  return issues;
}

function eliminationIssues(e: EliminationRule, field: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (e.scope !== 'seat-group' && e.scope !== 'field') issues.push({ field: `${field}.scope`, message: 'seat-group or field' });
  if ((e.count === undefined) === (e.share === undefined)) issues.push({ field, message: 'give either count or share' });
  if (e.count !== undefined && (!isWhole(e.count) || e.count < 0))
    issues.push({ field: `${field}.count`, message: 'a whole number, 0 or more' });
  if (e.share !== undefined && !(typeof e.share === 'number' && e.share >= 0 && e.share < MAX_ELIMINATION_SHARE))
    issues.push({ field: `${field}.share`, message: `from 0 to below ${MAX_ELIMINATION_SHARE}` });
  return issues;
}
