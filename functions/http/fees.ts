import { playerRegistrations } from '../../domain/floor/field-views';
import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import { tournamentState } from '../app/tournaments/queries';
import { playerDebt, playerFeeOperations, playerSettlements, type Settlement as SettlementRecord } from '../../domain/tournaments';
import { cancelSettlement, settleDebt } from '../app/tournaments/fees';
import {
  PlayerFees,
  PlayerFeesParams,
  SettleBody,
  Settlement,
  SettlementParams,
  TournamentParams,
  Versioned,
} from '../../schemas/tournaments';
import { commandOf, recordView, versioned } from './tournament-support';
import { club, DESK } from '../platform/authorization';

const TAGS = ['Fees'];

const settlementView = (s: SettlementRecord) => recordView(s, 'settlementId');

export const playerFeesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getPlayerFees',
  access: /* @__PURE__ */ club(DESK),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/players/{playerId}/fees',
  summary: "A player's organisational fees in this tournament and the debt (R-FEE-1); never a prize pool (R-MONEY-3)",
  tags: TAGS,
  params: PlayerFeesParams,
  responses: { 200: { description: 'Fee operations, settlements and debt', schema: PlayerFees } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const { playerId } = req.params;
    const operations = playerFeeOperations(state, playerId);
    const settlements = playerSettlements(state, playerId);
    if (operations.length === 0 && playerRegistrations(state, playerId).length === 0) {
      throw problem(404, 'PLAYER_NOT_FOUND', 'The player has no part in this tournament');
    }
    return versioned(200, state.version, {
      playerId,
      currency: state.settings.currency,
      debt: playerDebt(state, playerId),
      operations: operations.map((f) => recordView(f, 'feeId')),
      settlements: settlements.map(settlementView),
    });
  },
});

export const settleRoute = /* @__PURE__ */ defineRoute({
  operationId: 'settle',
  access: /* @__PURE__ */ club(DESK),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/settlements',
  summary: "Settle all of a player's debt at once: one record with amount, method, who and when (R-FEE-1, R-FEE-3); idempotent",
  tags: TAGS,
  params: TournamentParams,
  body: SettleBody,
  responses: {
    201: { description: 'The settlement', schema: Versioned(Settlement) },
    200: { description: 'Nothing was owed: no record is made', schema: Versioned(Settlement.nullable()) },
  },
  problems: [409, 422],
  handle: async (req) => {
    const { version, value: created } = await settleDebt(commandOf(req), req.body);
    return versioned(created ? 201 : 200, version, { version, item: created ? settlementView(created) : null });
  },
});

export const cancelSettlementRoute = /* @__PURE__ */ defineRoute({
  operationId: 'cancelSettlement',
  access: /* @__PURE__ */ club(DESK),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/settlements/{settlementId}/cancel',
  summary: 'Cancel a settlement: the debt comes back; the record is marked, never deleted (R-FEE-2)',
  tags: TAGS,
  params: SettlementParams,
  responses: { 200: { description: 'The cancelled settlement', schema: Versioned(Settlement) } },
  problems: [409],
  handle: async (req) => {
    const { version, value } = await cancelSettlement(commandOf(req), req.params.settlementId);
    return versioned(200, version, { version, item: settlementView(value) });
  },
});

export const feeRoutes = [playerFeesRoute, settleRoute, cancelSettlementRoute];
