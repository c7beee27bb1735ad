import type { Table } from './types';

/**
 * Blind positions at one table, derived from the button and the occupied seats only
 * (the system does not follow hands; the floor sets the button). See docs/decisions/seating.md.
 */

type Seats = readonly (string | null)[];

/** Occupied seat indexes clockwise, starting strictly after `from` and wrapping (so `from` comes last). */
export function occupiedAfter(seats: Seats, from: number): number[] {
  const out: number[] = [];
  const n = seats.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    if (seats[i] !== null) out.push(i);
  }
  return out;
}

function firstFreeAfter(seats: Seats, from: number): number | undefined {
  const n = seats.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    if (seats[i] === null) return i;
  }
  return undefined;
}

export const buttonOf = (table: Table): number => table.button ?? 0;

/**
 * The seat posting the big blind now: the second occupied seat after the button
 * (small blind first). Heads-up with a live button the button posts the small blind,
 * so the big blind is the other player. One player: that player. Nobody: undefined.
 */
export function bigBlindSeat(table: Table): number | undefined {
  const button = buttonOf(table);
  const occ = occupiedAfter(table.seats, button);
  if (occ.length === 0) return undefined;
  if (occ.length === 1) return occ[0];
  if (occ.length === 2 && table.seats[button] !== null) return occ[0];
  return occ[1];
}

/** R-SEAT-3 "next to post the big blind": the first occupied seat clockwise after the big blind. */
export function nextBigBlindSeat(table: Table): number | undefined {
  const bb = bigBlindSeat(table);
  if (bb === undefined) return undefined;
  return occupiedAfter(table.seats, bb)[0];
}

/** The highest occupied seat index. */
export function lastOccupiedSeat(table: Table): number | undefined {
  for (let i = table.seats.length - 1; i >= 0; i--) if (table.seats[i] !== null) return i;
  return undefined;
}

/**
 * The worst free seat for a player moved in by balancing (TDA practice): the seat that will post
 * the big blind soonest, i.e. the first free seat clockwise after the current big blind. An empty
 * table has no blinds yet: the first free seat after the button.
 */
export function worstFreeSeat(table: Table): number | undefined {
  const bb = bigBlindSeat(table);
  return firstFreeAfter(table.seats, bb ?? buttonOf(table));
}

export function freeSeats(table: Table): number[] {
  const out: number[] = [];
  table.seats.forEach((s, i) => {
    if (s === null) out.push(i);
  });
  return out;
}

export function playerCount(table: Table): number {
  let n = 0;
  for (const s of table.seats) if (s !== null) n++;
  return n;
}
