import { notFound, ruleError } from '../core/errors';
import { paidPlaces } from './itm';
import type { PrizeDetails } from '../tournaments/prize-kinds';

/** A non-monetary prize for one place or a range of places (R-PRZ-1). */
export type PrizeRow = ({ place: number; description: string } | { placeFrom: number; placeTo: number; description: string }) &
  PrizeDetails;

export type PrizePresetId = 'cup_and_free_entries' | 'club_merch' | 'venue_certificates' | 'freerolls_for_itm';

export interface PrizePreset {
  id: PrizePresetId;
  /** The name used in the rules. */
  name: string;
  nameEn: string;
  /** `fixed`: the listed rows, cut to the field; `itm_free_entries`: one free entry per paid place. */
  kind: 'fixed' | 'itm_free_entries';
  /** For `fixed` presets; empty for the ITM preset, whose rows depend on the field. */
  rows: readonly PrizeRow[];
}

const FREE_ENTRY = 'Бесплатный вход на следующий турнир клуба';

/** R-PRZ-2: the four presets of section 3.4, all non-monetary. */
export const PRIZE_PRESETS: readonly PrizePreset[] = [
  {
    id: 'cup_and_free_entries',
    name: 'Кубок и бесплатные входы',
    nameEn: 'Cup and free entries',
    kind: 'fixed',
    rows: [
      { place: 1, description: `Кубок чемпиона и ${FREE_ENTRY.toLowerCase()}` },
      { place: 2, description: FREE_ENTRY },
      { place: 3, description: FREE_ENTRY },
    ],
  },
  {
    id: 'club_merch',
    name: 'Мерч клуба',
    nameEn: 'Club merch',
    kind: 'fixed',
    rows: [
      { place: 1, description: 'Худи клуба' },
      { place: 2, description: 'Футболка клуба' },
      { place: 3, description: 'Бейсболка клуба' },
    ],
  },
  {
    id: 'venue_certificates',
    name: 'Сертификаты заведения',
    nameEn: 'Venue certificates',
    kind: 'fixed',
    rows: [
      { place: 1, description: 'Сертификат заведения: ужин на двоих' },
      { place: 2, description: 'Сертификат заведения: ужин' },
      { place: 3, description: 'Сертификат заведения: напитки' },
    ],
  },
  {
    id: 'freerolls_for_itm',
    name: 'Фрироллы всем ITM',
    nameEn: 'Freerolls for all ITM',
    kind: 'itm_free_entries',
    rows: [],
  },
];

/** The ITM preset places 10% of the field (R-PRZ-2), at least one place. */
export const FREEROLL_PRESET_PERCENT = 10;

/** R-PRZ-2: the rows of a preset for a field of `fieldSize` entries. */
export function presetRows(presetId: PrizePresetId, fieldSize: number): PrizeRow[] {
  const preset = PRIZE_PRESETS.find((p) => p.id === presetId);
  if (!preset) throw notFound('PRIZE_PRESET_NOT_FOUND', `No prize preset ${String(presetId)}`);
  if (!Number.isInteger(fieldSize) || fieldSize < 0) {
    throw ruleError('INVALID_FIELD_SIZE', 'The field size must be a non-negative integer', [
      { field: 'fieldSize', message: 'not a non-negative integer' },
    ]);
  }
  if (preset.kind === 'itm_free_entries') {
    const places = paidPlaces(fieldSize, FREEROLL_PRESET_PERCENT, 1);
    return places === 0 ? [] : [{ placeFrom: 1, placeTo: places, description: FREE_ENTRY }];
  }
  return preset.rows.flatMap((row) => cutToField(row, fieldSize));
}

function cutToField(row: PrizeRow, fieldSize: number): PrizeRow[] {
  if ('place' in row) return row.place <= fieldSize ? [{ ...row }] : [];
  if (row.placeFrom > fieldSize) return [];
  return [{ ...row, placeTo: Math.min(row.placeTo, fieldSize) }];
}

/**
 * The prize of a place: the first row that covers it. Players sharing a place (R-PLC-2)
 * each receive the prize of that shared place.
 */
export function prizeForPlace(rows: readonly PrizeRow[], place: number): string | undefined {
  const row = rows.find((r) => ('place' in r ? r.place === place : r.placeFrom <= place && place <= r.placeTo));
  return row?.description;
}
