import type { PlayerStanding } from '../../domain/season';
import { standingSortKey, standingTieKey } from '../../domain/season';
import { writeAll, type WriteRequest } from './batch-write';
import { entities } from './entities';
import { keyOf, recordOf } from './entities/items';
import { standingsPartition, type LeagueCountRow, type LeagueRankRow, type LeagueStandingRow } from './entities/league';
import { queryAll } from './query-all';
import { readItems } from './read-items';
import { prefetchKeyOf, type ItemKey } from '../platform/prefetch';

/*
 * R-LEAGUE-4: the stored standings of a league, one record per player and one ranking row per player
 * (see entities/league.ts). Reads are batched (100 keys to a BatchGetItem, in parallel) and writes go 25
 * to a BatchWriteItem, a few at a time: a finish costs requests in proportion to its players / 25, never
 * one per player.
 *
 * Writes are ordered so that a failure part-way leaves a state the retry completes: first the ranking
 * rows (the stale ones deleted, the new ones put), then the players' records, then the tournament's
 * count record with its event version. A retry reads the players' records again: those not yet written
 * still name their old ranking row, which it deletes then; those written already give the same rows.
 */

export interface LeagueKey {
  clubId: string;
  leagueId: string;
}

/** A player's record as stored: the domain's standing and the ranking key it is listed under. */
export type StoredStanding = PlayerStanding & { rankKey: string };

const MAX_KEYS = 100;
const PARALLEL = 4;

const standingKey = (l: LeagueKey, playerId: string): ItemKey => keyOf(entities().leagueStanding.get({ ...l, playerId }));
const countKey = (l: LeagueKey, tournamentId: string): ItemKey => keyOf(entities().leagueCount.get({ ...l, tournamentId }));

/** Items by key (keyed by `prefetchKeyOf`), any number of them, a hundred to a request, the requests in parallel. */
async function readMany(keys: readonly ItemKey[]): Promise<Map<string, Record<string, unknown>>> {
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < keys.length; i += MAX_KEYS) chunks.push(keys.slice(i, i + MAX_KEYS));
  const out = new Map<string, Record<string, unknown>>();
  for (const m of await Promise.all(chunks.map((c) => readItems(c, { consistent: true })))) for (const [k, v] of m) out.set(k, v);
  return out;
}

export const standingOfRow = (r: LeagueStandingRow): StoredStanding => ({
  playerId: r.playerId,
  results: r.results as StoredStanding['results'],
  totalCentipoints: r.totalCentipoints,
  played: r.played,
  counted: r.counted,
  wins: r.wins,
  bestPlace: r.bestPlace,
  qualified: r.qualified,
  rankKey: r.rankKey,
});

export interface TournamentPart {
  league: LeagueKey;
  tournamentId: string;
  /** Players whose records to read: the tournament's new players (its old ones come with its count record). */
  players: readonly string[];
}

export interface ReadPart {
  count: LeagueCountRow | null;
  current: Record<string, StoredStanding>;
}

/**
 * For each part, its count record and the current records of its old and new players, in one batch
 * read per hundred keys (the old players are known only from the count record: a second read for those
 * not among the new ones, which a results change rarely has).
 */
export async function readParts(parts: readonly TournamentPart[]): Promise<ReadPart[]> {
  const e = entities();
  const items = await readMany(
    parts.flatMap((p) => [countKey(p.league, p.tournamentId), ...p.players.map((id) => standingKey(p.league, id))]),
  );
  const out: ReadPart[] = parts.map((p) => ({
    count: recordOf(e.leagueCount, items.get(prefetchKeyOf(countKey(p.league, p.tournamentId)))),
    current: {},
  }));
  const wanted = parts.flatMap((p, i) =>
    [...new Set([...p.players, ...((out[i] as ReadPart).count?.players ?? [])])].map((id) => ({ i, id, key: standingKey(p.league, id) })),
  );
  const missing = wanted.filter((w) => !items.has(prefetchKeyOf(w.key)) && !(parts[w.i] as TournamentPart).players.includes(w.id));
  if (missing.length > 0) for (const [k, v] of await readMany(missing.map((m) => m.key))) items.set(k, v);
  for (const { i, id, key } of wanted) {
    const row = recordOf(e.leagueStanding, items.get(prefetchKeyOf(key)));
    if (row) (out[i] as ReadPart).current[id] = standingOfRow(row);
  }
  return out;
}

const rankRow = (l: LeagueKey, s: PlayerStanding): LeagueRankRow => ({
  ...l,
  playerId: s.playerId,
  totalCentipoints: s.totalCentipoints,
  played: s.played,
  counted: s.counted,
  wins: s.wins,
  bestPlace: s.bestPlace,
  qualified: s.qualified,
  tieKey: standingTieKey(s),
  rankKey: standingSortKey(s),
});

const put = (params: { params: () => object }): WriteRequest => ({
  PutRequest: { Item: (params.params() as { Item: Record<string, unknown> }).Item },
});
const del = (params: { params: () => object }): WriteRequest => ({
  DeleteRequest: { Key: (params.params() as { Key: Record<string, unknown> }).Key },
});

export interface StandingsChange {
  league: LeagueKey;
  /** The players' records before the change (absent for a player with none). */
  current: Readonly<Record<string, StoredStanding | undefined>>;
  changed: readonly PlayerStanding[];
  removed: readonly string[];
  /** The count records to write last (a tournament now counted) and to delete (no longer counted). */
  counts: readonly LeagueCountRow[];
  uncounted?: readonly string[];
}

/** Writes changes of one or more leagues in the order the module header gives. */
export async function writeStandings(changes: readonly StandingsChange[]): Promise<void> {
  const ranks: WriteRequest[] = [];
  const records: WriteRequest[] = [];
  const counts: WriteRequest[] = [];
  const e = entities();
  for (const c of changes) {
    for (const s of c.changed) {
      const row = rankRow(c.league, s);
      const old = c.current[s.playerId]?.rankKey;
      if (old !== undefined && old !== row.rankKey) ranks.push(del(e.leagueRank.delete({ ...c.league, rankKey: old })));
      ranks.push(put(e.leagueRank.put(row)));
      records.push(put(e.leagueStanding.put({ ...row, results: s.results })));
    }
    for (const playerId of c.removed) {
      const old = c.current[playerId]?.rankKey;
      if (old !== undefined) ranks.push(del(e.leagueRank.delete({ ...c.league, rankKey: old })));
      records.push(del(e.leagueStanding.delete({ ...c.league, playerId })));
    }
    for (const row of c.counts) counts.push(put(e.leagueCount.put(row)));
    for (const tournamentId of c.uncounted ?? []) counts.push(del(e.leagueCount.delete({ ...c.league, tournamentId })));
  }
  await writeAll(ranks, PARALLEL);
  await writeAll(records, PARALLEL);
  await writeAll(counts, PARALLEL);
}

/** Every record of a league's standings partition of one kind (a full recomputation reads them all). */
export async function allStandings(l: LeagueKey): Promise<StoredStanding[]> {
  const rows = await entities().leagueStanding.query.primary(l).go({ pages: 'all' });
  return rows.data.map(standingOfRow);
}

export async function allCounts(l: LeagueKey): Promise<LeagueCountRow[]> {
  return (await entities().leagueCount.query.primary(l).go({ pages: 'all' })).data;
}

/** Has a counted tournament of the league finished (R-LEAGUE-2 freezes the points then)? */
export async function hasCountedFinish(l: LeagueKey): Promise<boolean> {
  return (await entities().leagueCount.query.primary(l).go({ limit: 1 })).data.length > 0;
}

/** A page of the ranking, in `standingSortKey` order, and the rows sharing the first one's tie before it. */
export async function rankPage(
  l: LeagueKey,
  limit: number,
  cursor: string | null,
): Promise<{ rows: LeagueRankRow[]; cursor: string | null }> {
  const out = await entities().leagueRank.query.primary(l).go({ limit, cursor });
  return { rows: out.data, cursor: out.cursor };
}

/** Rows ranked strictly before `tieKey`: a place is one more than these (R-LEAGUE-3). */
export async function rowsBefore(l: LeagueKey, tieKey: string): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const out: { data: unknown[]; cursor: string | null } = await entities()
      .leagueRank.query.primary(l)
      .lt({ rankKey: tieKey })
      .go({ cursor, attributes: ['rankKey'] });
    n += out.data.length;
    cursor = out.cursor;
  } while (cursor);
  return n;
}

/** Removes every item of a league's standings partition (its records, rankings and counts). */
export async function deleteStandings(l: LeagueKey): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': standingsPartition(l) },
    ProjectionExpression: 'pk, sk',
  });
  await writeAll(
    items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
    PARALLEL,
  );
}
