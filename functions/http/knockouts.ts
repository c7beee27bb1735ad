import { recordValues } from '../../domain/core/record-map';
import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import type { FloorTournament as StoredTournament } from '../../domain/floor/aggregate';
import { tournamentState } from '../app/tournaments/queries';
import { namedResultRows, resultNamesRead } from '../app/tournaments/results';
import { bountyReward, resultsToCsv, type Knockout, type KnockoutBounty } from '../../domain/results';
import { bountySettings } from '../../domain/floor/knockouts';
import { entryBounties, knockoutBounties, mysteryTableView, progressiveOf, type MysteryTableView } from '../../domain/floor/bounties';
import { floorResults, floorStandings } from '../../domain/floor/results';
import { floorSatelliteSummary } from '../../domain/floor/satellite';
import { cancelKnockout, drawMystery, finishTournament, recordKnockout } from '../app/tournaments/knockouts';
import * as z from '../../schemas/zod';
import { Tournament, TournamentParams } from '../../schemas/tournaments';
import {
  CancelKnockoutBody,
  EntryBounties,
  KnockoutBody,
  KnockoutParams,
  KnockoutView,
  MysteryDrawBody,
  MysteryTable,
  Results,
  ResultsQuery,
  Standings,
} from '../../schemas/results';
import { commandOf, tournamentView, versioned } from './tournament-support';
import { mysteryPrizeHidden, publicResultRows, tournamentHidden } from '../../domain/moderation/content';
import { DELETED_PLAYER_NAME } from './players';
import { idField, type Prefetched } from '../runtime/prefetch';
import { clubItemKey, clubListed } from '../app/clubs';
import { club, clubPublicView, ALL_STAFF, FLOOR } from '../platform/authorization';

const TAGS = ['Knockouts and results'];
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/** A record as the API shows it, with its progressive split while it stands (R-BTY-3). */
const knockoutView = (k: Knockout, bounties: Record<string, KnockoutBounty> = {}) => {
  const { id, at, cancelledAt, ...rest } = k;
  const bounty = bounties[id];
  return {
    knockoutId: id,
    ...rest,
    at: iso(at),
    ...(cancelledAt !== undefined ? { cancelledAt: iso(cancelledAt) } : {}),
    ...(bounty ? { bounty } : {}),
  };
};

// Built outside the route definitions: a definition whose arguments call anything stays in every bundle
// that imports this module, handler included (test/infra/bundles.test.ts).
const KnockoutList = z.object({ version: z.number().int(), items: z.array(KnockoutView) });
const KnockoutsRecorded = z.object({
  version: z.number().int(),
  items: z.array(KnockoutView),
  flags: z.object({ headsUp: z.boolean(), finalTableReady: z.boolean() }).nullable(),
  satelliteEnded: z
    .boolean()
    .optional()
    .openapi({ description: 'R-SAT-2: true when this knockout left the seats number of players: the satellite finished with it' }),
});
const KnockoutCancelled = z.object({ version: z.number().int(), item: KnockoutView });
const MysteryDrawn = z.object({
  version: z.number().int(),
  item: z.object({
    drawId: z.string(),
    sequence: z.number().int(),
    killerEntryId: z.string(),
    knockoutId: z.string(),
    prizeText: z.string().optional(),
    prizeIndex: z.number().int().optional(),
    at: z.string(),
  }),
});

export const listKnockoutsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listKnockouts',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts',
  summary: 'Knockout records in elimination order, cancelled ones included (audit, R-KO-1)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Knockouts', schema: KnockoutList } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const bounties = knockoutBounties(state);
    const items = recordValues(state.knockouts?.knockouts)
      .sort((a, b) => a.eliminationNumber - b.eliminationNumber || a.at - b.at)
      .map((k) => knockoutView(k, bounties));
    return versioned(200, state.version, { version: state.version, items });
  },
});

export const recordKnockoutRoute = /* @__PURE__ */ defineRoute({
  operationId: 'recordKnockout',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts',
  summary:
    'Record a knockout: one or several busted entries of one hand, each with one or two killers (or one killers list for all); frees the seats and balances in the same write (R-KO-1..5, R-SEAT-6)',
  tags: TAGS,
  params: TournamentParams,
  body: KnockoutBody,
  responses: {
    201: {
      description: 'The records made',
      schema: KnockoutsRecorded,
    },
  },
  problems: [409, 422],
  handle: async (req) => {
    const { state, version, value } = await recordKnockout(commandOf(req), req.body);
    const bounties = knockoutBounties(state);
    const items = value.knockoutIds.map((id) => knockoutView(state.knockouts?.knockouts[id] as Knockout, bounties));
    return versioned(201, version, { version, items, flags: value.flags, ...(value.satelliteEnded ? { satelliteEnded: true } : {}) });
  },
});

export const cancelKnockoutRoute = /* @__PURE__ */ defineRoute({
  operationId: 'cancelKnockout',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts/{knockoutId}/cancel',
  summary:
    'Cancel a knockout within the window: marked cancelled, the player revived (R-KO-6); refused after a re-entry (R-REENTRY-5) or a mystery draw',
  tags: TAGS,
  params: KnockoutParams,
  body: CancelKnockoutBody,
  responses: { 200: { description: 'The cancelled record', schema: KnockoutCancelled } },
  problems: [409, 422],
  handle: async (req) => {
    const { version, value } = await cancelKnockout(commandOf(req), req.params.knockoutId, req.body?.reason);
    return versioned(200, version, { version, item: knockoutView(value) });
  },
});

export const mysteryDrawRoute = /* @__PURE__ */ defineRoute({
  operationId: 'drawMystery',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts/{knockoutId}/mystery-draw',
  summary:
    'The mystery bounty drawn by the killer entry, once per killer entry or per knockout: drawn by the server from the prize table, or the non-monetary prize text typed by the floor (R-MYS-1, R-MYS-2)',
  tags: TAGS,
  params: KnockoutParams,
  body: MysteryDrawBody,
  responses: {
    201: {
      description: 'The draw',
      schema: MysteryDrawn,
    },
  },
  problems: [409, 422],
  handle: async (req) => {
    const { version, value } = await drawMystery(commandOf(req), req.params.knockoutId, req.body);
    const { id, at, killerPlayerId: _k, by: _b, ...rest } = value;
    return versioned(201, version, { version, item: { drawId: id, ...rest, at: iso(at) } });
  },
});

export const standingsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getStandings',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/standings',
  summary:
    'Players left, places paid, eliminations to the money, bubble, in the money (R-ITM-1, R-ITM-2); for a satellite its seats and bubble (R-SAT-2)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Standings', schema: Standings } },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const satellite = floorSatelliteSummary(state, req.now);
    return versioned(200, state.version, { version: state.version, ...floorStandings(state), ...(satellite ? { satellite } : {}) });
  },
});

/** Who may read results: the club's staff always; anyone once the tournament is finished, unless the club keeps them private. */
async function resultsVisible(state: StoredTournament, staff: boolean, prefetched: Prefetched): Promise<boolean> {
  if (staff) return true;
  if (state.status !== 'finished' || !state.settings.resultsPublic || tournamentHidden(state.contentModeration)) return false;
  return clubListed(state.clubId, prefetched);
}

export const resultsRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getResults',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/results',
  summary:
    'Final places, knockout credits and prizes (R-PLC-1..3); public once finished unless the club keeps them private; ?format=csv for the records',
  tags: TAGS,
  params: TournamentParams,
  query: ResultsQuery,
  responses: { 200: { description: 'Results (JSON or text/csv)', schema: Results, alsoAs: ['text/csv'] } },
  problems: [409],
  // The names item and the club (the public view checks its suspension) come with the authorization's read.
  prefetch: ({ params }) => {
    const clubId = idField(params, 'clubId');
    const tournamentId = idField(params, 'tournamentId');
    return clubId && tournamentId ? [resultNamesRead(clubId, tournamentId), clubItemKey(clubId)] : [];
  },
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    if (!(await resultsVisible(state, Boolean(req.club), req.prefetched))) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    const final = state.results !== undefined;
    const all = state.results?.rows ?? floorResults(state);
    // R-MOD-1: prize texts the operator hid are left out of what the public reads.
    const draws = Object.fromEntries(recordValues(state.knockouts?.mysteryDraws).map((d) => [d.id, d.prizeText]));
    const rows = req.club ? all : publicResultRows(all, state.contentModeration, draws);
    const bounty = bountySettings(state);
    const reward = bountyReward(bounty);
    const named = await namedResultRows(rows, {
      clubId: state.clubId,
      tournamentId: state.id,
      publicView: !req.club,
      erasedName: DELETED_PLAYER_NAME,
      prefetched: req.prefetched,
    });
    if (req.query.format === 'csv') {
      return {
        status: 200,
        raw: true,
        body: resultsToCsv(named, reward),
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="results-${state.id}.csv"` },
      };
    }
    return versioned(200, state.version, {
      tournamentId: state.id,
      status: state.status,
      final,
      computedAt: state.results ? (iso(state.results.computedAt) as string) : null,
      bountyType: bounty.type,
      bountyReward: reward,
      rows: named,
    });
  },
});

/** Finishing computes and keeps the final places (replaces the plain status change). */
export const finishRoute = /* @__PURE__ */ defineRoute({
  operationId: 'finishTournament',
  access: /* @__PURE__ */ club(FLOOR),
  ifMatch: true,
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/finish',
  summary: 'Finish: the final places are computed and kept; refused while two entries are in play (R-LIFE-1, R-PLC-1)',
  tags: ['Tournaments'],
  params: TournamentParams,
  responses: { 200: { description: 'The tournament', schema: Tournament } },
  problems: [409],
  handle: async (req) => {
    const { state, version } = await finishTournament(commandOf(req));
    return versioned(200, version, tournamentView(state));
  },
});

export const bountiesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getBounties',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/bounties',
  summary: "Progressive bounties: every entry's bounty and collected points, in tournament points (R-BTY-3, R-MONEY-1)",
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Bounties per entry', schema: EntryBounties } },
  problems: [409],
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const p = progressiveOf(state);
    if (!p) throw problem(409, 'BOUNTY_NOT_PROGRESSIVE', 'This tournament has no accumulating progressive bounty (R-BTY-3)');
    const items = entryBounties(state, p).map((e) => ({ ...e, status: e.status as 'active' | 'busted' }));
    return versioned(200, state.version, {
      version: state.version,
      progressiveMode: 'accumulate',
      initialBounty: p.initialBounty,
      collectPercent: p.collectPercent,
      items,
    });
  },
});

/** A draw on the wire; for the public without a prize text the operator hid (R-MOD-1). */
function publicDraw(d: MysteryTableView['draws'][number], publicOf: StoredTournament | undefined) {
  const { at, prizeText, ...rest } = d;
  const hidden = publicOf !== undefined && mysteryPrizeHidden(publicOf.contentModeration, d.drawId);
  return { ...rest, ...(prizeText !== undefined && !hidden ? { prizeText } : {}), at: iso(at) as string };
}

export const mysteryTableRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getMysteryTable',
  access: /* @__PURE__ */ clubPublicView(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/mystery-table',
  summary:
    'The mystery prize table with its commitment; what is left of it for staff; the draws and the seed once the tournament is over (R-MYS-2)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'The mystery prize table', schema: MysteryTable } },
  problems: [409],
  handle: async (req) => {
    const state = await tournamentState(req.params.clubId, req.params.tournamentId);
    const staff = Boolean(req.club);
    if (!staff) {
      // The public sees the table and its commitment of a listed club; what is left and the draws with the results.
      if (!(await clubListed(state.clubId)) || tournamentHidden(state.contentModeration))
        throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    }
    if (bountySettings(state).type !== 'mystery')
      throw problem(409, 'MYSTERY_NOT_ENABLED', 'This tournament has no mystery bounty (R-MYS-1)');
    const full = staff || (await resultsVisible(state, false, req.prefetched));
    const { committedAt, seed, prizes, draws, ...rest } = mysteryTableView(state);
    return versioned(200, state.version, {
      version: state.version,
      ...rest,
      ...(committedAt !== undefined ? { committedAt: iso(committedAt) } : {}),
      ...(seed !== undefined ? { seed } : {}),
      prizes: full ? prizes : prizes.map(({ remaining: _r, ...p }) => p),
      ...(full ? { draws: draws.map((d) => publicDraw(d, staff ? undefined : state)) } : {}),
    });
  },
});

export const knockoutRoutes = [
  listKnockoutsRoute,
  recordKnockoutRoute,
  cancelKnockoutRoute,
  mysteryDrawRoute,
  standingsRoute,
  resultsRoute,
  bountiesRoute,
  mysteryTableRoute,
];
