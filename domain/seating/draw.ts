import { recordCount, recordMapOf } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, ruleError } from '../core/errors';
import { seededRandom, shuffle } from '../core/random';
import type { Random } from '../core/random';
import { drawSeed, SeatingDraft } from './draft';
import { provableOrder, seatDrawCommitment, sortedByCodeUnits } from './provable-draw';
import { assertSeatsPerTable, resolvePolicy } from './policy';
import type { SeatRef, SeatingPolicy, SeatingResult, SeatingState, Table } from './types';

/**
 * R-SEAT-1 layout: ceil(field / seats) tables; the shuffled field is dealt round-robin, so table
 * sizes differ by at most one and each table fills from seat 0. Returns seats per table, in
 * table-number order.
 */
export function layoutDraw(entryIds: readonly string[], seatsPerTable: number, rng: Random): (string | null)[][] {
  // Code-unit order, so the lot depends on the set of entries and the seed, not on the caller's order.
  return dealRoundRobin(shuffle(sortedByCodeUnits(entryIds), rng), seatsPerTable);
}

/** The drawn order dealt round-robin over ceil(field / seats) tables: position k at table k mod T, seat floor(k / T). */
export function dealRoundRobin(order: readonly string[], seatsPerTable: number): (string | null)[][] {
  assertSeatsPerTable(seatsPerTable);
  const tableCount = Math.ceil(order.length / seatsPerTable);
  const tables = Array.from({ length: tableCount }, () => new Array<string | null>(seatsPerTable).fill(null));
  order.forEach((entryId, k) => {
    (tables[k % tableCount] as (string | null)[])[Math.floor(k / tableCount)] = entryId;
  });
  return tables;
}

/** Replays a recorded initial draw: the same entries and seed give the same layout. */
export function replayDraw(entryIds: readonly string[], seatsPerTable: number, seed: number): (string | null)[][] {
  return layoutDraw(entryIds, seatsPerTable, seededRandom(seed));
}

/** An empty seating, before any draw. */
export function emptySeating(seatsPerTable: number, policy?: Partial<SeatingPolicy>): SeatingState {
  assertSeatsPerTable(seatsPerTable);
  return {
    seatsPerTable,
    policy: resolvePolicy(policy),
    tables: {},
    seatOf: {},
    moves: [],
    draws: [],
    nextTableNumber: 1,
  };
}

export interface InitialDrawCommand {
  entryIds: readonly string[];
  seatsPerTable: number;
  policy?: Partial<SeatingPolicy>;
  /** R-DRAW-1: the seed whose commitment was published before the draw; the lot is then provable-draw.ts's. */
  committedSeed?: string;
}

/** R-SEAT-1: the initial draw by lot; its seed is recorded in `draws`. Refused once tables exist. */
export function initialDraw(state: SeatingState | undefined, cmd: InitialDrawCommand, ctx: Context): SeatingResult {
  if (state && recordCount(state.tables) > 0) {
    throw conflict('SEATING_ALREADY_DRAWN', 'The initial draw has already been made');
  }
  const base = emptySeating(cmd.seatsPerTable, cmd.policy ?? state?.policy);
  // Sorted once: duplicates sit side by side, and the lots below find the order made.
  const sorted = sortedByCodeUnits(cmd.entryIds);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) {
      throw ruleError('DUPLICATE_ENTRY', 'An entry is listed more than once in the draw', [
        { field: 'entryIds', message: 'entries must be unique' },
      ]);
    }
  }
  const committed = cmd.committedSeed;
  const seed = committed === undefined ? drawSeed(ctx) : undefined;
  const layout =
    committed === undefined
      ? replayDraw(sorted, cmd.seatsPerTable, seed as number)
      : dealRoundRobin(provableOrder(sorted, committed), cmd.seatsPerTable);
  // Built as lists and made record maps once: thousands of new keys on a plain object cost far more.
  const tables: [string, Table][] = [];
  const seatOf: [string, SeatRef][] = [];
  for (let i = 0; i < layout.length; i++) {
    const seats = layout[i] as (string | null)[];
    const table: Table = { id: ctx.newId('tbl'), number: i + 1, seats, status: 'active', button: 0 };
    tables.push([table.id, table]);
    for (let seat = 0; seat < seats.length; seat++) {
      const entryId = seats[seat];
      if (entryId !== null && entryId !== undefined) seatOf.push([entryId, { tableId: table.id, seat }]);
    }
  }
  const drawn: SeatingState = { ...base, tables: recordMapOf(tables), seatOf: recordMapOf(seatOf), nextTableNumber: layout.length + 1 };
  const draft = new SeatingDraft(drawn, ctx);
  const commitment = committed === undefined ? undefined : seatDrawCommitment(committed);
  const draw = draft.recordDraw('initial', seed, undefined, commitment);
  draft.events.push({
    type: 'seating.drawn',
    drawId: draw.id,
    ...(seed !== undefined ? { seed } : { commitment }),
    tables: layout.length,
    players: cmd.entryIds.length,
  });
  const result = draft.commit();
  return { ...result, touchedTables: tables.map(([id]) => id) };
}
