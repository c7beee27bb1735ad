import { isDomainError } from '../core/errors';
import { PROGRESSIVE_MODES, type ProgressiveMode } from '../results/bounties';
import { MYSTERY_PRIZE_SOURCES, type MysteryPrizeRow, type MysteryPrizeSource } from '../results/mystery-table';
import { DEFAULT_COLLECT_PERCENT, DEFAULT_INITIAL_BOUNTY } from '../results/progressive';
import { assertNoMoneyWording } from '../text/money-wording';

/**
 * The settings of the progressive bounty (R-BTY-3) and of the mystery prize table (R-MYS-2), checked
 * apart from the other settings. A bounty type keeps only its own settings: those of a type the
 * tournament does not use are dropped, so switching the type needs no clearing of the old ones.
 */
export interface BountySettingsFields {
  /** R-BTY-3: `accumulate` (default) or `as_classic` (the documented behaviour). */
  progressiveMode?: ProgressiveMode;
  /** Points on every entry's head at the start, re-entries included (R-MONEY-1: points, never money). */
  initialBounty?: number;
  /** Percent of a busted bounty the killer collects; the rest goes onto his own bounty. */
  progressiveCollectPercent?: number;
  mysteryPrizeSource?: MysteryPrizeSource;
  mysteryPrizeTable?: MysteryPrizeRow[];
}

export const MAX_MYSTERY_ROWS = 200;
export const MAX_MYSTERY_PRIZE = 500;
export const MAX_MYSTERY_QUANTITY = 10_000;
export const MAX_INITIAL_BOUNTY = 1_000_000_000;
export const MAX_MYSTERY_ORDER = 100_000;
/** R-BTY-3: the share of a busted bounty the killer collects, in percent. */
export const MAX_COLLECT_PERCENT = 100;

type Add = (field: string, message: string, code?: string) => void;

const absent = (v: unknown): v is undefined | null => v === undefined || v === null;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function intIn(raw: Record<string, unknown>, field: string, min: number, max: number, add: Add, label = field): number | undefined {
  const v = raw[field];
  if (absent(v)) return undefined;
  if (!isInt(v) || v < min || v > max) {
    add(label, `must be an integer from ${min} to ${max}`);
    return undefined;
  }
  return v;
}

function oneOf<T extends string>(raw: Record<string, unknown>, field: string, values: readonly T[], add: Add): T | undefined {
  const v = raw[field];
  if (absent(v)) return undefined;
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  add(field, `must be one of ${values.join(', ')}`);
  return undefined;
}

/** R-MONEY-2 through the shared validator; its refusal becomes one more field issue. */
function noMoney(field: string, text: string, add: Add): void {
  try {
    assertNoMoneyWording(field, text);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    add(field, e.errors?.[0]?.message ?? e.message, e.code);
  }
}

/** The table as stored: rows sorted by `order` (rows without one after, as given). */
export function checkMysteryPrizeTable(value: unknown, add: Add): MysteryPrizeRow[] {
  if (!Array.isArray(value)) {
    add('mysteryPrizeTable', 'must be a list');
    return [];
  }
  if (value.length > MAX_MYSTERY_ROWS) {
    add('mysteryPrizeTable', `at most ${MAX_MYSTERY_ROWS} rows`);
    return [];
  }
  const rows: MysteryPrizeRow[] = [];
  value.forEach((row: unknown, i) => {
    const field = `mysteryPrizeTable[${i}]`;
    if (typeof row !== 'object' || row === null) {
      add(field, 'must be an object');
      return;
    }
    const r = row as Record<string, unknown>;
    let prize: string | undefined;
    if (typeof r.prize !== 'string' || r.prize.trim().length === 0) add(`${field}.prize`, 'is required');
    else if (r.prize.trim().length > MAX_MYSTERY_PRIZE) add(`${field}.prize`, `must be at most ${MAX_MYSTERY_PRIZE} characters`);
    else {
      prize = r.prize.trim();
      noMoney(`${field}.prize`, prize, add);
    }
    const quantity = absent(r.quantity) ? undefined : intIn(r, 'quantity', 1, MAX_MYSTERY_QUANTITY, add, `${field}.quantity`);
    if (absent(r.quantity)) add(`${field}.quantity`, 'is required');
    const order = intIn(r, 'order', 0, MAX_MYSTERY_ORDER, add, `${field}.order`);
    if (prize === undefined || quantity === undefined) return;
    rows.push({ prize, quantity, ...(order !== undefined ? { order } : {}) });
  });
  const key = (r: MysteryPrizeRow) => r.order ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable: equal orders keep the order given.
  return rows.sort((a, b) => key(a) - key(b));
}

export function checkBountySettings(
  raw: Record<string, unknown>,
  add: Add,
  bounty: { bountyType: string; mysteryBounty: boolean },
): BountySettingsFields {
  const out: BountySettingsFields = {};
  if (bounty.bountyType === 'progressive' && !bounty.mysteryBounty) {
    const mode = oneOf(raw, 'progressiveMode', PROGRESSIVE_MODES, add) ?? 'accumulate';
    out.progressiveMode = mode;
    const initial = intIn(raw, 'initialBounty', 1, MAX_INITIAL_BOUNTY, add);
    const percent = intIn(raw, 'progressiveCollectPercent', 0, MAX_COLLECT_PERCENT, add);
    if (mode === 'accumulate') {
      out.initialBounty = initial ?? DEFAULT_INITIAL_BOUNTY;
      out.progressiveCollectPercent = percent ?? DEFAULT_COLLECT_PERCENT;
    }
  }
  if (bounty.mysteryBounty) {
    const table = absent(raw.mysteryPrizeTable) ? [] : checkMysteryPrizeTable(raw.mysteryPrizeTable, add);
    const given = !absent(raw.mysteryPrizeTable);
    const source = oneOf(raw, 'mysteryPrizeSource', MYSTERY_PRIZE_SOURCES, add) ?? (given ? 'server_table' : 'client_text');
    out.mysteryPrizeSource = source;
    if (source === 'server_table') {
      if (given && table.length === 0 && Array.isArray(raw.mysteryPrizeTable) && raw.mysteryPrizeTable.length === 0) {
        add('mysteryPrizeTable', 'needs at least one prize for the server_table source');
      } else if (!given) add('mysteryPrizeTable', 'is required for the server_table source');
      if (table.length > 0) out.mysteryPrizeTable = table;
    } else if (given) {
      add('mysteryPrizeTable', 'a prize table is drawn by the server: set mysteryPrizeSource to server_table');
    }
  }
  return out;
}
