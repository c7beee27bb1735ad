import { changeRecords, putRecords, recordAt, recordValues, type RecordChange } from '../core/record-map';
import type { Context } from '../core/context';
import type { DrawKind, DrawRecord, Move, MoveReason, Proposal, SeatRef, SeatingEvent, SeatingResult, SeatingState, Table } from './types';
import { playerCount } from './positions';
import { TableSizeIndex } from './size-index';

/**
 * Copy-on-write working copy of a SeatingState. Operations change the draft and commit a new
 * state; the input is never mutated and untouched tables keep their identity, so a knockout
 * and its balancing move rewrite only the tables involved. The seat index and the tables are record
 * maps: a commit changes what the operations changed, not the field.
 */
export class SeatingDraft {
  private readonly changed = new Map<string, Table>();
  /** The seat index's changes, in order, and each entry's seat as they leave it (null: none). */
  private readonly seatChanges: RecordChange<SeatRef>[] = [];
  private readonly seatNow = new Map<string, SeatRef | null>();
  private readonly newMoves: Move[] = [];
  private readonly newDraws: DrawRecord[] = [];
  readonly events: SeatingEvent[] = [];
  nextTableNumber: number;
  finalTableId: string | undefined;
  pendingProposals: Proposal[] | undefined;

  constructor(
    readonly base: SeatingState,
    readonly ctx: Context,
  ) {
    this.nextTableNumber = base.nextTableNumber;
    this.finalTableId = base.finalTableId;
    this.pendingProposals = base.pendingProposals;
  }

  get seatsPerTable(): number {
    return this.base.seatsPerTable;
  }

  table(id: string): Table | undefined {
    return this.changed.get(id) ?? recordAt(this.base.tables, id);
  }

  /** Active tables, in no particular order. */
  activeTables(): Table[] {
    const out: Table[] = [];
    for (const base of recordValues(this.base.tables)) {
      const t = this.changed.get(base.id) ?? base;
      if (t.status === 'active') out.push(t);
    }
    for (const [id, t] of this.changed) if (!recordAt(this.base.tables, id) && t.status === 'active') out.push(t);
    return out;
  }

  seatOf(entryId: string): SeatRef | undefined {
    const now = this.seatNow.get(entryId);
    return now === undefined ? recordAt(this.base.seatOf, entryId) : (now ?? undefined);
  }

  private setSeat(entryId: string, seat: SeatRef | undefined): void {
    this.seatChanges.push({ id: entryId, value: seat });
    this.seatNow.set(entryId, seat ?? null);
  }

  /** Active tables indexed by player count (optionally leaving one out). */
  sizeIndex(exceptTableId?: string): TableSizeIndex {
    const index = new TableSizeIndex(this.seatsPerTable);
    for (const t of this.activeTables()) if (t.id !== exceptTableId) index.add(t.id, t.number, playerCount(t));
    return index;
  }

  private writable(id: string): Table {
    const mine = this.changed.get(id);
    if (mine) return mine;
    const t = this.table(id);
    if (!t) throw new Error(`unknown table ${id}`);
    const copy: Table = { ...t, seats: t.seats.slice() };
    this.changed.set(id, copy);
    return copy;
  }

  /** Seats an unseated entry on a free seat of an active table (callers validate first). */
  place(entryId: string, to: SeatRef): void {
    const t = this.writable(to.tableId);
    if (t.status !== 'active' || t.seats[to.seat] !== null || this.seatOf(entryId)) {
      throw new Error(`invariant: cannot place ${entryId} at ${to.tableId}#${to.seat}`);
    }
    t.seats[to.seat] = entryId;
    this.setSeat(entryId, { tableId: to.tableId, seat: to.seat });
  }

  /** Frees the entry's seat and returns where it sat. */
  vacate(entryId: string): SeatRef {
    const at = this.seatOf(entryId);
    if (!at) throw new Error(`invariant: ${entryId} is not seated`);
    this.writable(at.tableId).seats[at.seat] = null;
    this.setSeat(entryId, undefined);
    return at;
  }

  /** Moves (or, with no current seat, seats) an entry and records the audit move and its event. */
  move(entryId: string, to: SeatRef, reason: MoveReason, extra: { seed?: number; undoes?: string; proposalId?: string } = {}): Move {
    const from = this.seatOf(entryId) ? this.vacate(entryId) : undefined;
    this.place(entryId, to);
    const move: Move = {
      id: this.ctx.newId('mv'),
      entryId,
      ...(from ? { from } : {}),
      to: { tableId: to.tableId, seat: to.seat },
      reason,
      by: this.ctx.actor.id,
      at: this.ctx.now,
      ...extra,
    };
    this.newMoves.push(move);
    this.events.push({
      type: 'seating.player_moved',
      moveId: move.id,
      entryId,
      ...(from ? { from } : {}),
      to: move.to,
      reason,
    });
    return move;
  }

  openTable(): Table {
    const table: Table = {
      id: this.ctx.newId('tbl'),
      number: this.nextTableNumber++,
      seats: new Array<string | null>(this.seatsPerTable).fill(null),
      status: 'active',
      button: 0,
    };
    if (this.table(table.id)) throw new Error(`invariant: table id ${table.id} already used`);
    this.changed.set(table.id, table);
    this.events.push({ type: 'seating.table_opened', tableId: table.id, number: table.number });
    return table;
  }

  /** Marks an (already emptied) table broken. */
  markBroken(id: string): void {
    const t = this.writable(id);
    if (t.seats.some((s) => s !== null)) throw new Error(`invariant: table ${id} is not empty`);
    t.status = 'broken';
    this.events.push({ type: 'seating.table_broken', tableId: id, number: t.number });
  }

  setButton(id: string, seat: number): void {
    this.writable(id).button = seat;
  }

  /** Records a lot by its seed (see drawSeed); the lot runs on `seededRandom(seed)`. */
  recordDraw(kind: DrawKind, seed: number | undefined, tableId?: string, commitment?: string): DrawRecord {
    const draw: DrawRecord = {
      id: this.ctx.newId('draw'),
      kind,
      ...(seed !== undefined ? { seed } : {}),
      ...(commitment !== undefined ? { commitment } : {}),
      at: this.ctx.now,
      by: this.ctx.actor.id,
      ...(tableId !== undefined ? { tableId } : {}),
    };
    this.newDraws.push(draw);
    return draw;
  }

  commit(): SeatingResult {
    const b = this.base;
    const state: SeatingState = {
      seatsPerTable: b.seatsPerTable,
      policy: b.policy,
      tables: this.changed.size ? putRecords(b.tables, this.changed) : b.tables,
      seatOf: this.seatChanges.length ? changeRecords(b.seatOf, this.seatChanges) : b.seatOf,
      moves: this.newMoves.length ? b.moves.concat(this.newMoves) : b.moves,
      draws: this.newDraws.length ? b.draws.concat(this.newDraws) : b.draws,
      nextTableNumber: this.nextTableNumber,
    };
    if (this.finalTableId !== undefined) state.finalTableId = this.finalTableId;
    if (this.pendingProposals !== undefined && this.pendingProposals.length > 0) {
      state.pendingProposals = this.pendingProposals;
    }
    return { state, events: this.events, touchedTables: [...this.changed.keys()] };
  }
}

/** A fresh 32-bit seed for one lot, taken from the context's source. */
export const drawSeed = (ctx: Context): number => ctx.rng.int(0x100000000);
