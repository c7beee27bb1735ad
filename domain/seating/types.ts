/**
 * Seating state of one tournament. Kept as plain records so that storage can persist one
 * item per table; operations share unchanged tables by reference, so "what changed" is the
 * set of tables whose object identity differs (also reported as `touchedTables`).
 *
 * Seats are 0-based indexes into `Table.seats`; clockwise means increasing index, wrapping.
 */

export type TableStatus = 'active' | 'broken';

export interface Table {
  id: string;
  /** Human table number, unique within the tournament and never reused. */
  number: number;
  /** One slot per seat: the entry sitting there or null. Length = seatsPerTable. */
  seats: (string | null)[];
  status: TableStatus;
  /** Seat index of the dealer button (floor-set, default 0). */
  button?: number;
}

export interface SeatRef {
  tableId: string;
  seat: number;
}

export type MoveReason = 'balance' | 'break' | 'manual' | 'final_table' | 'late_entry';

/** One audit record of a player changing seat. Append-only: an undo is a new record. */
export interface Move {
  id: string;
  entryId: string;
  /** Absent when the entry was not seated before (late entry). */
  from?: SeatRef;
  to: SeatRef;
  reason: MoveReason;
  /** Actor id. */
  by: string;
  /** ms UTC. */
  at: number;
  /** Seed of the lot that decided this move, when one did. */
  seed?: number;
  /** The move this record compensates (undo). */
  undoes?: string;
  /** The proposal this move settles (manual balancing mode). */
  proposalId?: string;
}

export type MoverRule = 'big_blind_next' | 'random' | 'last_seat';
export type BalancingMode = 'auto' | 'manual';

export interface SeatingPolicy {
  /** Largest allowed difference between the fullest and the emptiest active table (>= 1). */
  allowedSkew: number;
  mover: MoverRule;
  balancing: BalancingMode;
}

export const DEFAULT_POLICY: SeatingPolicy = { allowedSkew: 1, mover: 'big_blind_next', balancing: 'auto' };

/** A balancing move the system suggests in manual mode; the floor confirms, overrides or rejects it. */
export interface Proposal {
  id: string;
  entryId: string;
  from: SeatRef;
  to: SeatRef;
  reason: 'balance';
  createdAt: number;
  seed?: number;
}

export type DrawKind = 'initial' | 'break' | 'final_table' | 'shootout_round';

/** A lot drawn with a recorded seed; `seededRandom(seed)` replays it. */
export interface DrawRecord {
  id: string;
  kind: DrawKind;
  /** Absent on a provable draw (R-DRAW-1), which runs on the committed seed instead. */
  seed?: number;
  /** R-DRAW-1: the published commitment of the seed the draw ran on (provable-draw.ts). */
  commitment?: string;
  at: number;
  by: string;
  /** The broken table, or the new final table. */
  tableId?: string;
}

export interface SeatingState {
  seatsPerTable: number;
  policy: SeatingPolicy;
  tables: Record<string, Table>;
  seatOf: Record<string, SeatRef>;
  moves: Move[];
  draws: DrawRecord[];
  nextTableNumber: number;
  finalTableId?: string;
  pendingProposals?: Proposal[];
}

export type SeatingEvent =
  | { type: 'seating.drawn'; drawId: string; seed?: number; commitment?: string; tables: number; players: number }
  | { type: 'seating.player_moved'; moveId: string; entryId: string; from?: SeatRef; to: SeatRef; reason: MoveReason }
  | { type: 'seating.seat_freed'; entryId: string; at: SeatRef }
  | { type: 'seating.table_opened'; tableId: string; number: number }
  | { type: 'seating.table_broken'; tableId: string; number: number }
  | { type: 'seating.final_table_assembled'; tableId: string; number: number; drawId: string }
  | { type: 'seating.moves_proposed'; proposalIds: string[] };

export interface SeatingResult {
  state: SeatingState;
  events: SeatingEvent[];
  /** Ids of the tables whose record changed (new, emptied, broken or re-seated). */
  touchedTables: string[];
}
