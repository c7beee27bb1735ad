import { ruleError } from '../core/errors';
import { seedStream } from '../holdem/deck';
import { MIN_SEATS } from './settings';

/** R-DUP-3: seats are compared across tables, so a field fills two at least. */
export const MIN_TABLES = 2;
/** The smallest field: two tables of the fewest seats. */
export const MIN_PLAYERS = MIN_TABLES * MIN_SEATS;

/**
 * R-DUP-5: a round's seating. Seat numbers are the comparison groups (R-DUP-3): seat s of every table is one
 * group. Tables are as equal as they can be (they differ by one player at most); a short table's empty seats
 * are its highest seat numbers, and they post their forced bets (R-DUP-5).
 */
export interface DupTable {
  table: number;
  /** `seats[i]` is the player at seat i + 1, null for an empty seat. */
  seats: (string | null)[];
}

export interface SeatingPlan {
  /** Seats each table has this round: the decks are prepared (dealt) for this many (R-DUP-2). */
  tableSize: number;
  tables: DupTable[];
}

/**
 * Tables and seats per table for a field: as few tables as `seatsPerTable` allows; R-DUP-2: when the tables
 * would hold fewer than 8 players, they (and the decks) are set for that number instead.
 */
export function tableShape(players: number, seatsPerTable: number): { tables: number; tableSize: number } {
  const tables = Math.ceil(players / seatsPerTable);
  const fullest = Math.ceil(players / Math.max(tables, 1));
  return { tables, tableSize: fullest < 8 ? Math.min(fullest, seatsPerTable) : seatsPerTable };
}

/**
 * A seat draw from a public seed (`seedStream`, the deck algorithm's draws): the players in the order given,
 * shuffled by Fisher-Yates without modulo bias, then dealt table by table: position k goes to table
 * (k mod tables) + 1 at the next free seat, so tables fill evenly and empty seats fall on the highest numbers.
 */
export function drawSeating(playerIds: readonly string[], seatingSeed: string, seatsPerTable: number): SeatingPlan {
  const { tables, tableSize } = tableShape(playerIds.length, seatsPerTable);
  if (tables < MIN_TABLES)
    throw ruleError(
      'FIELD_TOO_SMALL',
      `Duplicate Poker compares seats across tables: ${playerIds.length} players make ${tables} table(s), at least ${MIN_TABLES} are needed`,
    );
  const order = [...playerIds];
  const next = seedStream(seatingSeed);
  for (let i = order.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let u = next();
    while (u >= limit) u = next();
    const j = u % n;
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  const out: DupTable[] = Array.from({ length: tables }, (_, t) => ({
    table: t + 1,
    seats: Array.from({ length: tableSize }, () => null),
  }));
  order.forEach((playerId, k) => {
    const t = out[k % tables] as DupTable;
    t.seats[Math.floor(k / tables)] = playerId;
  });
  return { tableSize, tables: out };
}

export function seatOf(tables: readonly DupTable[], playerId: string): { table: number; seat: number } | undefined {
  for (const t of tables) {
    const i = t.seats.indexOf(playerId);
    if (i >= 0) return { table: t.table, seat: i + 1 };
  }
  return undefined;
}

/** R-DUP-3: the players of each seat number, across the tables. */
export function seatGroups(tables: readonly DupTable[]): Map<number, { table: number; playerId: string }[]> {
  const groups = new Map<number, { table: number; playerId: string }[]>();
  for (const t of tables) {
    t.seats.forEach((p, i) => {
      if (p === null) return;
      const g = groups.get(i + 1) ?? [];
      g.push({ table: t.table, playerId: p });
      groups.set(i + 1, g);
    });
  }
  return groups;
}
