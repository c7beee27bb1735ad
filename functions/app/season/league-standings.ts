import type { FloorTournament } from '../../../domain/floor/aggregate';
import { floorStandings } from '../../../domain/floor/results';
import {
  buildStandings,
  compilePointsRule,
  contributionOf,
  countsForLeague,
  finishFromResults,
  rebuyAndAddonCounts,
  standingSortKey,
  updatePlayerStandings,
  type CountingLeague,
  type FinishedTournament,
  type LeagueOptions,
  type LeagueSettings,
  type PlayerStanding,
  type StandingRow,
} from '../../../domain/season';
import { pointsOf } from '../../../domain/season/points-formula';
import { entities } from '../../store/entities';
import type { LeagueCountRow, LeagueRankRow, LeagueRow } from '../../store/entities/league';
import {
  allCounts,
  allRankKeys,
  allStandings,
  letGo,
  rankPage,
  readParts,
  rowsBefore,
  writeStandings,
  type LeagueKey,
  type StandingsChange,
} from '../../store/league-standings';
import { seriesTournamentIds } from '../../store/series-store';
import { loadTournament } from '../../store/tournament-store';

/*
 * R-LEAGUE-3, R-LEAGUE-4: the standings of the club's leagues follow its tournaments' finishes. The
 * stream consumer calls `projectFinish` for each committed event of a finished tournament: the leagues
 * it counts for get that tournament's part replaced in the records of its players only (the domain's
 * `updatePlayerStandings`), skipped when the league already holds this or a later event version. A
 * change of what a league counts (its points, options or tournaments) rebuilds its whole table from the
 * stored results (`recomputeLeague`), which is also how a test checks that the kept table is reproducible.
 */

/**
 * What a league asks of a tournament (R-LEAGUE-1): its club and its series membership (R-SER-1). The
 * state's `seriesId` is written by the event that joins the series, in the transaction that writes the
 * series' membership row, so the two never disagree.
 */
const memberOf = (t: FloorTournament): { id: string; clubId: string; seriesId?: string } => ({
  id: t.id,
  clubId: t.clubId,
  ...(t.seriesId !== undefined ? { seriesId: t.seriesId } : {}),
});

/** The season's record of a finished tournament, from the results it kept at its finish; none before that. */
export function finishOf(t: FloorTournament): FinishedTournament | undefined {
  if (t.status !== 'finished' || !t.results) return undefined;
  const field = floorStandings(t);
  return finishFromResults({
    tournamentId: t.id,
    clubId: t.clubId,
    finishedAt: t.results.computedAt,
    entries: field.entries,
    paidPlaces: field.placesPaid,
    results: t.results.rows,
    counts: rebuyAndAddonCounts(t),
  });
}

export const settingsOf = (l: LeagueRow): LeagueSettings => ({
  clubId: l.clubId,
  name: l.name,
  source: l.source as LeagueSettings['source'],
  points: l.points as LeagueSettings['points'],
  ...(l.bestOf !== undefined ? { bestOf: l.bestOf } : {}),
  ...(l.minPlayed !== undefined ? { minPlayed: l.minPlayed } : {}),
});

const optionsOf = (l: Pick<LeagueRow, 'bestOf' | 'minPlayed'>): LeagueOptions => ({
  ...(l.bestOf !== undefined ? { bestOf: l.bestOf } : {}),
  ...(l.minPlayed !== undefined ? { minPlayed: l.minPlayed } : {}),
});

const keyOf = (l: LeagueRow): LeagueKey => ({ clubId: l.clubId, leagueId: l.leagueId });

export async function clubLeagues(clubId: string): Promise<LeagueRow[]> {
  return (await entities().league.query.primary({ clubId }).go({ pages: 'all' })).data;
}

const countingOf = (l: LeagueRow): CountingLeague => ({ leagueId: l.leagueId, points: settingsOf(l).points, ...optionsOf(l) });

/** R-LEAGUE-4: the club's leagues that count the tournament now, with their rules. */
export async function countingLeagues(t: FloorTournament): Promise<CountingLeague[]> {
  return (await clubLeagues(t.clubId)).filter((l) => countsForLeague(settingsOf(l), memberOf(t))).map(countingOf);
}

/**
 * The finishing state with the leagues that count it (R-LEAGUE-4), read by the finish command: the
 * stream's projection of the finish then reads no league (docs/decisions.md).
 */
export async function withCountingLeagues<T extends FloorTournament>(t: T): Promise<T> {
  return finishOf(t) ? { ...t, countingLeagues: await countingLeagues(t) } : t;
}

/**
 * R-LEAGUE-4: a counted tournament finished or its results changed (event `version`). Three steps, the
 * same at any field size: the count records and the players' records (one batch read per hundred keys,
 * in parallel, with the leagues' leases taken), the ranking rows and records (25 to a batch,
 * pipelined), the count records with the leases let go (one transaction, last). The leagues are those
 * the finish recorded (`firstFinish`); a later change of the results reads the club's leagues first
 * (one query more: they may have changed since). A results change that drops players reads those
 * outside the new field in one more batch read.
 */
export async function projectFinish(t: FloorTournament, version: number, firstFinish = false): Promise<void> {
  const finish = finishOf(t);
  if (!finish) return;
  const leagues = firstFinish && t.countingLeagues ? t.countingLeagues : await countingLeagues(t);
  await projectFinishTo(finish, leagues, version);
}

/** The finish's part in each of `leagues` (the steps of `projectFinish` after the leagues are known). */
export async function projectFinishTo(finish: FinishedTournament, leagues: readonly CountingLeague[], version: number): Promise<void> {
  if (leagues.length === 0) return;
  const tournamentId = finish.tournamentId;
  const parts = leagues.map((l) => {
    const contribution = contributionOf(finish, compilePointsRule(l.points));
    const league = { clubId: finish.clubId, leagueId: l.leagueId };
    return { league, tournamentId, players: contribution.results.map((r) => r.playerId), contribution, options: optionsOf(l) };
  });
  const { read, held } = await readParts(parts, `${tournamentId}#${version}`);
  const changes: StandingsChange[] = [];
  parts.forEach((p, i) => {
    const { count, current } = read[i] as (typeof read)[number];
    // A redelivered or older event: the league already holds this finish, or a later state of it.
    if (count && count.pv >= version) return;
    const { changed, removed } = updatePlayerStandings(current, tournamentId, count?.players ?? [], p.contribution, p.options);
    changes.push({
      league: p.league,
      current,
      changed,
      removed,
      counts: [{ ...p.league, tournamentId, players: p.players, pv: version }],
    });
  });
  if (changes.length > 0) await writeStandings(changes, { tournamentId, version }, held);
  else await letGo(held);
}

/** The finished tournaments a league counts now, from their stored state. */
async function countedFinishes(l: LeagueRow): Promise<{ finish: FinishedTournament; version: number }[]> {
  const settings = settingsOf(l);
  // A series: the tournaments that joined it (its membership rows, R-SER-1), read one by one (a rebuild is rare).
  const ids =
    settings.source.kind === 'tournaments'
      ? [...settings.source.tournamentIds]
      : await seriesTournamentIds(l.clubId, settings.source.seriesId);
  const states = await Promise.all(ids.map((id) => loadTournament(l.clubId, id)));
  const out: { finish: FinishedTournament; version: number }[] = [];
  for (const s of states) {
    if (!s) continue;
    const t = s.state;
    const finish = finishOf(t);
    if (!finish || !countsForLeague(settings, memberOf(t))) continue;
    out.push({ finish, version: t.version });
  }
  return out;
}

/** The table a league's rules give over the stored results, from scratch (R-LEAGUE-4: reproducible). */
export async function rebuiltStandings(l: LeagueRow): Promise<{ players: PlayerStanding[]; counts: LeagueCountRow[] }> {
  const finishes = await countedFinishes(l);
  const formula = compilePointsRule(settingsOf(l).points);
  const contributions = finishes.map((f) => contributionOf(f.finish, formula));
  const table = buildStandings(contributions, optionsOf(l));
  return {
    players: table.order.map((id) => table.players[id] as PlayerStanding),
    counts: finishes.map((f, i) => ({
      ...keyOf(l),
      tournamentId: f.finish.tournamentId,
      players: (contributions[i] as (typeof contributions)[number]).results.map((r) => r.playerId),
      pv: f.version,
    })),
  };
}

/**
 * Rebuilds a league's table from the stored results and writes the difference: every player's record
 * of the new table, the records of players no longer in it removed, every ranking row it does not keep
 * deleted (so a rebuild also clears what a failed one left), the count records replaced.
 */
export async function recomputeLeague(l: LeagueRow): Promise<void> {
  const [{ players, counts }, stored, storedCounts, rankKeys] = await Promise.all([
    rebuiltStandings(l),
    allStandings(keyOf(l)),
    allCounts(keyOf(l)),
    allRankKeys(keyOf(l)),
  ]);
  const current = Object.fromEntries(stored.map((s) => [s.playerId, s]));
  const kept = new Set(players.map((p) => p.playerId));
  const counted = new Set(counts.map((c) => c.tournamentId));
  const keys = new Set(players.map((p) => standingSortKey(p)));
  await writeStandings([
    {
      league: keyOf(l),
      current,
      changed: players,
      removed: stored.filter((s) => !kept.has(s.playerId)).map((s) => s.playerId),
      counts,
      uncounted: storedCounts.filter((c) => !counted.has(c.tournamentId)).map((c) => c.tournamentId),
      staleRanks: rankKeys.filter((k) => !keys.has(k)),
    },
  ]);
}

const rowOf = (
  r: Pick<LeagueRankRow, 'playerId' | 'totalCentipoints' | 'played' | 'counted' | 'wins' | 'bestPlace' | 'qualified'>,
  place: number,
): StandingRow => ({
  place: r.qualified ? place : null,
  playerId: r.playerId,
  points: pointsOf(r.totalCentipoints),
  played: r.played,
  counted: r.counted,
  wins: r.wins,
  bestPlace: r.bestPlace,
  qualified: r.qualified,
});

/**
 * A page of the standings in ranking order (`standingSortKey` is the rows' sort key). A row's place is
 * 1 + the rows with a smaller tie key; a page after the first counts those before its first row.
 */
export async function leagueStandingsPage(
  key: LeagueKey,
  limit: number,
  cursor: string | null,
): Promise<{ rows: StandingRow[]; cursor: string | null }> {
  const { rows, cursor: next } = await rankPage(key, limit, cursor);
  const first = rows[0];
  if (!first) return { rows: [], cursor: next };
  // The first page starts at row 0; a later one counts the rows before it (two key-only counts).
  const [tiedBefore, pageStart] = cursor ? await Promise.all([rowsBefore(key, first.tieKey), rowsBefore(key, first.rankKey)]) : [0, 0];
  const out: StandingRow[] = [];
  let place = tiedBefore + 1;
  rows.forEach((r, i) => {
    if (i > 0 && r.tieKey !== (rows[i - 1] as LeagueRankRow).tieKey) place = pageStart + i + 1;
    out.push(rowOf(r, place));
  });
  return { rows: out, cursor: next };
}

/** Every row, for the CSV export. */
export async function allStandingRows(key: LeagueKey): Promise<StandingRow[]> {
  const rows = (await entities().leagueRank.query.primary(key).go({ pages: 'all' })).data;
  let place = 1;
  return rows.map((r, i) => {
    if (i > 0 && r.tieKey !== (rows[i - 1] as LeagueRankRow).tieKey) place = i + 1;
    return rowOf(r, place);
  });
}

/** R-LEAGUE-5: the player's row in every league they have a counted result in, with its place. */
export async function myStandings(playerId: string): Promise<{ clubId: string; leagueId: string; name: string; standing: StandingRow }[]> {
  const mine = await entities().leagueStanding.query.byPlayer({ playerId }).go({ pages: 'all' });
  if (mine.data.length === 0) return [];
  const leagues = await entities()
    .league.get(mine.data.map((m) => ({ clubId: m.clubId, leagueId: m.leagueId })))
    .go({ attributes: ['clubId', 'leagueId', 'name', 'moneyReview'] });
  // A league whose name is held for review is not listed (R-MONEY-2), as it is not public.
  const names = new Map(leagues.data.filter((l) => l.moneyReview === undefined).map((l) => [`${l.clubId}/${l.leagueId}`, l.name]));
  const out = await Promise.all(
    mine.data.map(async (m) => {
      const name = names.get(`${m.clubId}/${m.leagueId}`);
      if (name === undefined) return undefined;
      const before = await rowsBefore({ clubId: m.clubId, leagueId: m.leagueId }, m.tieKey);
      return { clubId: m.clubId, leagueId: m.leagueId, name, standing: rowOf(m, before + 1) };
    }),
  );
  return out.filter((x) => x !== undefined);
}
