import { type RecordChange, changeRecords, changedRecordIds, recordAt, recordMap, recordValues } from '../core/record-map';
import { playerCount } from './positions';
import type { SeatRef, SeatingState, Table } from './types';

/** Read-only views of a seating, for handlers and checks. */

export function activeTables(state: SeatingState): Table[] {
  return recordValues(state.tables).filter((t) => t.status === 'active');
}

/** Players seated, counted over the tables (cheaper than listing the keys of seatOf). */
export function seatedCount(state: SeatingState): number {
  let n = 0;
  for (const t of recordValues(state.tables)) if (t.status === 'active') n += playerCount(t);
  return n;
}

/** Largest minus smallest player count over active tables (0 with fewer than two tables). */
export function tableSkew(state: SeatingState): number {
  let min = Infinity;
  let max = -Infinity;
  for (const t of recordValues(state.tables)) {
    if (t.status !== 'active') continue;
    const n = playerCount(t);
    min = Math.min(min, n);
    max = Math.max(max, n);
  }
  return max >= min ? max - min : 0;
}

/**
 * Rebuilds the entry -> seat index from the tables, for a store that persists one item per table
 * and loads the tables only.
 */
export function indexSeats(tables: Record<string, Table>): Record<string, SeatRef> {
  const seatOf: Record<string, SeatRef> = {};
  for (const t of recordValues(tables)) {
    if (t.status !== 'active') continue;
    t.seats.forEach((entryId, seat) => {
      if (entryId !== null) seatOf[entryId] = { tableId: t.id, seat };
    });
  }
  return recordMap(seatOf);
}

/**
 * The seat index of `after` from the one of `before`, its tables changed: the seats of the tables that
 * changed are taken out as they were and put back as they are, in time proportional to those tables.
 */
export function reindexSeats(
  seatOf: Record<string, SeatRef>,
  before: Record<string, Table>,
  after: Record<string, Table>,
): Record<string, SeatRef> {
  const changed = changedRecordIds(before, after);
  if (changed.size === 0) return seatOf;
  const changes: RecordChange<SeatRef>[] = [];
  const seatsOf = (t: Table | undefined, put: boolean) => {
    if (t?.status !== 'active') return;
    t.seats.forEach((entryId, seat) => {
      if (entryId !== null) changes.push({ id: entryId, value: put ? { tableId: t.id, seat } : undefined });
    });
  };
  for (const id of changed) seatsOf(recordAt(before, id), false);
  for (const id of changed) seatsOf(recordAt(after, id), true);
  return changeRecords(seatOf, changes);
}
