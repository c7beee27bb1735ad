import { ruleError, type FieldIssue } from '../core/errors';
import { PRIZE_PRESETS, presetRows, type PrizePresetId } from '../results/prizes';
import { assertNoMoneyWording } from '../text/money-wording';
import type { SeasonPrizeRow } from './free-entry-prizes';

/*
 * R-GTD-1: a guaranteed award structure. Its rows are awarded whatever the field size: unlike a preset
 * (R-PRZ-2) they are never cut to the field, and they are shown as guaranteed. The guarantee is in
 * non-monetary awards only: the rows have no amount at all (no pool, no overlay, R-MONEY-2, R-MONEY-3)
 * and their texts pass the money checker.
 */

export interface AwardStructure {
  /** Guaranteed: every row stands whatever the field. */
  guaranteed: boolean;
  rows: readonly SeasonPrizeRow[];
}

export type ShownPrizeRow = SeasonPrizeRow & { guaranteed: boolean };

/** Refuses a structure whose text names money or whose rows carry an amount. */
export function checkAwardStructure(s: AwardStructure): AwardStructure {
  const issues: FieldIssue[] = [];
  s.rows.forEach((row, i) => {
    const raw = row as unknown as Record<string, unknown>;
    for (const k of ['amount', 'pool', 'overlay', 'value', 'currency']) {
      if (raw[k] !== undefined) issues.push({ field: `rows[${i}].${k}`, message: 'an award has no amount (R-MONEY-2)' });
    }
    if (typeof row.description === 'string') assertNoMoneyWording(`rows[${i}].description`, row.description);
  });
  if (issues.length > 0)
    throw ruleError('AWARD_STRUCTURE_INVALID', 'A guaranteed structure is in non-monetary awards only (R-GTD-1)', issues);
  return s;
}

/** The rows to show and award, each marked guaranteed or not; never cut here (a preset is cut by `presetStructure`). */
export function awardRows(s: AwardStructure): ShownPrizeRow[] {
  return s.rows.map((r) => ({ ...r, guaranteed: s.guaranteed }));
}

/**
 * A preset as a structure: cut to the field (R-PRZ-2), or, guaranteed, its rows whole. The ITM preset's
 * rows come from the field itself, so it cannot be guaranteed.
 */
export function presetStructure(presetId: PrizePresetId, fieldSize: number, guaranteed: boolean): AwardStructure {
  if (!guaranteed) return { guaranteed, rows: presetRows(presetId, fieldSize) };
  const preset = PRIZE_PRESETS.find((p) => p.id === presetId);
  if (!preset || preset.kind !== 'fixed') {
    throw ruleError('GUARANTEE_NEEDS_FIXED_ROWS', `Preset ${String(presetId)} depends on the field and cannot be guaranteed (R-GTD-1)`, [
      { field: 'presetId', message: 'only a preset with fixed rows can be guaranteed' },
    ]);
  }
  return { guaranteed, rows: preset.rows.map((r) => ({ ...r })) };
}

/** Places a guaranteed structure covers that the field did not reach: shown, announced, and nobody to receive them. */
export function placesBeyondField(s: AwardStructure, players: number): number[] {
  const out = new Set<number>();
  for (const r of s.rows) {
    const [from, to] = 'place' in r ? [r.place, r.place] : [r.placeFrom, r.placeTo];
    for (let p = Math.max(from, players + 1); p <= to; p++) out.add(p);
  }
  return [...out].sort((a, b) => a - b);
}
