import { isDomainError, ruleError } from '../core/errors';
import { MAX_ID_LENGTH } from '../core/limits';
import { MAX_LEVELS } from '../clock/structure';
import { PRIZE_PRESETS, type PrizePresetId } from '../results/prizes';
import type { FieldIssue } from '../core/errors';
import { assertNoMoneyWording } from '../text/money-wording';
import { checkPrizeDetails, prizeLabel, type PrizeDetails } from './prize-kinds';
import { checkBountySettings, type BountySettingsFields } from './bounty-settings';
import { guaranteeIssues } from './guaranteed-prizes';
import { checkSatelliteField, fixedSeats, type SatelliteSetting } from './satellite-settings';
import { checkShootoutFields, type ShootoutSettingsFields } from './shootout-settings';

/** R-FMT-1: a label only; what a tournament allows follows from its amounts and windows. */
export const FORMAT_LABELS = ['freezeout', 'rebuy', 'reentry', 'addon', 'bounty'] as const;
export type FormatLabel = (typeof FORMAT_LABELS)[number];
export const BOUNTY_TYPES = ['none', 'classic', 'progressive', 'mystery'] as const;
export type BountyType = (typeof BOUNTY_TYPES)[number];
export const NO_SHOW_POLICIES = ['drop', 'absent_mode'] as const;
/** R-KO-3: `both` killers get 0.5 (our default); `primary_only` keeps the original behaviour. */
export const TWO_KILLER_CREDITS = ['both', 'primary_only'] as const;
/** R-MYS-2: one draw per killer entry (the original behaviour, default) or one per knockout. */
export const MYSTERY_DRAW_SCOPES = ['per_killer_entry', 'per_knockout'] as const;
export type NoShowPolicy = (typeof NO_SHOW_POLICIES)[number];
export const MOVE_RULES = ['big_blind_next', 'random', 'last_seat'] as const;
export type MoveRule = (typeof MOVE_RULES)[number];
export const BALANCING_MODES = ['auto', 'manual'] as const;
export type BalancingMode = (typeof BALANCING_MODES)[number];
/** R-LATE-1: a late entrant gets the full starting stack (default) or it minus the forced bets already passed. */
export const LATE_ENTRY_STACKS = ['full', 'minus_forced_bets'] as const;
export type LateEntryStack = (typeof LATE_ENTRY_STACKS)[number];

/** R-SEAT-1 bounds; R-PRZ-1 limits. */
export const MIN_SEATS_PER_TABLE = 2;
export const MAX_SEATS_PER_TABLE = 10;
export const MAX_PRIZE_ROWS = 200;
export const MAX_PRIZE_DESCRIPTION = 500;
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_PLACE = 100_000;
/** R-REBUY-2: the last level rebuys may run to, no further than a grid's levels (MAX_LEVELS). */
export const MAX_REBUY_END_LEVEL = MAX_LEVELS;
/** R-NOSHOW-2: one hand a second is already far beyond any table. */
export const MAX_HANDS_PER_HOUR = 3600;
/** A week: longer is a typing error, not a tournament. */
export const MAX_EXPECTED_DURATION_MINUTES = 7 * 24 * 60;
/** R-KO-3: a knockout is cancelled within a day at the latest. */
export const MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES = 24 * 60;
/** R-ITM-1: a percent of the entries. */
export const MAX_ITM_PERCENT = 100;
/** R-TICKET-2: places free_entry prize rows may cover (each gets a ticket in the finish's transaction). */
export const MAX_FREE_ENTRY_PLACES = 40;

/** A prize for one place, or for a block of places sharing one description. Never money (R-MONEY-2). */
export type PrizeRow = ({ place: number; description: string } | { placeFrom: number; placeTo: number; description: string }) &
  PrizeDetails;

export interface BalancingSettings {
  moveRule: MoveRule;
  allowedSkew: number;
  mode: BalancingMode;
}

/**
 * Validated settings. Times are ms UTC; amounts are non-negative integer minor units of `currency`.
 * An unset price means "not offered"; 0 means "offered free".
 */
export interface TournamentSettings {
  name: string;
  description: string;
  formatLabel: FormatLabel;
  startAt: number;
  lateRegEndsAt: number;
  reentryEndsAt?: number;
  addonEndsAt?: number;
  addonAtBreak?: number;
  addonOncePerPlayer: boolean;
  /** R-REBUY-2 "Beyond": all three unset = the original behaviour (no window, no limit). */
  rebuyEndsAt?: number;
  rebuyMaxPerPlayer?: number;
  rebuyOnlyAtOrBelowChips?: number;
  /** R-REBUY-2 "Beyond": the last playing level (1-based) in which rebuys are taken; unset = no such limit. */
  rebuyEndsAtLevel?: number;
  /** R-LATE-1: how a late entrant's stack is made; absent on tournaments stored before it existed = full. */
  lateEntryStack?: LateEntryStack;
  /** R-NOSHOW-2 / R-LATE-1: the pace the forced-bet model assumes, hands per hour at a table; unset = 30. */
  handsPerHour?: number;
  /** How long the tournament is expected to run; defines "at the same time" for R-REG-1. */
  expectedDurationMinutes?: number;
  buyIn: number;
  rebuy?: number;
  reentry?: number;
  addon?: number;
  currency: string;
  startingStack: number;
  addonChips?: number;
  seatsPerTable: number;
  seatLimit?: number;
  blindStructureId?: string;
  bountyType: BountyType;
  mysteryBounty: boolean;
  /** Whether anyone may read the results of the finished tournament; a club may keep them to its players. */
  resultsPublic: boolean;
  noShowPolicy: NoShowPolicy;
  itmPercent: number;
  itmMinimum: number;
  prizes: PrizeRow[];
  /** R-PRZ-2: a preset instead of own rows, cut to the field when the results are made. */
  prizePreset?: PrizePresetId;
  /** R-GTD-1: the prize rows are guaranteed: never cut to the field, shown as guaranteed (guaranteed-prizes.ts). */
  prizesGuaranteed?: boolean;
  balancing: BalancingSettings;
  knockoutCancelWindowMinutes: number;
  twoKillerCredit: (typeof TWO_KILLER_CREDITS)[number];
  mysteryDrawScope: (typeof MYSTERY_DRAW_SCOPES)[number];
  /** R-SAT-1..3: the tournament is a satellite awarding seats in a target (satellite-settings.ts). */
  satellite?: SatelliteSetting;
}
/** R-BTY-3, R-MYS-2 Beyond: the progressive bounty and the mystery prize table (bounty-settings.ts). */
export interface TournamentSettings {
  progressiveMode?: BountySettingsFields['progressiveMode'];
  initialBounty?: number;
  progressiveCollectPercent?: number;
  mysteryPrizeSource?: BountySettingsFields['mysteryPrizeSource'];
  mysteryPrizeTable?: BountySettingsFields['mysteryPrizeTable'];
}

/** R-SHOOT-1..2: a shootout and the players each table sends on (shootout-settings.ts). */
export interface TournamentSettings {
  format?: ShootoutSettingsFields['format'];
  advancePerTable?: number;
}

/** What create accepts: required fields plus any of the rest (defaults fill the gaps). */
export interface SettingsInput {
  name: string;
  description?: string;
  formatLabel?: FormatLabel;
  startAt: number;
  lateRegEndsAt: number;
  reentryEndsAt?: number;
  addonEndsAt?: number;
  addonAtBreak?: number;
  addonOncePerPlayer?: boolean;
  rebuyEndsAt?: number;
  rebuyMaxPerPlayer?: number;
  rebuyOnlyAtOrBelowChips?: number;
  rebuyEndsAtLevel?: number;
  lateEntryStack?: LateEntryStack;
  handsPerHour?: number;
  expectedDurationMinutes?: number;
  buyIn: number;
  rebuy?: number;
  reentry?: number;
  addon?: number;
  /** Defaults to the club's currency; any other value is refused. */
  currency?: string;
  startingStack: number;
  addonChips?: number;
  seatsPerTable?: number;
  seatLimit?: number;
  blindStructureId?: string;
  bountyType?: BountyType;
  mysteryBounty?: boolean;
  resultsPublic?: boolean;
  noShowPolicy?: NoShowPolicy;
  itmPercent?: number;
  itmMinimum?: number;
  prizes?: PrizeRow[];
  prizePreset?: PrizePresetId;
  prizesGuaranteed?: boolean;
  balancing?: Partial<BalancingSettings>;
  knockoutCancelWindowMinutes?: number;
  twoKillerCredit?: (typeof TWO_KILLER_CREDITS)[number];
  mysteryDrawScope?: (typeof MYSTERY_DRAW_SCOPES)[number];
  satellite?: Partial<SatelliteSetting>;
}
export interface SettingsInput {
  progressiveMode?: BountySettingsFields['progressiveMode'];
  initialBounty?: number;
  progressiveCollectPercent?: number;
  mysteryPrizeSource?: BountySettingsFields['mysteryPrizeSource'];
  mysteryPrizeTable?: BountySettingsFields['mysteryPrizeTable'];
}

export interface SettingsInput {
  format?: 'regular' | 'shootout';
  advancePerTable?: number;
}

/** What edit accepts: any field; `null` clears an optional one. */
export type SettingsPatch = { [K in keyof SettingsInput]?: SettingsInput[K] | null };

export const SETTINGS_DEFAULTS = {
  description: '',
  formatLabel: 'freezeout',
  addonOncePerPlayer: true,
  resultsPublic: true,
  seatsPerTable: 9,
  bountyType: 'none',
  noShowPolicy: 'drop',
  itmPercent: 10,
  itmMinimum: 1,
  balancing: { moveRule: 'big_blind_next', allowedSkew: 1, mode: 'auto' },
  knockoutCancelWindowMinutes: 5,
  twoKillerCredit: 'both',
  mysteryDrawScope: 'per_killer_entry',
} as const satisfies Partial<TournamentSettings>;

interface Issue extends FieldIssue {
  code: string;
}

const INVALID = 'SETTINGS_INVALID';
const DEADLINES = 'DEADLINES_OUT_OF_ORDER';
const SEATS = 'SEATS_PER_TABLE_OUT_OF_RANGE';

const absent = (v: unknown): v is undefined | null => v === undefined || v === null;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Collects every issue of one input, so a single refusal names every offending field. */
class Checker {
  readonly issues: Issue[] = [];
  constructor(private readonly raw: Record<string, unknown>) {}

  add(field: string, message: string, code = INVALID): void {
    this.issues.push({ field, message, code });
  }

  int(field: string, opts: { min: number; max?: number; required: true }): number;
  int(field: string, opts: { min: number; max?: number; required?: false }): number | undefined;
  int(field: string, opts: { min: number; max?: number; required?: boolean }): number | undefined {
    const v = this.raw[field];
    if (absent(v)) {
      if (opts.required) this.add(field, 'is required');
      return undefined;
    }
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    if (!isInt(v) || v < opts.min || v > max) {
      this.add(field, opts.max === undefined ? `must be an integer >= ${opts.min}` : `must be an integer from ${opts.min} to ${max}`);
      return undefined;
    }
    return v;
  }

  text(field: string, opts: { max: number; required: boolean; money: boolean }): string | undefined {
    const v = this.raw[field];
    if (absent(v)) {
      if (opts.required) this.add(field, 'is required');
      return undefined;
    }
    if (typeof v !== 'string') {
      this.add(field, 'must be a string');
      return undefined;
    }
    const t = v.trim();
    if (opts.required && t.length === 0) this.add(field, 'must not be empty');
    else if (t.length > opts.max) this.add(field, `must be at most ${opts.max} characters`);
    else {
      if (opts.money) this.noMoney(field, t);
      return t;
    }
    return undefined;
  }

  oneOf<T extends string>(field: string, values: readonly T[], fallback: T): T {
    const v = this.raw[field];
    if (absent(v)) return fallback;
    if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
    this.add(field, `must be one of ${values.join(', ')}`);
    return fallback;
  }

  bool(field: string, fallback: boolean): boolean {
    const v = this.raw[field];
    if (absent(v)) return fallback;
    if (typeof v === 'boolean') return v;
    this.add(field, 'must be true or false');
    return fallback;
  }

  /** R-MONEY-2 through the one shared validator; its refusal becomes one more field issue. */
  noMoney(field: string, text: string): void {
    try {
      assertNoMoneyWording(field, text);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      const first = e.errors?.[0];
      this.add(field, first?.message ?? e.message, e.code);
    }
  }
}

function checkPrizes(c: Checker, value: unknown): PrizeRow[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) {
    c.add('prizes', 'must be a list');
    return [];
  }
  if (value.length > MAX_PRIZE_ROWS) {
    c.add('prizes', `at most ${MAX_PRIZE_ROWS} rows (R-PRZ-1)`);
    return [];
  }
  const rows: PrizeRow[] = [];
  const ranges: { from: number; to: number; index: number }[] = [];
  value.forEach((row: unknown, i) => {
    const field = `prizes[${i}]`;
    if (typeof row !== 'object' || row === null) {
      c.add(field, 'must be an object');
      return;
    }
    const r = row as Record<string, unknown>;
    const d = r.description;
    let description: string | undefined;
    // A structured prize (R-MONEY-2) needs no free text: its kind names it.
    const details = checkPrizeDetails(
      r,
      field,
      (f, m) => c.add(f, m),
      (f, t) => c.noMoney(f, t),
    );
    const label = prizeLabel(details);
    if ((typeof d !== 'string' || d.trim().length === 0) && label !== undefined && d === undefined) description = label;
    else if (typeof d !== 'string' || d.trim().length === 0) c.add(`${field}.description`, 'is required');
    else if (d.trim().length > MAX_PRIZE_DESCRIPTION) {
      c.add(`${field}.description`, `must be at most ${MAX_PRIZE_DESCRIPTION} characters (R-PRZ-1)`);
    } else {
      description = d.trim();
      c.noMoney(`${field}.description`, description);
    }
    const place = (v: unknown): v is number => isInt(v) && v >= 1 && v <= MAX_PLACE;
    const single = !absent(r.place);
    const block = !absent(r.placeFrom) || !absent(r.placeTo);
    let from: number | undefined;
    let to: number | undefined;
    if (single === block) c.add(`${field}.place`, 'give either place or placeFrom and placeTo');
    else if (single) {
      if (place(r.place)) from = to = r.place;
      else c.add(`${field}.place`, `must be an integer from 1 to ${MAX_PLACE}`);
    } else if (!place(r.placeFrom) || !place(r.placeTo)) {
      c.add(`${field}.placeFrom`, `placeFrom and placeTo must be integers from 1 to ${MAX_PLACE}`);
    } else if (r.placeFrom > r.placeTo) c.add(`${field}.placeTo`, 'must not be below placeFrom');
    else {
      from = r.placeFrom;
      to = r.placeTo;
    }
    if (from === undefined || to === undefined || description === undefined) return;
    ranges.push({ from, to, index: i });
    rows.push({ ...(single ? { place: from, description } : { placeFrom: from, placeTo: to, description }), ...details });
  });
  // A place described by two rows would be ambiguous at the prize ceremony.
  ranges.sort((a, b) => a.from - b.from);
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1];
    const cur = ranges[i];
    if (prev && cur && cur.from <= prev.to) c.add(`prizes[${cur.index}]`, `places overlap prizes[${prev.index}]`);
  }
  // R-TICKET-2: the finish issues the free entries in its own transaction, so their number is bounded.
  const freeEntries = rows.reduce((n, r) => n + (r.kind !== 'free_entry' ? 0 : 'place' in r ? 1 : r.placeTo - r.placeFrom + 1), 0);
  if (freeEntries > MAX_FREE_ENTRY_PLACES) c.add('prizes', `free_entry rows cover at most ${MAX_FREE_ENTRY_PLACES} places`);
  return rows;
}

function checkBalancing(c: Checker, value: unknown, seatsPerTable: number): BalancingSettings {
  const d = SETTINGS_DEFAULTS.balancing;
  if (absent(value)) return { ...d };
  if (typeof value !== 'object') {
    c.add('balancing', 'must be an object');
    return { ...d };
  }
  const b = new Checker(value as Record<string, unknown>);
  const out: BalancingSettings = {
    moveRule: b.oneOf('moveRule', MOVE_RULES, d.moveRule),
    allowedSkew: b.int('allowedSkew', { min: 1, max: Math.max(1, seatsPerTable - 1) }) ?? d.allowedSkew,
    mode: b.oneOf('mode', BALANCING_MODES, d.mode),
  };
  for (const i of b.issues) c.add(`balancing.${i.field}`, i.message, i.code);
  return out;
}

/**
 * The one validator behind create and edit. Returns normalised settings (defaults applied, optional
 * fields left out when unset) or throws one refusal listing every offending field. The code is the
 * issues' own code when they all share one (MONEY_WORDING, DEADLINES_OUT_OF_ORDER,
 * SEATS_PER_TABLE_OUT_OF_RANGE), else SETTINGS_INVALID.
 */
export function validateSettings(input: SettingsInput | SettingsPatch, club: { currency: string }): TournamentSettings {
  const raw = input as unknown as Record<string, unknown>;
  const c = new Checker(raw);
  const money = (field: string) => c.int(field, { min: 0 });
  const time = (field: string) => c.int(field, { min: 0 });

  const name = c.text('name', { max: MAX_NAME, required: true, money: true });
  const description = c.text('description', { max: MAX_DESCRIPTION, required: false, money: true });
  const formatLabel = c.oneOf('formatLabel', FORMAT_LABELS, SETTINGS_DEFAULTS.formatLabel);
  const startAt = c.int('startAt', { min: 0, required: true });
  const lateRegEndsAt = c.int('lateRegEndsAt', { min: 0, required: true });
  const reentryEndsAt = time('reentryEndsAt');
  const addonEndsAt = time('addonEndsAt');
  const addonAtBreak = c.int('addonAtBreak', { min: 1 });
  const addonOncePerPlayer = c.bool('addonOncePerPlayer', SETTINGS_DEFAULTS.addonOncePerPlayer);
  const rebuyEndsAt = time('rebuyEndsAt');
  const rebuyMaxPerPlayer = c.int('rebuyMaxPerPlayer', { min: 1 });
  const rebuyOnlyAtOrBelowChips = c.int('rebuyOnlyAtOrBelowChips', { min: 0 });
  const rebuyEndsAtLevel = c.int('rebuyEndsAtLevel', { min: 1, max: MAX_REBUY_END_LEVEL });
  const handsPerHour = c.int('handsPerHour', { min: 1, max: MAX_HANDS_PER_HOUR });
  const lateEntryStack = absent(raw.lateEntryStack) ? undefined : c.oneOf('lateEntryStack', LATE_ENTRY_STACKS, 'full');
  const expectedDurationMinutes = c.int('expectedDurationMinutes', { min: 1, max: MAX_EXPECTED_DURATION_MINUTES });
  const buyIn = c.int('buyIn', { min: 0, required: true });
  const rebuy = money('rebuy');
  const reentry = money('reentry');
  const addon = money('addon');
  const startingStack = c.int('startingStack', { min: 1, required: true });
  const addonChips = c.int('addonChips', { min: 1 });
  const seatLimit = c.int('seatLimit', { min: 1 });
  const blindStructureId = c.text('blindStructureId', { max: MAX_ID_LENGTH, required: false, money: false });
  const bountyType = c.oneOf('bountyType', BOUNTY_TYPES, SETTINGS_DEFAULTS.bountyType);
  const mysteryBounty = c.bool('mysteryBounty', bountyType === 'mystery');
  const resultsPublic = c.bool('resultsPublic', SETTINGS_DEFAULTS.resultsPublic);
  const noShowPolicy = c.oneOf('noShowPolicy', NO_SHOW_POLICIES, SETTINGS_DEFAULTS.noShowPolicy);
  const twoKillerCredit = c.oneOf('twoKillerCredit', TWO_KILLER_CREDITS, SETTINGS_DEFAULTS.twoKillerCredit);
  const mysteryDrawScope = c.oneOf('mysteryDrawScope', MYSTERY_DRAW_SCOPES, SETTINGS_DEFAULTS.mysteryDrawScope);
  const bountyFields = checkBountySettings(raw, (f, m, code) => c.add(f, m, code), { bountyType, mysteryBounty });
  const itmMinimum = c.int('itmMinimum', { min: 1 }) ?? SETTINGS_DEFAULTS.itmMinimum;
  const knockoutCancelWindowMinutes =
    c.int('knockoutCancelWindowMinutes', { min: 0, max: MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES }) ??
    SETTINGS_DEFAULTS.knockoutCancelWindowMinutes;

  let itmPercent: number = SETTINGS_DEFAULTS.itmPercent;
  if (!absent(raw.itmPercent)) {
    const p = raw.itmPercent;
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > MAX_ITM_PERCENT)
      c.add('itmPercent', `must be a number from 0 to ${MAX_ITM_PERCENT}`);
    else itmPercent = p;
  }

  // R-SEAT-1: out of range is refused, never clamped.
  let seatsPerTable: number = SETTINGS_DEFAULTS.seatsPerTable;
  if (!absent(raw.seatsPerTable)) {
    const s = raw.seatsPerTable;
    if (!isInt(s) || s < MIN_SEATS_PER_TABLE || s > MAX_SEATS_PER_TABLE) {
      c.add('seatsPerTable', `must be an integer from ${MIN_SEATS_PER_TABLE} to ${MAX_SEATS_PER_TABLE} (R-SEAT-1)`, SEATS);
    } else seatsPerTable = s;
  }

  let currency = club.currency;
  if (!absent(raw.currency)) {
    if (typeof raw.currency !== 'string' || !/^[A-Z]{3}$/.test(raw.currency)) c.add('currency', 'must be an ISO 4217 code');
    else if (raw.currency !== club.currency) c.add('currency', `must be the club's currency ${club.currency}`);
    else currency = raw.currency;
  }

  // R-LIFE-3
  if (startAt !== undefined && lateRegEndsAt !== undefined && lateRegEndsAt <= startAt) {
    c.add('lateRegEndsAt', 'must be after startAt (R-LIFE-3)', DEADLINES);
  }
  if (reentryEndsAt !== undefined && lateRegEndsAt !== undefined && reentryEndsAt < lateRegEndsAt) {
    c.add('reentryEndsAt', 'must not be before lateRegEndsAt (R-LIFE-3)', DEADLINES);
  }

  // A window or chip amount without its price would silently never apply: refuse it instead.
  if (addon === undefined) {
    for (const f of ['addonEndsAt', 'addonAtBreak', 'addonChips'] as const) {
      if (!absent(raw[f])) c.add(f, 'needs an add-on price (addon)');
    }
  }
  if (rebuy === undefined) {
    for (const f of ['rebuyEndsAt', 'rebuyMaxPerPlayer', 'rebuyOnlyAtOrBelowChips', 'rebuyEndsAtLevel'] as const) {
      if (!absent(raw[f])) c.add(f, 'needs a rebuy price (rebuy)');
    }
  }
  if (reentry === undefined && rebuy === undefined && reentryEndsAt !== undefined) {
    c.add('reentryEndsAt', 'needs a re-entry or rebuy price (R-REENTRY-3)');
  }
  if (bountyType === 'none' && mysteryBounty) c.add('mysteryBounty', 'needs a bounty type other than none');
  if (bountyType === 'mystery' && !mysteryBounty) c.add('mysteryBounty', 'must be true for the mystery bounty type');

  const satellite = checkSatelliteField(raw.satellite, (f, m, code) => c.add(f, m, code));
  const prizes = checkPrizes(c, raw.prizes);
  // R-SAT-1: a satellite's fixed seats are tickets of the same finish as the free_entry rows'.
  const freeEntries = prizes.reduce((n, r) => n + (r.kind !== 'free_entry' ? 0 : 'place' in r ? 1 : r.placeTo - r.placeFrom + 1), 0);
  if (satellite && freeEntries + fixedSeats(satellite) > MAX_FREE_ENTRY_PLACES)
    c.add(
      'satellite.seats',
      `satellite seats and free_entry places are at most ${MAX_FREE_ENTRY_PLACES} together`,
      'SATELLITE_SETTINGS_INVALID',
    );
  const prizePreset = absent(raw.prizePreset) ? undefined : (raw.prizePreset as PrizePresetId);
  if (prizePreset !== undefined && !PRIZE_PRESETS.some((p) => p.id === prizePreset)) c.add('prizePreset', 'unknown prize preset');
  if (prizePreset !== undefined && prizes.length > 0) c.add('prizePreset', 'either prize rows or a preset, not both');
  const prizesGuaranteed = c.bool('prizesGuaranteed', false);
  for (const i of guaranteeIssues(prizesGuaranteed, prizes, prizePreset)) c.add(i.field, i.message, i.code);
  const balancing = checkBalancing(c, raw.balancing, seatsPerTable);
  const shootoutFields = checkShootoutFields(raw, seatsPerTable, (f, m, code) => c.add(f, m, code));

  if (c.issues.length > 0) {
    const codes = new Set(c.issues.map((i) => i.code));
    const code = codes.size === 1 ? ([...codes][0] ?? INVALID) : INVALID;
    const issues: FieldIssue[] = c.issues.map(({ field, message }) => ({ field, message }));
    throw ruleError(code, `Invalid tournament settings: ${issues.map((i) => i.field).join(', ')}`, issues);
  }

  const settings: TournamentSettings = {
    name: name as string,
    description: description ?? SETTINGS_DEFAULTS.description,
    formatLabel,
    startAt: startAt as number,
    lateRegEndsAt: lateRegEndsAt as number,
    addonOncePerPlayer,
    buyIn: buyIn as number,
    currency,
    startingStack: startingStack as number,
    seatsPerTable,
    bountyType,
    mysteryBounty,
    resultsPublic,
    noShowPolicy,
    itmPercent,
    itmMinimum,
    prizes,
    ...(prizePreset !== undefined ? { prizePreset } : {}),
    ...(prizesGuaranteed ? { prizesGuaranteed } : {}),
    ...(satellite ? { satellite } : {}),
    balancing,
    knockoutCancelWindowMinutes,
    twoKillerCredit,
    mysteryDrawScope,
    ...bountyFields,
    ...shootoutFields,
  };
  // Optional fields are left out rather than stored as undefined.
  const optional = {
    reentryEndsAt,
    addonEndsAt,
    addonAtBreak,
    rebuyEndsAt,
    rebuyMaxPerPlayer,
    rebuyOnlyAtOrBelowChips,
    rebuyEndsAtLevel,
    lateEntryStack,
    handsPerHour,
    expectedDurationMinutes,
    rebuy,
    reentry,
    addon,
    addonChips,
    seatLimit,
    blindStructureId,
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v !== undefined) (settings as unknown as Record<string, unknown>)[k] = v;
  }
  return settings;
}

/** Applies an edit to current settings: given fields replace, `null` clears, balancing merges. */
export function applySettingsPatch(current: TournamentSettings, patch: SettingsPatch): SettingsPatch {
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete merged[k];
    else if (k === 'balancing' && typeof v === 'object') merged[k] = { ...current.balancing, ...(v as object) };
    else merged[k] = v;
  }
  return merged as SettingsPatch;
}
