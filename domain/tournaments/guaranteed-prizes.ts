import { isDomainError } from '../core/errors';
import { PRIZE_PRESETS, type PrizePresetId } from '../results/prizes';
import { checkAwardStructure, presetStructure } from '../season/guaranteed';
import type { PrizeRow, TournamentSettings } from './settings';

/*
 * R-GTD-1 on a tournament's prizes: `prizesGuaranteed` marks its structure guaranteed. Own rows are never
 * cut to the field anyway; a preset is, unless guaranteed (R-PRZ-2). The rows are non-monetary as every
 * prize row is (the money checker ran on their texts in validateSettings); checkAwardStructure refuses an
 * amount on a row besides.
 */

interface Issue {
  field: string;
  message: string;
  code: string;
}

/** What is wrong with guaranteeing these prizes: nothing to guarantee, or a preset whose rows follow the field. */
export function guaranteeIssues(guaranteed: boolean, prizes: readonly PrizeRow[], preset: PrizePresetId | undefined): Issue[] {
  if (!guaranteed) return [];
  if (preset === undefined && prizes.length === 0)
    return [{ field: 'prizesGuaranteed', message: 'needs prize rows or a preset to guarantee (R-GTD-1)', code: 'AWARD_STRUCTURE_INVALID' }];
  try {
    if (preset !== undefined && PRIZE_PRESETS.some((p) => p.id === preset)) presetStructure(preset, 0, true);
    checkAwardStructure({ guaranteed, rows: prizes });
  } catch (e) {
    if (!isDomainError(e)) throw e;
    const first = e.errors?.[0];
    return [
      {
        field: first?.field === 'presetId' ? 'prizePreset' : (first?.field ?? 'prizesGuaranteed'),
        message: first?.message ?? e.message,
        code: e.code,
      },
    ];
  }
  return [];
}

/** The prize rows of a field of `fieldSize` entries: a preset cut to it unless guaranteed (R-PRZ-2, R-GTD-1). */
export function prizeRowsForField(
  s: Pick<TournamentSettings, 'prizes' | 'prizePreset' | 'prizesGuaranteed'>,
  fieldSize: number,
): PrizeRow[] {
  if (s.prizePreset === undefined) return s.prizes;
  return presetStructure(s.prizePreset, fieldSize, s.prizesGuaranteed === true).rows as PrizeRow[];
}
