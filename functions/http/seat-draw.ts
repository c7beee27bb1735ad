import { SeatDrawProof } from '../../schemas/seating';
import { TournamentParams } from '../../schemas/tournaments';
import { seatDrawView } from '../../domain/floor/seat-draw';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { tournamentHidden } from '../../domain/moderation/content';
import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import { club, clubPublicView, ALL_STAFF, FLOOR } from '../platform/authorization';
import { findTournamentState } from '../app/tournaments/queries';
import { publishDrawCommitment } from '../app/tournaments/seating';
import { commandOf, versioned } from './tournament-support';

/** R-DRAW-1: the seat draw's commitment, and after the draw its seed and entry list (domain/floor/seat-draw.ts). */

const TAGS = ['Seating'];
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

function proofView(t: FloorTournament) {
  const v = seatDrawView(t);
  return {
    ...v,
    version: t.version,
    committedAt: iso(v.committedAt),
    drawnAt: iso(v.drawnAt),
    late: v.late.map((l) => ({ ...l, at: iso(l.at) as string })),
    rounds: v.rounds.map((r) => ({ ...r, drawnAt: iso(r.drawnAt) as string })),
  };
}

/** Outsiders see the proof of a tournament on the public clock, or one that has finished there. */
const PUBLIC_STATUSES = new Set(['running', 'finished']);

export const seatDrawProofRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getSeatDrawProof',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  etag: true,
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/seating/draw-proof',
  summary:
    "The seat draw's proof (R-DRAW-1): the seed's commitment published before the draw, then the seed, the entry list and every later seat drawn from it. Public while the tournament runs and after; staff read it always",
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The commitment, and after the draw what re-derives every seat', schema: SeatDrawProof } },
  handle: async (req) => {
    const { clubId, tournamentId } = req.params;
    const state = await findTournamentState(clubId, tournamentId, { consistent: req.club !== undefined });
    if (!req.club && (!state || !PUBLIC_STATUSES.has(state.status) || tournamentHidden(state.contentModeration))) {
      // As the public clock: outsiders learn nothing of a tournament that is not public.
      throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
    }
    if (!state) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    return versioned(200, state.version, proofView(state));
  },
});

export const publishCommitmentRoute = /* @__PURE__ */ defineRoute({
  operationId: 'publishSeatDrawCommitment',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/seating/commitment',
  summary:
    "Publish the seat draw's commitment now, before a draw made ahead of the start (R-DRAW-1); the start publishes it otherwise. One already published is answered unchanged: it never changes",
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The proof with the commitment', schema: SeatDrawProof } },
  problems: [409],
  handle: async (req) => {
    const { state, version } = await publishDrawCommitment(commandOf(req));
    return versioned(200, version, proofView({ ...state, version }));
  },
});

export const seatDrawRoutes = [seatDrawProofRoute, publishCommitmentRoute];
