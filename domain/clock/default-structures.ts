import type { BlindStructure, Level } from './structure';

/** A shipped structure with the starting stack it was designed for. Clubs copy it (`copyStructure`). */
export interface StructurePreset {
  structure: BlindStructure;
  /** Chips per entry the grid was drawn for; the tournament sets its own starting stack. */
  suggestedStartingStack: number;
}

// Shared constants: frozen so that a caller cannot change the defaults for everybody.
function frozen(preset: StructurePreset): StructurePreset {
  preset.structure.levels.forEach((l) => Object.freeze(l));
  Object.freeze(preset.structure.levels);
  Object.freeze(preset.structure);
  return Object.freeze(preset);
}

type Row = readonly [small: number, big: number, ante: number] | 'break';

// Grids as rows keep the numbers readable; classic ante (R-HE-4 default) at about 1/8 of the big blind.
function grid(levelMin: number, breakMin: number, rows: readonly Row[]): Level[] {
  return rows.map((row) =>
    row === 'break'
      ? { smallBlind: 0, bigBlind: 0, ante: 0, durationSec: breakMin * 60, isBreak: true, label: 'Break' }
      : { smallBlind: row[0], bigBlind: row[1], ante: row[2], durationSec: levelMin * 60, isBreak: false },
  );
}

/** 10-minute levels, 10 000 chips, a 10-minute break every 6 levels: about 4 hours. */
export const TURBO_10: StructurePreset = frozen({
  suggestedStartingStack: 10_000,
  structure: {
    id: 'default-turbo-10',
    name: 'Turbo 10 min',
    anteType: 'classic',
    levels: grid(10, 10, [
      [25, 50, 0],
      [50, 100, 0],
      [75, 150, 0],
      [100, 200, 25],
      [150, 300, 25],
      [200, 400, 50],
      'break',
      [300, 600, 75],
      [400, 800, 100],
      [500, 1000, 100],
      [600, 1200, 200],
      [800, 1600, 200],
      [1000, 2000, 300],
      'break',
      [1500, 3000, 400],
      [2000, 4000, 500],
      [3000, 6000, 1000],
      [4000, 8000, 1000],
      [5000, 10000, 1000],
      [6000, 12000, 2000],
      'break',
      [8000, 16000, 2000],
      [10000, 20000, 3000],
      [15000, 30000, 4000],
      [20000, 40000, 5000],
    ]),
  },
});

/** 20-minute levels, 20 000 chips, a 15-minute break every 4 levels. */
export const STANDARD_20: StructurePreset = frozen({
  suggestedStartingStack: 20_000,
  structure: {
    id: 'default-standard-20',
    name: 'Standard 20 min',
    anteType: 'classic',
    levels: grid(20, 15, [
      [25, 50, 0],
      [50, 100, 0],
      [75, 150, 0],
      [100, 200, 0],
      'break',
      [150, 300, 25],
      [200, 400, 50],
      [250, 500, 50],
      [300, 600, 75],
      'break',
      [400, 800, 100],
      [500, 1000, 100],
      [600, 1200, 200],
      [800, 1600, 200],
      'break',
      [1000, 2000, 300],
      [1200, 2400, 300],
      [1500, 3000, 400],
      [2000, 4000, 500],
      'break',
      [2500, 5000, 500],
      [3000, 6000, 1000],
      [4000, 8000, 1000],
      [5000, 10000, 1000],
      'break',
      [6000, 12000, 2000],
      [8000, 16000, 2000],
      [10000, 20000, 3000],
      [15000, 30000, 4000],
    ]),
  },
});

/** 30-minute levels, 30 000 chips (300 big blinds), a 15-minute break every 4 levels. */
export const DEEP_30: StructurePreset = frozen({
  suggestedStartingStack: 30_000,
  structure: {
    id: 'default-deep-30',
    name: 'Deep 30 min',
    anteType: 'classic',
    levels: grid(30, 15, [
      [50, 100, 0],
      [75, 150, 0],
      [100, 200, 0],
      [150, 300, 0],
      'break',
      [200, 400, 50],
      [250, 500, 50],
      [300, 600, 75],
      [400, 800, 100],
      'break',
      [500, 1000, 100],
      [600, 1200, 200],
      [800, 1600, 200],
      [1000, 2000, 300],
      'break',
      [1200, 2400, 300],
      [1500, 3000, 400],
      [2000, 4000, 500],
      [2500, 5000, 500],
      'break',
      [3000, 6000, 1000],
      [4000, 8000, 1000],
      [5000, 10000, 1000],
      [6000, 12000, 2000],
      'break',
      [8000, 16000, 2000],
      [10000, 20000, 3000],
      [12000, 24000, 3000],
      [15000, 30000, 4000],
    ]),
  },
});

export const DEFAULT_STRUCTURES: readonly StructurePreset[] = [TURBO_10, STANDARD_20, DEEP_30];
