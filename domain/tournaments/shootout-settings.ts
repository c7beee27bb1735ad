/*
 * R-SHOOT-1..2 on a tournament's settings: `format: 'shootout'` with `advancePerTable` players going on
 * from each table of a round (default 1, the table's winner). A regular tournament stores neither field,
 * so the settings of every tournament stored before shootouts existed read back unchanged.
 */

export const TOURNAMENT_FORMATS = ['regular', 'shootout'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export const DEFAULT_ADVANCE_PER_TABLE = 1;

export interface ShootoutSettingsFields {
  format?: 'shootout';
  advancePerTable?: number;
}

/**
 * The most players a table may send on: half its seats. A round is dealt round-robin over
 * ceil(field / seats) tables, so when it has two tables or more its fullest one holds more than half the
 * seats; with at most half of them going on, every round leaves fewer players than it started with and
 * the rounds reach a final.
 */
export const maxAdvancePerTable = (seatsPerTable: number): number => Math.max(1, Math.floor(seatsPerTable / 2));

/** The contract's bound: half of the largest table (R-SEAT-1's 10 seats). */
export const MAX_ADVANCE_PER_TABLE = 5;

type Add = (field: string, message: string, code?: string) => void;

const CODE = 'SHOOTOUT_SETTINGS_INVALID';

/** Checks `format` and `advancePerTable` of the raw settings; answers the fields to store. */
export function checkShootoutFields(raw: Record<string, unknown>, seatsPerTable: number, add: Add): ShootoutSettingsFields {
  const format = raw.format ?? 'regular';
  const advance = raw.advancePerTable;
  if (!(TOURNAMENT_FORMATS as readonly unknown[]).includes(format)) {
    add('format', `must be one of ${TOURNAMENT_FORMATS.join(', ')}`, CODE);
    return {};
  }
  if (format === 'regular') {
    if (advance !== undefined && advance !== null) add('advancePerTable', 'only in a shootout (format: shootout)', CODE);
    return {};
  }
  if (advance === undefined || advance === null) return { format: 'shootout', advancePerTable: DEFAULT_ADVANCE_PER_TABLE };
  const max = maxAdvancePerTable(seatsPerTable);
  if (typeof advance !== 'number' || !Number.isSafeInteger(advance) || advance < 1 || advance > max) {
    add('advancePerTable', `must be an integer from 1 to ${max} (half of ${seatsPerTable} seats, R-SHOOT-1)`, CODE);
    return {};
  }
  return { format: 'shootout', advancePerTable: advance };
}
