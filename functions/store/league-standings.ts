import type { PlayerStanding } from '../../domain/season';
import { standingSortKey, standingTieKey } from '../../domain/season';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { writeAll, type WriteRequest } from './batch-write';
import { dynamo } from './client';
import { entities } from './entities';
import { keyOf, recordOf, type TransactDelete, type TransactPut } from './entities/items';
import { standingsPartition, type LeagueCountRow, type LeagueRankRow, type LeagueStandingRow } from './entities/league';
import { queryAll } from './query-all';
import { readManyItems } from './read-items';
import { prefetchKeyOf, type ItemKey } from '../runtime/prefetch';
import { readUnderLease, release, releaseItem, type Held } from './projection-lease';

/*
 * R-LEAGUE-4: the stored standings of a league, one record per player and one ranking row per player
 * (see entities/league.ts). Reads are batched (100 keys to a BatchGetItem, in parallel) and writes go 25
 * to a BatchWriteItem, pipelined: a finish costs requests in proportion to its players / 25, never one
 * per player, in two write steps whatever its size.
 *
 * Step one writes the ranking rows (the stale ones deleted, the new ones put) and the players' records
 * together; step two is one TransactWriteItems with the tournament's count record and its event version
 * (and the records of players it no longer counts, deleted), last. A failure part-way leaves the old
 * count record, so the stream's retry replaces the same part again: a record written already names the
 * ranking rows it replaced (`staleRankKeys`, for its finish until that finish is counted), which the retry
 * deletes; a record not yet written still names its old ranking row. Readers see every row the failed
 * attempt wrote or left, old or new, never an error.
 *
 * A finish reads and writes a league under the league's lease (projection-lease.ts), taken with the
 * batch read and let go in the last transaction: two tournaments finishing at once on two stream shards
 * update the same players' records one after the other, neither losing the other's part.
 */

export interface LeagueKey {
  clubId: string;
  leagueId: string;
}

/**
 * A player's record as stored: the domain's standing, the ranking key it is listed under, and every
 * ranking row of the player that may exist (that one, and those a finish not yet counted replaced).
 */
export type StoredStanding = PlayerStanding & { rankKey: string; rankKeys: readonly string[] };

/** BatchWriteItem requests in flight at once. */
const PARALLEL = 8;
/** TransactWriteItems' own limit. */
const MAX_TRANSACT = 100;

/** The finish a write projects: its count records are conditional on an older version. */
export interface FinishVersion {
  tournamentId: string;
  version: number;
}

const standingKey = (l: LeagueKey, playerId: string): ItemKey => keyOf(entities().leagueStanding.get({ ...l, playerId }));
const countKey = (l: LeagueKey, tournamentId: string): ItemKey => keyOf(entities().leagueCount.get({ ...l, tournamentId }));

/** Items by key (keyed by `prefetchKeyOf`), any number of them, consistent. */
const readMany = (keys: readonly ItemKey[]) => readManyItems(keys, { consistent: true });

/** `uncommitted`: the record was written by a finish whose count record is not written yet. */
export const standingOfRow = (r: LeagueStandingRow, uncommitted = false): StoredStanding => ({
  playerId: r.playerId,
  results: r.results as StoredStanding['results'],
  totalCentipoints: r.totalCentipoints,
  played: r.played,
  counted: r.counted,
  wins: r.wins,
  bestPlace: r.bestPlace,
  qualified: r.qualified,
  rankKey: r.rankKey,
  rankKeys: uncommitted ? [r.rankKey, ...(r.staleRankKeys ?? [])] : [r.rankKey],
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
 * read per hundred keys, with the leagues' leases taken for `holder` (the old players are known only
 * from the count record: a second read for those not among the new ones, which a results change rarely
 * has). The leases are held until `writeStandings` (or `letGo`).
 */
export async function readParts(parts: readonly TournamentPart[], holder: string): Promise<{ read: ReadPart[]; held: Held[] }> {
  const e = entities();
  const leagues = [...new Map(parts.map((p) => [standingsPartition(p.league), p.league])).values()];
  const keys = parts.flatMap((p) => [countKey(p.league, p.tournamentId), ...p.players.map((id) => standingKey(p.league, id))]);
  // The league's lease is in its standings partition (removed with it).
  const { held, items } = await readUnderLease(leagues.map(standingsPartition), holder, (leases) => readMany([...leases, ...keys]));
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
    if (!row) continue;
    const { count } = out[i] as ReadPart;
    const uncommitted = row.writtenFor === (parts[i] as TournamentPart).tournamentId && (row.writtenAt ?? 0) > (count?.pv ?? 0);
    (out[i] as ReadPart).current[id] = standingOfRow(row, uncommitted);
  }
  return { read: out, held };
}

/** Lets go of leases a finish took and had nothing to write under. */
export async function letGo(held: readonly Held[]): Promise<void> {
  await Promise.all(held.map(release));
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
  /** Ranking rows to delete besides those the records name (a full rebuild removes every row it does not keep). */
  staleRanks?: readonly string[];
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A cancelled transaction whose only reasons are failed conditions: a count at this version or later is there. */
const onlyConditionsFailed = (e: unknown): boolean =>
  e instanceof Error &&
  e.name === 'TransactionCanceledException' &&
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).every(
    (r) => r.Code === 'None' || r.Code === 'ConditionalCheckFailed',
  );

/**
 * Writes changes of one or more leagues in the two steps of the module header. `finish`: the finish
 * projected (its records name it, its count records are written only over an older version; a count
 * already at this version or later means another attempt finished the part, and this one ends there).
 * `held`: the leases it read under, let go in the last transaction.
 */
export async function writeStandings(
  changes: readonly StandingsChange[],
  finish?: FinishVersion,
  held: readonly Held[] = [],
): Promise<void> {
  const rows: WriteRequest[] = [];
  const last: TransactItem[] = [];
  const counts: TransactItem[] = [];
  const e = entities();
  for (const c of changes) {
    const deleted = new Set<string>();
    const dropRank = (rankKey: string) => {
      if (deleted.has(rankKey)) return;
      deleted.add(rankKey);
      rows.push(del(e.leagueRank.delete({ ...c.league, rankKey })));
    };
    for (const rankKey of c.staleRanks ?? []) dropRank(rankKey);
    for (const s of c.changed) {
      const row = rankRow(c.league, s);
      const stale = (c.current[s.playerId]?.rankKeys ?? []).filter((k) => k !== row.rankKey);
      stale.forEach(dropRank);
      rows.push(put(e.leagueRank.put(row)));
      const by = finish
        ? { writtenFor: finish.tournamentId, writtenAt: finish.version, ...(stale.length ? { staleRankKeys: stale } : {}) }
        : {};
      rows.push(put(e.leagueStanding.put({ ...row, results: s.results, ...by })));
    }
    for (const playerId of c.removed) {
      (c.current[playerId]?.rankKeys ?? []).forEach(dropRank);
      // With the count record: until then a retry finds the record and the ranking rows it names.
      last.push({ Delete: e.leagueStanding.delete({ ...c.league, playerId }).params<TransactDelete>() });
    }
    for (const tournamentId of c.uncounted ?? [])
      last.push({ Delete: e.leagueCount.delete({ ...c.league, tournamentId }).params<TransactDelete>() });
    for (const row of c.counts) {
      const write = e.leagueCount.put(row);
      // A finish's count only over an older version: one at this version or later means another attempt finished it.
      const guarded = finish ? write.where((r, op) => `${op.notExists(r.pv)} OR ${op.lt(r.pv, row.pv)}`) : write;
      counts.push({ Put: guarded.params<TransactPut>() });
    }
  }
  await writeAll(rows, PARALLEL);
  // The count records in the last transaction (more than 100 items only when a rebuild or a large results change has them).
  // The leases go with the last chunk: until it is written no other finish reads these players.
  const items = [...last, ...counts];
  const releases = held.map(releaseItem);
  const chunks: TransactItem[][] = [];
  for (let i = 0; i < items.length; i += MAX_TRANSACT - releases.length) chunks.push(items.slice(i, i + MAX_TRANSACT - releases.length));
  if (chunks.length === 0) chunks.push([]);
  (chunks.at(-1) as TransactItem[]).push(...releases);
  for (const chunk of chunks) {
    if (chunk.length === 0) continue;
    try {
      await dynamo().doc.send(new TransactWriteCommand({ TransactItems: chunk }));
    } catch (err) {
      if (finish && onlyConditionsFailed(err)) return letGo(held);
      throw err;
    }
  }
}

/** Every record of a league's standings partition of one kind (a full recomputation reads them all). */
export async function allStandings(l: LeagueKey): Promise<StoredStanding[]> {
  const rows = await entities().leagueStanding.query.primary(l).go({ pages: 'all' });
  return rows.data.map((r) => standingOfRow(r));
}

/** The sort keys of every ranking row of a league (a rebuild deletes those it does not keep). */
export async function allRankKeys(l: LeagueKey): Promise<string[]> {
  const rows = await entities()
    .leagueRank.query.primary(l)
    .go({ pages: 'all', attributes: ['rankKey'] });
  return rows.data.map((r) => r.rankKey);
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
