import { recordValues } from '../../domain/core/record-map';
import type * as z from '../../schemas/zod';
import { TournamentParams } from '../../schemas/tournaments';
import { ChipCounts, ChipCountsBody } from '../../schemas/chips';
import { chipSummary } from '../../domain/floor/chip-counts';
import type { FloorTournament } from '../../domain/floor/aggregate';
import { defineRoute } from '../platform/route';
import { club, ALL_STAFF, FLOOR } from '../platform/authorization';
import { tournamentState } from '../app/tournaments/queries';
import { recordChipCounts } from '../app/tournaments/chip-counts';
import { commandOf, versioned } from './tournament-support';

/** R-CHIP-1: the floor's chip counts, chips in play, the average and the chip leader. */

const TAGS = ['Knockouts and results'];
const PATH = '/v1/clubs/{clubId}/tournaments/{tournamentId}/chip-counts';
const iso = (ms: number) => new Date(ms).toISOString();

export function chipCountsView(t: FloorTournament): z.output<typeof ChipCounts> {
  const s = chipSummary(t);
  const items = recordValues(t.entries)
    .filter((e) => e.status === 'active' && t.chipCounts?.[e.id])
    .map((e) => {
      const c = t.chipCounts?.[e.id] as NonNullable<FloorTournament['chipCounts']>[string];
      return { entryId: e.id, playerId: e.playerId, chips: c.chips, countedAt: iso(c.at), by: c.by };
    })
    .sort((a, b) => b.chips - a.chips || (a.entryId < b.entryId ? -1 : 1));
  return {
    tournamentId: t.id,
    version: t.version,
    chipsInPlay: s.chipsInPlay,
    playersLeft: s.playersLeft,
    averageStack: s.averageStack,
    countedEntries: s.countedEntries,
    chipLeader: s.chipLeader ? { ...s.chipLeader, countedAt: iso(s.chipLeader.countedAt) } : null,
    items,
  };
}

const responses = { 200: { description: 'Chips in play, the average, the leader and every recorded count', schema: ChipCounts } };

export const recordChipCountsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'recordChipCounts',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: PATH,
  summary:
    "Record entries' stacks, one or the whole field in one call (R-CHIP-1): whole chips from 0, entries in play only (busted: 409, unknown: 404), together not above the chips in play (422)",
  tags: TAGS,
  params: TournamentParams,
  body: ChipCountsBody,
  responses,
  problems: [404, 409, 422],
  handle: async (req) => {
    const { state, version } = await recordChipCounts(commandOf(req), req.body.counts);
    return versioned(200, version, chipCountsView(state));
  },
});

export const chipCountsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getChipCounts',
  access: /* @__PURE__ */ club(ALL_STAFF),
  etag: true,
  method: 'GET',
  path: PATH,
  summary: 'Chips in play (starting stacks + rebuys + add-ons), the average stack, the chip leader and the recorded counts (R-CHIP-1)',
  tags: TAGS,
  params: TournamentParams,
  responses,
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    return versioned(200, state.version, chipCountsView(state));
  },
});

export const chipCountsRoutes = [recordChipCountsRoute, chipCountsRoute];
