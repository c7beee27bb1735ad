import { ruleError } from '../core/errors';
import { assertFinish, figuresOf, type FinishedTournament } from './finish';
import { MAX_LEAGUE_TOURNAMENTS } from './limits';
import { pointsOf, type PointsFormula } from './points-formula';

/*
 * R-LEAGUE-3, R-LEAGUE-4: a league's standings. A table is a plain value (storable as it is): each
 * player's counted results and totals, and the ranking order. `buildStandings` makes it from the
 * contributions of the counted tournaments; `applyContribution` / `removeContribution` replace one
 * tournament's part and give exactly the table a rebuild would give (points are summed in hundredths,
 * integers, so the order of additions never matters). The in-memory table's update costs a copy of
 * the player map and one merge of the order, linear in the league with a small constant; a store
 * keeping one record per player uses `updatePlayerStandings` (the finish's players only) and
 * `standingSortKey` (its order as a sortable key).
 */

export interface LeagueOptions {
  /** Count only the player's best N results (by points); all when absent. */
  bestOf?: number;
  /** Players with fewer counted tournaments played are listed after the others, without a place. */
  minPlayed?: number;
}

/** One player's points in one counted tournament. */
export interface PlayerResult {
  tournamentId: string;
  place: number;
  centipoints: number;
}

/** A tournament's part of the table: what its finish gives each player (R-REENTRY-6: one row per player). */
export interface TournamentContribution {
  tournamentId: string;
  /** Sorted by playerId. */
  results: readonly (PlayerResult & { playerId: string })[];
}

export interface PlayerStanding {
  playerId: string;
  /** Sorted by tournamentId. */
  results: readonly PlayerResult[];
  /** Sum of the counted results (best N, or all), in hundredths of a point. */
  totalCentipoints: number;
  played: number;
  /** Results in the total: min(best N, played). */
  counted: number;
  /** First places over every counted tournament played (tie-break 1). */
  wins: number;
  /** Best place over every counted tournament played (tie-break 2). */
  bestPlace: number;
  /** Played at least the league's minimum. */
  qualified: boolean;
}

export interface StandingsTable {
  options: LeagueOptions;
  /** Counted tournaments and the players each one gave points to (sorted). */
  tournaments: Readonly<Record<string, readonly string[]>>;
  players: Readonly<Record<string, PlayerStanding>>;
  /** Player ids in ranking order: a total order, so pages never overlap or skip. */
  order: readonly string[];
}

/** A standings row as the API, the CSV and the TV screen show it (R-LEAGUE-5). */
export interface StandingRow {
  /** Shared by tied players (1, 2, 2, 4); null while the player has not played the minimum. */
  place: number | null;
  playerId: string;
  points: number;
  played: number;
  counted: number;
  wins: number;
  bestPlace: number;
  qualified: boolean;
}

/** Refuses options out of range. */
export function checkLeagueOptions(options: LeagueOptions): LeagueOptions {
  const out: LeagueOptions = {};
  for (const key of ['bestOf', 'minPlayed'] as const) {
    const v = options[key];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 1 || v > MAX_LEAGUE_TOURNAMENTS) {
      throw ruleError('LEAGUE_OPTIONS_INVALID', `${key} must be an integer from 1 to ${MAX_LEAGUE_TOURNAMENTS}`, [
        { field: key, message: `an integer from 1 to ${MAX_LEAGUE_TOURNAMENTS}` },
      ]);
    }
    out[key] = v;
  }
  return out;
}

/** R-LEAGUE-1, R-LEAGUE-2: the points each player of a finished tournament earns by the league's formula. */
export function contributionOf(t: FinishedTournament, formula: PointsFormula): TournamentContribution {
  assertFinish(t);
  const results = t.rows
    .map((row) => ({
      playerId: row.playerId,
      tournamentId: t.tournamentId,
      place: row.place,
      centipoints: formula.centipoints(figuresOf(t, row)),
    }))
    .sort((a, b) => cmpStr(a.playerId, b.playerId));
  return { tournamentId: t.tournamentId, results };
}

export const emptyStandings = (options: LeagueOptions = {}): StandingsTable => ({
  options: checkLeagueOptions(options),
  tournaments: {},
  players: {},
  order: [],
});

/** R-LEAGUE-3: the table from scratch (also what a formula change or an audit recomputes, R-LEAGUE-2/4). */
export function buildStandings(contributions: readonly TournamentContribution[], options: LeagueOptions = {}): StandingsTable {
  const opts = checkLeagueOptions(options);
  const tournaments: Record<string, readonly string[]> = {};
  const byPlayer = new Map<string, PlayerResult[]>();
  for (const c of contributions) {
    if (tournaments[c.tournamentId]) throw duplicate(c.tournamentId);
    tournaments[c.tournamentId] = c.results.map((r) => r.playerId);
    for (const { playerId, ...r } of c.results) {
      const list = byPlayer.get(playerId);
      if (list) list.push(r);
      else byPlayer.set(playerId, [r]);
    }
  }
  const players: Record<string, PlayerStanding> = {};
  for (const [playerId, results] of byPlayer) players[playerId] = standingOfResults(playerId, results.sort(byTournament), opts);
  const order = Object.values(players)
    .sort(cmpStanding)
    .map((s) => s.playerId);
  return { options: opts, tournaments, players, order };
}

/**
 * R-LEAGUE-4: a counted tournament finished, or its results changed (a knockout cancelled, a
 * moderation): its previous part, if any, is replaced by `contribution`.
 */
export function applyContribution(table: StandingsTable, contribution: TournamentContribution): StandingsTable {
  return replace(table, contribution.tournamentId, contribution);
}

/** R-LEAGUE-4: a tournament no longer counts for the league. */
export function removeContribution(table: StandingsTable, tournamentId: string): StandingsTable {
  return table.tournaments[tournamentId] ? replace(table, tournamentId, undefined) : table;
}

/**
 * R-LEAGUE-4, for a store that keeps one record per player: the new standings of the players one
 * tournament touches, from their current records (`current`, absent for a player with none), the
 * tournament's previous part (if any) and its new part (absent when it stops counting). The cost
 * depends on that tournament's players only, never on the league's size; `standingSortKey` gives the
 * order to keep them in.
 */
export function updatePlayerStandings(
  current: Readonly<Record<string, PlayerStanding | undefined>>,
  tournamentId: string,
  previous: readonly string[],
  next: TournamentContribution | undefined,
  options: LeagueOptions,
): { changed: PlayerStanding[]; removed: string[] } {
  const incoming = new Map(next?.results.map(({ playerId, ...r }) => [playerId, r]) ?? []);
  const changed: PlayerStanding[] = [];
  const removed: string[] = [];
  for (const playerId of new Set([...previous, ...incoming.keys()])) {
    const kept = (current[playerId]?.results ?? []).filter((r) => r.tournamentId !== tournamentId);
    const add = incoming.get(playerId);
    const results = add ? insertSorted(kept, add) : kept;
    if (results.length === 0) removed.push(playerId);
    else changed.push(standingOfResults(playerId, results, options));
  }
  return { changed, removed };
}

function replace(table: StandingsTable, tournamentId: string, next: TournamentContribution | undefined): StandingsTable {
  const before = table.tournaments[tournamentId] ?? [];
  const { changed, removed } = updatePlayerStandings(table.players, tournamentId, before, next, table.options);
  const affected = new Set([...removed, ...changed.map((c) => c.playerId)]);

  const players: Record<string, PlayerStanding> = { ...table.players };
  for (const id of removed) delete players[id];
  for (const c of changed) players[c.playerId] = c;
  const moved = changed.slice().sort(cmpStanding);

  // One merge of the untouched players (already in order) with the moved ones: no sort of the league.
  const order: string[] = [];
  let m = 0;
  for (const id of table.order) {
    if (affected.has(id)) continue;
    const stay = players[id] as PlayerStanding;
    while (m < moved.length && cmpStanding(moved[m] as PlayerStanding, stay) < 0) order.push((moved[m++] as PlayerStanding).playerId);
    order.push(id);
  }
  while (m < moved.length) order.push((moved[m++] as PlayerStanding).playerId);

  const tournaments: Record<string, readonly string[]> = { ...table.tournaments };
  if (next) tournaments[tournamentId] = next.results.map((r) => r.playerId);
  else delete tournaments[tournamentId];
  return { options: table.options, tournaments, players, order };
}

const TOTAL_OFFSET = 1e15;
const COUNT_CAP = 1e7;
const digits = (n: number, width: number): string => String(Math.trunc(n)).padStart(width, '0');

/**
 * A string whose plain (code unit) order is the tie-breaks' order (R-LEAGUE-3): equal strings are
 * shared places. For a store that sorts by key (an index), a place is 1 + the rows with a smaller key.
 */
export function standingTieKey(s: PlayerStanding): string {
  return [
    s.qualified ? '0' : '1',
    digits(TOTAL_OFFSET - s.totalCentipoints, 16),
    digits(COUNT_CAP - s.wins, 8),
    digits(s.bestPlace, 8),
    digits(COUNT_CAP - s.played, 8),
  ].join('.');
}

/** The ranking order as a key: the tie key, then the player id (the order of `cmpStanding`). */
export const standingSortKey = (s: PlayerStanding): string => `${standingTieKey(s)}#${s.playerId}`;

function standingOfResults(playerId: string, results: readonly PlayerResult[], options: LeagueOptions): PlayerStanding {
  const points = results.map((r) => r.centipoints);
  const counted = options.bestOf === undefined ? points.length : Math.min(options.bestOf, points.length);
  if (counted < points.length) points.sort((a, b) => b - a);
  let total = 0;
  for (let i = 0; i < counted; i++) total += points[i] as number;
  let wins = 0;
  let bestPlace = Number.POSITIVE_INFINITY;
  for (const r of results) {
    if (r.place === 1) wins += 1;
    if (r.place < bestPlace) bestPlace = r.place;
  }
  return {
    playerId,
    results,
    totalCentipoints: total,
    played: results.length,
    counted,
    wins,
    bestPlace,
    qualified: results.length >= (options.minPlayed ?? 0),
  };
}

/** R-LEAGUE-3: points, then more wins, then the better best place, then more tournaments played; then shared. */
export function cmpTie(a: PlayerStanding, b: PlayerStanding): number {
  if (a.qualified !== b.qualified) return a.qualified ? -1 : 1;
  return b.totalCentipoints - a.totalCentipoints || b.wins - a.wins || a.bestPlace - b.bestPlace || b.played - a.played;
}

/** The ranking order: the tie-breaks, then the player id so that shared places list in a stable order. */
export const cmpStanding = (a: PlayerStanding, b: PlayerStanding): number => cmpTie(a, b) || cmpStr(a.playerId, b.playerId);

/** Rows `offset .. offset + limit - 1` of the table, with their places, and the number of rows. */
export function standingsPage(table: StandingsTable, page: { offset?: number; limit: number }): { rows: StandingRow[]; total: number } {
  const offset = Math.max(0, Math.trunc(page.offset ?? 0));
  const end = Math.min(table.order.length, offset + Math.max(0, Math.trunc(page.limit)));
  const rows: StandingRow[] = [];
  let place = 0;
  for (let i = offset; i < end; i++) {
    const s = standingAt(table, i);
    const prev = i > offset ? standingAt(table, i - 1) : undefined;
    place = prev && cmpTie(prev, s) === 0 ? place : firstOfTie(table, i) + 1;
    rows.push(rowOf(s, place));
  }
  return { rows, total: table.order.length };
}

/** Every row, in order: for the CSV export and the TV screen. */
export const standingsRows = (table: StandingsTable): StandingRow[] => standingsPage(table, { limit: table.order.length }).rows;

/** R-LEAGUE-5: a player's own row, or undefined when the player has no counted result. */
export function standingOf(table: StandingsTable, playerId: string): StandingRow | undefined {
  const s = table.players[playerId];
  if (!s) return undefined;
  let lo = 0;
  let hi = table.order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmpStanding(standingAt(table, mid), s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return rowOf(s, firstOfTie(table, lo) + 1);
}

/** The index of the first row tied with row `i` (binary search: ties are contiguous in the order). */
function firstOfTie(table: StandingsTable, i: number): number {
  const s = standingAt(table, i);
  let lo = 0;
  let hi = i;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmpTie(standingAt(table, mid), s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const standingAt = (table: StandingsTable, i: number): PlayerStanding => table.players[table.order[i] as string] as PlayerStanding;

const rowOf = (s: PlayerStanding, place: number): StandingRow => ({
  place: s.qualified ? place : null,
  playerId: s.playerId,
  points: pointsOf(s.totalCentipoints),
  played: s.played,
  counted: s.counted,
  wins: s.wins,
  bestPlace: s.bestPlace,
  qualified: s.qualified,
});

function insertSorted(list: readonly PlayerResult[], r: PlayerResult): PlayerResult[] {
  const out = list.slice();
  let i = out.length;
  while (i > 0 && cmpStr((out[i - 1] as PlayerResult).tournamentId, r.tournamentId) > 0) i--;
  out.splice(i, 0, r);
  return out;
}

const byTournament = (a: PlayerResult, b: PlayerResult): number => cmpStr(a.tournamentId, b.tournamentId);
const cmpStr = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const duplicate = (id: string) =>
  ruleError('LEAGUE_TOURNAMENT_TWICE', `Tournament ${id} is counted twice`, [
    { field: 'tournaments', message: 'a tournament counts once' },
  ]);
