import { recordCount } from '../core/record-map';
import { conflict } from '../core/errors';
import { seatDrawCommitment, SEAT_DRAW_ALGORITHM, type LateLot } from '../seating';
import type { FloorTournament } from './aggregate';

/*
 * R-DRAW-1: the tournament's provable seat draw. The commitment (SHA-256 of a secret seed from a CSPRNG,
 * seating/provable-draw.ts) is published at the start, or earlier when the floor closes registration for the
 * draw; it never changes once published. The draw runs on that seed and reveals it; every entry seated after
 * the draw takes its seat from the same seed's stream, numbered in the order they are seated.
 */

/** An entry seated after the draw, from the committed stream: the k-th one, its table's free seats and its seat. */
export interface LateSeatRecord {
  sequence: number;
  entryId: string;
  tableNumber: number;
  /** The table's free seats (1-based, ascending) when the entry was seated. */
  freeSeats: number[];
  seat: number;
  at: number;
}

export interface SeatDrawRecord {
  /** Secret until the draw. */
  seed: string;
  commitment: string;
  committedAt: number;
  drawnAt?: number;
  seatsPerTable?: number;
  /** The entries of the draw, sorted by code unit: the published entry list. */
  entryIds?: string[];
  late: LateSeatRecord[];
}

const COMMITTABLE = new Set(['registration_open', 'running']);

/**
 * The commitment published: a fresh one (its seed from the caller's CSPRNG) for a tournament that has none
 * and has not drawn its seats; otherwise the tournament unchanged, so a published commitment never moves.
 */
export function commitSeatDraw(t: FloorTournament, freshSeed: string, now: number): FloorTournament {
  if (t.seatDraw || !COMMITTABLE.has(t.status)) return t;
  if (t.seating && recordCount(t.seating.tables) > 0) return t;
  return { ...t, seatDraw: { seed: freshSeed, commitment: seatDrawCommitment(freshSeed), committedAt: now, late: [] }, updatedAt: now };
}

/** The floor's explicit "publish now"; 409 once the seats are drawn without one (a draw made before R-DRAW-1). */
export function publishSeatDrawCommitment(t: FloorTournament, freshSeed: string, now: number): FloorTournament {
  if (!t.seatDraw && t.seating && recordCount(t.seating.tables) > 0) {
    throw conflict('SEATING_ALREADY_DRAWN', 'The seats were drawn without a commitment; there is nothing left to commit to');
  }
  if (!t.seatDraw && !COMMITTABLE.has(t.status)) {
    throw conflict('SEAT_DRAW_NOT_OPEN', `A commitment is published once registration is open (status ${t.status})`);
  }
  return commitSeatDraw(t, freshSeed, now);
}

/** The next lot of the committed stream for an entry seated after the draw, or none (no provable draw made). */
export const nextLateLot = (t: FloorTournament): { seed: string; sequence: number } | undefined =>
  t.seatDraw?.drawnAt !== undefined ? { seed: t.seatDraw.seed, sequence: t.seatDraw.late.length + 1 } : undefined;

export function withLateSeat(t: FloorTournament, entryId: string, lot: LateLot, now: number): FloorTournament {
  const d = t.seatDraw as SeatDrawRecord;
  const record: LateSeatRecord = {
    sequence: d.late.length + 1,
    entryId,
    tableNumber: lot.tableNumber,
    freeSeats: lot.freeSeats,
    seat: lot.seat,
    at: now,
  };
  return { ...t, seatDraw: { ...d, late: [...d.late, record] } };
}

/** What anyone may read: the commitment always, the seed and the entry list once the draw is made. */
export function seatDrawView(t: FloorTournament) {
  const d = t.seatDraw;
  const drawn = d?.drawnAt !== undefined;
  return {
    tournamentId: t.id,
    algorithm: SEAT_DRAW_ALGORITHM,
    commitment: d?.commitment ?? null,
    committedAt: d ? d.committedAt : null,
    seed: drawn ? (d?.seed ?? null) : null,
    drawnAt: drawn ? (d?.drawnAt ?? null) : null,
    seatsPerTable: drawn ? (d?.seatsPerTable ?? null) : null,
    entryIds: drawn ? (d?.entryIds ?? []) : [],
    late: drawn ? (d?.late ?? []) : [],
    // R-SHOOT-2: a shootout's later rounds, drawn from the same seed (provable-draw.ts).
    rounds: drawn
      ? (t.shootout?.rounds ?? [])
          .filter((r) => r.seed === undefined)
          .map((r) => ({
            round: r.round,
            drawnAt: r.drawnAt,
            entryIds: r.entryIds,
            seatsPerTable: r.seatsPerTable,
            firstTableNumber: r.firstTableNumber,
          }))
      : [],
  };
}
