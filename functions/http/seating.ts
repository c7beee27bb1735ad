import { recordValues } from '../../domain/core/record-map';
import { defineRoute, type RouteRequest } from '../platform/route';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { tournamentState } from '../app/tournaments/queries';
import type { Context } from '../../domain/core/context';
import {
  assembleFinalTable,
  breakTable,
  confirmProposal,
  movePlayer,
  overrideProposal,
  rejectProposal,
  seatingFlags,
  setButton,
  undoLastMove,
  type Move,
  type Proposal,
  type SeatRef as SeatRefRecord,
  type SeatingResult,
  type SeatingState,
} from '../../domain/seating';
import { drawSeating, seatingCommand as runSeatingCommand } from '../app/tournaments/seating';
import * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/tournaments';
import { ButtonBody, MoveBody, MoveView, OverrideBody, ProposalParams, ProposalView, TableParams, Tables } from '../../schemas/seating';
import { commandOf, versioned } from './tournament-support';
import { club, ALL_STAFF, FLOOR, type Access } from '../platform/authorization';

const TAGS = ['Seating'];
const iso = (ms: number) => new Date(ms).toISOString();

const seatView = (s: SeatingState, ref: SeatRefRecord) => ({
  tableId: ref.tableId,
  tableNumber: s.tables[ref.tableId]?.number ?? 0,
  seat: ref.seat + 1,
});

export function tablesView(t: FloorTournament) {
  const s = t.seating;
  const flags = s ? seatingFlags(s) : { headsUp: false, finalTableReady: false };
  return {
    version: t.version,
    seatsPerTable: s?.seatsPerTable ?? t.settings.seatsPerTable,
    finalTableId: s?.finalTableId ?? null,
    tables: recordValues(s?.tables)
      .sort((a, b) => a.number - b.number)
      .map((table) => ({
        tableId: table.id,
        number: table.number,
        status: table.status,
        button: table.button === undefined ? null : table.button + 1,
        seats: table.seats.map((entryId, i) => ({
          seat: i + 1,
          entryId,
          playerId: entryId ? (t.entries[entryId]?.playerId ?? null) : null,
        })),
        players: table.seats.filter(Boolean).length,
      })),
    flags: { headsUp: flags.headsUp, finalTableReady: flags.finalTableReady, tableToBreak: flags.tableToBreak ?? null },
  };
}

const moveView = (s: SeatingState, m: Move) => ({
  moveId: m.id,
  entryId: m.entryId,
  from: m.from ? seatView(s, m.from) : null,
  to: seatView(s, m.to),
  reason: m.reason,
  by: m.by,
  at: iso(m.at),
  ...(m.seed !== undefined ? { seed: m.seed } : {}),
  ...(m.undoes ? { undoes: m.undoes } : {}),
  ...(m.proposalId ? { proposalId: m.proposalId } : {}),
});

const proposalView = (s: SeatingState, p: Proposal) => ({
  proposalId: p.id,
  entryId: p.entryId,
  from: seatView(s, p.from),
  to: seatView(s, p.to),
  reason: p.reason,
  createdAt: iso(p.createdAt),
});

/** A seating command on the drawn seating of the tournament; answers the tables as they are after it. */
async function seatingCommand(
  req: RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>,
  op: (seating: SeatingState, ctx: Context) => SeatingResult,
  opts: { reshapesTables?: boolean } = {},
) {
  const { state, version } = await runSeatingCommand(commandOf(req), op, opts);
  return versioned(200, version, tablesView(state));
}

const route = <P extends z.ZodObject, B extends z.ZodType | undefined>(def: {
  operationId: string;
  access: Access;
  ifMatch?: boolean;
  path: string;
  summary: string;
  /** Breaks a table or assembles the final table: refused in a shootout (R-SHOOT-1). */
  reshapesTables?: boolean;
  params: P;
  body?: B;
  op: (
    seating: SeatingState,
    ctx: Context,
    req: RouteRequest<z.output<P>, undefined, B extends z.ZodType ? z.output<B> : undefined>,
  ) => SeatingResult;
}) =>
  defineRoute({
    operationId: def.operationId,
    access: def.access,
    ...(def.ifMatch ? { ifMatch: true } : {}),
    method: 'POST',
    path: `/v1/clubs/{clubId}/tournaments/{tournamentId}${def.path}`,
    summary: def.summary,
    tags: TAGS,
    params: def.params,
    ...(def.body ? { body: def.body } : {}),
    responses: { 200: { description: 'The tables after the change', schema: Tables } },
    problems: [409, 422],
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    handle: async (req: any) => seatingCommand(req, (s, ctx) => def.op(s, ctx, req), { reshapesTables: def.reshapesTables === true }),
  });

export const drawRoute = /* @__PURE__ */ defineRoute({
  operationId: 'drawSeating',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/seating/draw',
  summary: 'Initial seating by lot, spread as evenly as possible; the seed is recorded (R-SEAT-1)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The tables', schema: Tables } },
  problems: [409, 422],
  handle: async (req) => {
    const { state, version } = await drawSeating(commandOf(req));
    return versioned(200, version, tablesView(state));
  },
});

export const tablesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listTables',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/tables',
  summary: 'Tables and seats, with the heads-up / final-table flags (R-SEAT-6)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The tables', schema: Tables } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    return versioned(200, state.version, tablesView(state));
  },
});

export const listMovesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMoves',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/moves',
  summary: 'Every move, append-only: who, from, to, why, by whom, when (audit)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Moves in order', schema: z.object({ version: z.number().int(), items: z.array(MoveView) }) } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const s = state.seating;
    return versioned(200, state.version, { version: state.version, items: s ? s.moves.map((m) => moveView(s, m)) : [] });
  },
});

export const listProposalsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listProposals',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/seating/proposals',
  summary: 'Balancing moves proposed in manual mode, waiting for the floor (R-SEAT-8)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Pending proposals', schema: z.object({ version: z.number().int(), items: z.array(ProposalView) }) } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const s = state.seating;
    return versioned(200, state.version, {
      version: state.version,
      items: s ? (s.pendingProposals ?? []).map((p) => proposalView(s, p)) : [],
    });
  },
});

const toRef = (to: { tableId: string; seat: number }): SeatRefRecord => ({ tableId: to.tableId, seat: to.seat - 1 });

export const seatingRoutes = [
  drawRoute,
  tablesRoute,
  listMovesRoute,
  listProposalsRoute,
  route({
    operationId: 'breakTable',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/tables/{tableId}/break',
    reshapesTables: true,
    summary: 'Break a table: its players go to free seats elsewhere by lot (R-SEAT-4)',
    params: TableParams,
    op: (s, ctx, req) => breakTable(s, { tableId: req.params.tableId }, ctx),
  }),
  route({
    operationId: 'setButton',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/tables/{tableId}/button',
    summary: "Set the dealer button's seat (the big-blind mover rule follows it, R-SEAT-3)",
    params: TableParams,
    body: ButtonBody,
    op: (s, ctx, req) => setButton(s, { tableId: req.params.tableId, seat: req.body.seat - 1 }, ctx),
  }),
  route({
    operationId: 'movePlayer',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/moves',
    summary: 'Move a player to a free seat (R-SEAT-7)',
    params: TournamentParams,
    body: MoveBody,
    op: (s, ctx, req) => movePlayer(s, { entryId: req.body.entryId, to: toRef(req.body.to) }, ctx),
  }),
  route({
    operationId: 'undoMove',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/moves/undo',
    summary: 'Undo the last move; a compensating record is appended (R-SEAT-7)',
    params: TournamentParams,
    op: (s, ctx) => undoLastMove(s, ctx),
  }),
  route({
    operationId: 'assembleFinalTable',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/final-table',
    reshapesTables: true,
    summary: 'Assemble the final table: a new random draw of the finalists (R-SEAT-6, R-SEAT-7)',
    params: TournamentParams,
    op: (s, ctx) => assembleFinalTable(s, ctx),
  }),
  route({
    operationId: 'confirmProposal',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/seating/proposals/{proposalId}/confirm',
    summary: 'Confirm a proposed balancing move (R-SEAT-8)',
    params: ProposalParams,
    op: (s, ctx, req) => confirmProposal(s, { proposalId: req.params.proposalId }, ctx),
  }),
  route({
    operationId: 'overrideProposal',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/seating/proposals/{proposalId}/override',
    summary: 'Move the proposed player to another seat instead (R-SEAT-8)',
    params: ProposalParams,
    body: OverrideBody,
    op: (s, ctx, req) => overrideProposal(s, { proposalId: req.params.proposalId, to: toRef(req.body.to) }, ctx),
  }),
  route({
    operationId: 'rejectProposal',
    access: /* @__PURE__ */ club(FLOOR),
    ifMatch: true,
    path: '/seating/proposals/{proposalId}/reject',
    summary: 'Reject a proposed balancing move (R-SEAT-8)',
    params: ProposalParams,
    op: (s, ctx, req) => rejectProposal(s, { proposalId: req.params.proposalId }, ctx),
  }),
];
