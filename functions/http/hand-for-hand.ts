import type * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/tournaments';
import { TableParams } from '../../schemas/seating';
import { HandDoneBody, HandForHandState, StartHandForHandBody } from '../../schemas/hand-for-hand';
import { bubbleOf } from '../../domain/floor/hand-for-hand';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { defineRoute } from '../platform/route';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';
import { tournamentState } from '../app/tournaments/queries';
import { reportHandDone, startHandForHand, stopHandForHand } from '../app/tournaments/hand-for-hand';
import { commandOf, versioned } from './tournament-support';
import { apiHandForHand } from './hand-for-hand-view';

/** R-HFH-1: hand-for-hand at the bubble: start, stop, each table's "hand done", and the state (domain/floor/hand-for-hand.ts). */

const TAGS = ['Seating'];
const PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}/hand-for-hand';
const view = (t: FloorTournament, now: number): z.output<typeof HandForHandState> => ({
  tournamentId: t.id,
  version: t.version,
  onBubble: t.status === 'running' && bubbleOf(t, now).onBubble,
  handForHand: apiHandForHand(t),
});

const responses = { 200: { description: 'Hand-for-hand now and the tournament version', schema: HandForHandState } };

export const getHandForHandRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getHandForHand',
  access: /* @__PURE__ */ club(ALL_STAFF),
  etag: true,
  method: 'GET',
  path: PATH,
  summary: 'Hand-for-hand (R-HFH-1): whether the field is on the bubble, the hand in play and the tables still playing it',
  tags: TAGS,
  params: TournamentParams,
  responses,
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    return versioned(200, state.version, view(state, req.now));
  },
});

export const startHandForHandRoute = /* @__PURE__ */ defineRoute({
  operationId: 'startHandForHand',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${PATH}/start`,
  summary:
    'Start hand-for-hand (R-HFH-1): only when one more elimination reaches the places or the satellite seats (else 409 HAND_FOR_HAND_NOT_AT_BUBBLE); hand 1 starts at every table',
  tags: TAGS,
  params: TournamentParams,
  body: StartHandForHandBody,
  responses,
  problems: [409, 422],
  handle: async (req) => {
    const { state, version } = await startHandForHand(commandOf(req), req.body ?? {});
    return versioned(200, version, view(state, req.now));
  },
});

export const stopHandForHandRoute = /* @__PURE__ */ defineRoute({
  operationId: 'stopHandForHand',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: `${PATH}/stop`,
  summary: 'Stop hand-for-hand now (R-HFH-1); it also ends by itself with the hand in which the bubble bursts',
  tags: TAGS,
  params: TournamentParams,
  responses,
  problems: [409],
  handle: async (req) => {
    const { state, version } = await stopHandForHand(commandOf(req));
    return versioned(200, version, view(state, req.now));
  },
});

export const reportHandDoneRoute = /* @__PURE__ */ defineRoute({
  operationId: 'reportHandDone',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'POST',
  path: `${PATH}/tables/{tableId}/hand-done`,
  summary:
    "A table finished the hand-for-hand hand (R-HFH-1); when every table has, the next hand starts (or hand-for-hand ends, the bubble burst). A repeated report, or one of a hand already over, changes nothing. Record the hand's busts before its report",
  tags: TAGS,
  params: TableParams,
  body: HandDoneBody,
  responses,
  problems: [404, 409, 422],
  handle: async (req) => {
    const { state, version } = await reportHandDone(commandOf(req), { tableId: req.params.tableId, hand: req.body.hand });
    return versioned(200, version, view(state, req.now));
  },
});

export const handForHandRoutes = [getHandForHandRoute, startHandForHandRoute, stopHandForHandRoute, reportHandDoneRoute];
