import * as z from './zod';
import { MAX_SEATS_PER_TABLE } from '../domain/seating/policy';
import { Id, Timestamp } from './common';
import { TournamentParams } from './tournaments';

/** Seats are numbered from 1 at the table, as players and dealers count them. */
export const SeatRef = z.object({ tableId: Id, tableNumber: z.number().int(), seat: z.number().int().min(1) }).openapi('SeatRef');
export const SeatTarget = z.strictObject({ tableId: Id, seat: z.number().int().min(1).max(MAX_SEATS_PER_TABLE) }).openapi('SeatTarget');

export const TableView = z
  .object({
    tableId: Id,
    number: z.number().int(),
    status: z.enum(['active', 'broken']),
    button: z.number().int().nullable(),
    seats: z.array(z.object({ seat: z.number().int(), entryId: Id.nullable(), playerId: Id.nullable() })),
    players: z.number().int(),
  })
  .openapi('Table');

export const Tables = z
  .object({
    version: z.number().int(),
    seatsPerTable: z.number().int(),
    finalTableId: Id.nullable(),
    tables: z.array(TableView),
    flags: z.object({ headsUp: z.boolean(), finalTableReady: z.boolean(), tableToBreak: Id.nullable() }),
  })
  .openapi('Tables');

export const MoveView = z
  .object({
    moveId: Id,
    entryId: Id,
    from: SeatRef.nullable(),
    to: SeatRef,
    reason: z.string(),
    by: z.string(),
    at: Timestamp,
    seed: z.number().int().optional(),
    undoes: Id.optional(),
    proposalId: Id.optional(),
  })
  .openapi('Move');

export const ProposalView = z
  .object({ proposalId: Id, entryId: Id, from: SeatRef, to: SeatRef, reason: z.string(), createdAt: Timestamp })
  .openapi('Proposal');

export const TableParams = TournamentParams.extend({ tableId: Id });
export const ProposalParams = TournamentParams.extend({ proposalId: Id });
export const MoveBody = z.strictObject({ entryId: Id, to: SeatTarget }).openapi('MovePlayer');
export const ButtonBody = z.strictObject({ seat: z.number().int().min(1).max(MAX_SEATS_PER_TABLE) }).openapi('SetButton');
export const OverrideBody = z.strictObject({ to: SeatTarget }).openapi('OverrideProposal');

/** R-DRAW-1: what anyone needs to re-derive the seat draw (docs/decisions/seat-draw.md). */
export const SeatDrawProof = z
  .object({
    tournamentId: Id,
    version: z.number().int(),
    algorithm: z.string().openapi({ example: 'sport-poker/seat-draw/v1' }),
    commitment: z
      .string()
      .nullable()
      .openapi({ description: "hex SHA-256 of the seed's UTF-8 text, published before the draw; null until published" }),
    committedAt: Timestamp.nullable(),
    seed: z.string().nullable().openapi({ description: 'revealed once the seats are drawn; null before' }),
    drawnAt: Timestamp.nullable(),
    seatsPerTable: z.number().int().nullable(),
    entryIds: z.array(Id).openapi({ description: 'the entries of the draw, sorted by code unit (empty before the draw)' }),
    late: z
      .array(
        z.object({
          sequence: z.number().int().openapi({ description: 'k: the k-th entry seated after the draw' }),
          entryId: Id,
          tableNumber: z.number().int(),
          freeSeats: z.array(z.number().int()).openapi({ description: "the table's free seats (ascending) when the entry was seated" }),
          seat: z.number().int(),
          at: Timestamp,
        }),
      )
      .openapi({ description: 'late entries, re-entries and promoted players seated from the same committed stream' }),
    rounds: z
      .array(
        z.object({
          round: z
            .number()
            .int()
            .openapi({ description: 'R-SHOOT-2: a shootout round 2, 3, ...; its label is sport-poker/seat-draw/v1/round/<round>' }),
          drawnAt: Timestamp,
          entryIds: z.array(Id).openapi({ description: "the round's players, sorted by code unit" }),
          seatsPerTable: z.number().int(),
          firstTableNumber: z.number().int().openapi({ description: "the number of the round's first table; the others follow it" }),
        }),
      )
      .openapi({ description: "R-SHOOT-2: a shootout's later rounds, each drawn from the same seed (empty otherwise)" }),
  })
  .openapi('SeatDrawProof');
