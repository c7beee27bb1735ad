import { recordAt } from '../core/record-map';
import { conflict, notFound, ruleError } from '../core/errors';
import type { SeatRef, SeatingState, Table } from './types';

/** Checks shared by the floor operations; each refusal has its own stable code. */

export function requireTable(state: SeatingState, tableId: string): Table {
  const t = recordAt(state.tables, tableId);
  if (!t) throw notFound('TABLE_NOT_FOUND', `Table ${tableId} does not exist`);
  return t;
}

export function requireActiveTable(state: SeatingState, tableId: string): Table {
  const t = requireTable(state, tableId);
  if (t.status !== 'active') throw conflict('TABLE_BROKEN', `Table ${t.number} has been broken and is not used again`);
  return t;
}

export function requireSeated(state: SeatingState, entryId: string): SeatRef {
  const at = recordAt(state.seatOf, entryId);
  if (!at) throw conflict('ENTRY_NOT_SEATED', `Entry ${entryId} has no seat`);
  return at;
}

export function requireSeatIndex(state: SeatingState, seat: number): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seatsPerTable) {
    throw ruleError('SEAT_INVALID', `Seat must be a whole number from 0 to ${state.seatsPerTable - 1}`, [
      { field: 'seat', message: `must be an integer in 0..${state.seatsPerTable - 1}` },
    ]);
  }
}

/** A free seat on an active table. */
export function requireFreeSeat(state: SeatingState, to: SeatRef): Table {
  const t = requireActiveTable(state, to.tableId);
  requireSeatIndex(state, to.seat);
  if (t.seats[to.seat] !== null) throw conflict('SEAT_OCCUPIED', `Seat ${to.seat} at table ${t.number} is taken`);
  return t;
}
