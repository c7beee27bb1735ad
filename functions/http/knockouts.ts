import { defineRoute } from '../platform/route';
import { problem } from '../platform/problem';
import { store } from '../store/service';
import { requireTournament, type StoredTournament } from '../store/tournament-store';
import { resultsToCsv, type Knockout, type ResultRow } from '../../domain/results';
import { cancelKnockoutOnFloor, drawMysteryOnFloor, recordKnockoutOnFloor } from '../../domain/floor/knockouts';
import { finishOnFloor, floorResults, floorStandings } from '../../domain/floor/results';
import * as z from '../../schemas/zod';
import { Tournament, TournamentParams } from '../../schemas/tournaments';
import { CancelKnockoutBody, KnockoutBody, KnockoutParams, KnockoutView, MysteryDrawBody, Results, ResultsQuery, Standings } from '../../schemas/results';
import { runTournamentCommand, tournamentView, versioned } from './tournament-support';

const TAGS = ['Knockouts and results'];
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

const knockoutView = (k: Knockout) => {
  const { id, at, cancelledAt, ...rest } = k;
  return { knockoutId: id, ...rest, at: iso(at), ...(cancelledAt !== undefined ? { cancelledAt: iso(cancelledAt) } : {}) };
};

export const listKnockoutsRoute = defineRoute({
  operationId: 'listKnockouts',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts',
  summary: 'Knockout records in elimination order, cancelled ones included (audit, R-KO-1)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Knockouts', schema: z.object({ version: z.number().int(), items: z.array(KnockoutView) }) } },
  handle: async (req) => {
    const { state } = await requireTournament(req.params.clubId, req.params.tournamentId);
    const items = Object.values(state.knockouts?.knockouts ?? {})
      .sort((a, b) => a.eliminationNumber - b.eliminationNumber || a.at - b.at)
      .map(knockoutView);
    return versioned(200, state.version, { version: state.version, items });
  },
});

export const recordKnockoutRoute = defineRoute({
  operationId: 'recordKnockout',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts',
  summary: 'Record a knockout: one or several busted entries of one hand, one or two killers; frees the seats and balances in the same write (R-KO-1..5, R-SEAT-6)',
  tags: TAGS,
  params: TournamentParams,
  body: KnockoutBody,
  responses: {
    201: {
      description: 'The records made',
      schema: z.object({ version: z.number().int(), items: z.array(KnockoutView), flags: z.object({ headsUp: z.boolean(), finalTableReady: z.boolean() }).nullable() }),
    },
  },
  problems: [409, 422],
  handle: async (req) => {
    let made: string[] = [];
    let flags: { headsUp: boolean; finalTableReady: boolean } | null = null;
    const outcome = await runTournamentCommand(req, (t, ctx) => {
      const r = recordKnockoutOnFloor(t, req.body, ctx);
      made = r.knockoutIds;
      flags = r.flags ? { headsUp: r.flags.headsUp, finalTableReady: r.flags.finalTableReady } : null;
      return r;
    });
    const items = made.map((id) => knockoutView(outcome.state.knockouts?.knockouts[id] as Knockout));
    return versioned(201, outcome.version, { version: outcome.version, items, flags });
  },
});

export const cancelKnockoutRoute = defineRoute({
  operationId: 'cancelKnockout',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts/{knockoutId}/cancel',
  summary: "Cancel a knockout within the window: marked cancelled, the player revived (R-KO-6); refused after a re-entry (R-REENTRY-5) or a mystery draw",
  tags: TAGS,
  params: KnockoutParams,
  body: CancelKnockoutBody,
  responses: { 200: { description: 'The cancelled record', schema: z.object({ version: z.number().int(), item: KnockoutView }) } },
  problems: [409, 422],
  handle: async (req) => {
    const outcome = await runTournamentCommand(req, (t, ctx) =>
      cancelKnockoutOnFloor(t, { knockoutId: req.params.knockoutId, ...(req.body?.reason ? { reason: req.body.reason } : {}) }, ctx),
    );
    const k = outcome.state.knockouts?.knockouts[req.params.knockoutId] as Knockout;
    return versioned(200, outcome.version, { version: outcome.version, item: knockoutView(k) });
  },
});

export const mysteryDrawRoute = defineRoute({
  operationId: 'drawMystery',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/knockouts/{knockoutId}/mystery-draw',
  summary: 'Record the mystery bounty drawn by the killer entry: once per killer entry, non-monetary prize text (R-MYS-1, R-MYS-2)',
  tags: TAGS,
  params: KnockoutParams,
  body: MysteryDrawBody,
  responses: {
    201: {
      description: 'The draw',
      schema: z.object({
        version: z.number().int(),
        item: z.object({ drawId: z.string(), sequence: z.number().int(), killerEntryId: z.string(), knockoutId: z.string(), prizeText: z.string().optional(), at: z.string() }),
      }),
    },
  },
  problems: [409, 422],
  handle: async (req) => {
    let drawId = '';
    const outcome = await runTournamentCommand(req, (t, ctx) => {
      const r = drawMysteryOnFloor(t, { knockoutId: req.params.knockoutId, ...req.body }, ctx);
      drawId = r.drawId;
      return r;
    });
    const d = outcome.state.knockouts?.mysteryDraws[drawId];
    if (!d) throw problem(409, 'CONFLICT', 'The draw was not recorded');
    const { id, at, killerPlayerId: _k, by: _b, ...rest } = d;
    return versioned(201, outcome.version, { version: outcome.version, item: { drawId: id, ...rest, at: iso(at) } });
  },
});

export const standingsRoute = defineRoute({
  operationId: 'getStandings',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/standings',
  summary: 'Players left, places paid, eliminations to the money, bubble, in the money (R-ITM-1, R-ITM-2)',
  tags: TAGS,
  params: TournamentParams,
  responses: { 200: { description: 'Standings', schema: Standings } },
  handle: async (req) => {
    const { state } = await requireTournament(req.params.clubId, req.params.tournamentId);
    return versioned(200, state.version, { version: state.version, ...floorStandings(state) });
  },
});

async function withNames(rows: readonly ResultRow[]) {
  const ids = [...new Set(rows.map((r) => r.playerId))];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    const { data } = await store().entities.player.get(ids.slice(i, i + 100).map((userId) => ({ userId }))).go({ attributes: ['userId', 'displayName'] });
    for (const p of data) names.set(p.userId, p.displayName);
  }
  return rows.map((r) => ({ ...r, ...(names.has(r.playerId) ? { displayName: names.get(r.playerId) } : {}) }));
}

/** Who may read results: the club's staff always; anyone once the tournament is finished, unless the club keeps them private. */
async function resultsVisible(state: StoredTournament, staff: boolean): Promise<boolean> {
  if (staff) return true;
  if (state.status !== 'finished' || !state.settings.resultsPublic) return false;
  const { data } = await store().entities.club.get({ clubId: state.clubId }).go({ attributes: ['suspended'] });
  return Boolean(data && !data.suspended);
}

export const resultsRoute = defineRoute({
  operationId: 'getResults',
  method: 'GET',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/results',
  summary: 'Final places, knockout credits and prizes (R-PLC-1..3); public once finished unless the club keeps them private; ?format=csv for the records',
  tags: TAGS,
  params: TournamentParams,
  query: ResultsQuery,
  responses: { 200: { description: 'Results (JSON or text/csv)', schema: Results, alsoAs: ['text/csv'] } },
  problems: [409],
  handle: async (req) => {
    const { state } = await requireTournament(req.params.clubId, req.params.tournamentId);
    if (!(await resultsVisible(state, Boolean(req.club)))) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
    const final = state.results !== undefined;
    const rows = state.results?.rows ?? floorResults(state);
    if (req.query.format === 'csv') {
      return {
        status: 200,
        raw: true,
        body: resultsToCsv(rows),
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="results-${state.id}.csv"` },
      };
    }
    return versioned(200, state.version, {
      tournamentId: state.id,
      status: state.status,
      final,
      computedAt: state.results ? (iso(state.results.computedAt) as string) : null,
      rows: await withNames(rows),
    });
  },
});

/** Finishing computes and keeps the final places (replaces the plain status change). */
export const finishRoute = defineRoute({
  operationId: 'finishTournament',
  method: 'POST',
  path: '/v1/clubs/{clubId}/tournaments/{tournamentId}/finish',
  summary: 'Finish: the final places are computed and kept; refused while two entries are in play (R-LIFE-1, R-PLC-1)',
  tags: ['Tournaments'],
  params: TournamentParams,
  responses: { 200: { description: 'The tournament', schema: Tournament } },
  problems: [409],
  handle: async (req) => {
    const { state, version } = await runTournamentCommand(req, (t, ctx) => finishOnFloor(t, ctx));
    return versioned(200, version, tournamentView(state));
  },
});

export const knockoutRoutes = [listKnockoutsRoute, recordKnockoutRoute, cancelKnockoutRoute, mysteryDrawRoute, standingsRoute, resultsRoute];
