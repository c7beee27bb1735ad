import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import {
  initialRating,
  rateFinish,
  ratingOrdinal,
  replayRatings,
  type FinishedTournament,
  type PlayerRating,
} from '../../../domain/season';
import { iso } from '../../platform/domain-context';
import { entities } from '../../store/entities';
import { batchGet, keyOf, recordOf, type TransactPut } from '../../store/entities/items';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../store/client';
import { readManyItems } from '../../store/read-items';
import { readUnderLease, release, releaseItem, type Held } from '../../store/projection-lease';
import { prefetchKeyOf } from '../../runtime/prefetch';
import type { PlayerRatingRow, RatingBoardRow, RatingHistoryRow } from '../../store/entities/rating';
import { writeAll, type WriteRequest } from '../../store/batch-write';
import { loadTournament } from '../../store/tournament-store';
import { finishOf } from './league-standings';
import { DELETED_PLAYER_NAME } from '../erasure';
import { NotFound } from '../../runtime/errors';

/*
 * R-RATE-1: the cross-club rating in the store. A club opts in; each first finish of its tournaments is
 * rated by the stream consumer (projectRatingFinish): the players' current ratings (one batch read), the
 * domain's rateFinish, then one pipelined step of batch writes: the history rows, the current ratings,
 * the leaderboard rows (the old one deleted); the rated-finish record last. A current rating names the
 * finish it is through and the rating before it, so a retried finish starts from that `before` for the
 * players already written and from the current rating for the others: it writes the same values again,
 * the update is idempotent and a failure part-way is completed by the retry. Every rating is
 * reproducible from the stored results (recomputedRatings replays the rated finishes).
 */

/** BatchWriteItem requests in flight at once. */
const WRITE_PARALLEL = 8;
/** A sort key of an ordinal, highest first: ordinals stay far inside ±10^6. */
const BOARD_OFFSET = 1_000_000;

/** The finish's place in the replay order (finish time, then tournament id: the domain's byFinish). */
export const finishKey = (f: Pick<FinishedTournament, 'finishedAt' | 'tournamentId'>): string =>
  `${String(f.finishedAt).padStart(15, '0')}#${f.tournamentId}`;

export const boardKey = (playerId: string, r: Pick<PlayerRating, 'mu' | 'sigma'>): string =>
  `${String(Math.round((BOARD_OFFSET - ratingOrdinal(r)) * 1e9)).padStart(20, '0')}#${playerId}`;

const put = (item: { params: <T>() => T }): WriteRequest => ({
  PutRequest: { Item: item.params<{ Item: Record<string, unknown> }>().Item },
});
const del = (item: { params: <T>() => T }): WriteRequest => ({
  DeleteRequest: { Key: item.params<{ Key: Record<string, unknown> }>().Key },
});

/** R-RATE-1: the club's choice; off until it opts in. */
export async function ratingOptIn(clubId: string): Promise<boolean> {
  const { data } = await entities().clubRating.get({ clubId }).go();
  return data?.optIn === true;
}

export async function setRatingOptIn(clubId: string, optIn: boolean, ctx: Context): Promise<{ clubId: string; optIn: boolean }> {
  await entities()
    .clubRating.put({ clubId, optIn, updatedAt: iso(ctx.now), updatedBy: ctx.actor.id })
    .go();
  return { clubId, optIn };
}

const figures = (r: PlayerRating) => ({ mu: r.mu, sigma: r.sigma, tournaments: r.tournaments, ordinal: ratingOrdinal(r) });

/** The rating's lease scope (projection-lease.ts): one finish at a time reads and writes ratings. */
const RATING_LEASE = 'rating#lease';

/**
 * R-RATE-1: a finished tournament of an opted-in club updates the rating of its players. Three steps at
 * any field size: the current ratings and the finish's rated record (one batch read per 100 keys, in
 * parallel, with the rating's lease taken), the writes (25 to a batch, pipelined), the rated-finish
 * record with the lease let go (one transaction). The club's choice is the one its finish recorded
 * (read here only for a state without it). Under the lease two finishes processed at once are applied
 * one after the other (the rated record keeps that order for a recomputation), neither lost.
 */
export async function projectRatingFinish(t: FloorTournament): Promise<void> {
  const finish = finishOf(t);
  if (!finish || finish.rows.length < 2 || !(t.ratingOptIn ?? (await ratingOptIn(t.clubId)))) return;
  await rateFinished(finish);
}

/** The steps of `projectRatingFinish` once the finish is known to be rated. */
export async function rateFinished(finish: FinishedTournament): Promise<void> {
  const key = finishKey(finish);
  const players = finish.rows.map((r) => r.playerId);
  const e = entities();
  const ratingKeys = players.map((playerId) => keyOf(e.playerRating.get({ playerId })));
  const ratedKey = keyOf(e.ratedFinish.get({ finishKey: key }));
  const { held, items } = await readUnderLease([RATING_LEASE], key, (leases) =>
    readManyItems([...leases, ratedKey, ...ratingKeys], { consistent: true }),
  );
  const lease = held[0] as Held;
  // Applied already (a redelivery): the rated record is written last, with the lease let go.
  if (recordOf(e.ratedFinish, items.get(prefetchKeyOf(ratedKey)))) return release(lease);
  const now = new Map<string, PlayerRatingRow>();
  for (const k of ratingKeys) {
    const row = recordOf(e.playerRating, items.get(prefetchKeyOf(k)));
    if (row) now.set(row.playerId, row);
  }
  const prior: Record<string, PlayerRating> = {};
  for (const playerId of players) {
    const c = now.get(playerId);
    if (!c) continue;
    // Written by an earlier attempt that did not finish: its `before` is this finish's prior.
    prior[playerId] =
      c.ratedThrough === key && c.before ? (c.before as PlayerRating) : { mu: c.mu, sigma: c.sigma, tournaments: c.tournaments };
  }
  const updates = rateFinish(prior, finish);
  const place = new Map(finish.rows.map((r) => [r.playerId, r.place]));
  const at = iso(finish.finishedAt);
  const history = updates.map((u) =>
    put(
      e.ratingHistory.put({
        playerId: u.playerId,
        finishKey: key,
        clubId: finish.clubId,
        tournamentId: finish.tournamentId,
        place: place.get(u.playerId) as number,
        field: finish.rows.length,
        finishedAt: at,
        before: u.before,
        after: u.after,
      }),
    ),
  );
  const ratings = updates.map((u) =>
    put(e.playerRating.put({ playerId: u.playerId, ...figures(u.after), ratedThrough: key, before: u.before, updatedAt: at })),
  );
  const board = updates.flatMap((u) => {
    const out = [put(e.ratingBoard.put({ boardKey: boardKey(u.playerId, u.after), playerId: u.playerId, ...figures(u.after) }))];
    // The row of the rating before (none for a first finish) leaves the board.
    const stale = boardKey(u.playerId, u.before);
    if ((u.before.tournaments > 0 || now.has(u.playerId)) && stale !== boardKey(u.playerId, u.after))
      out.unshift(del(e.ratingBoard.delete({ boardKey: stale })));
    return out;
  });
  await writeAll([...history, ...ratings, ...board], WRITE_PARALLEL);
  // The rated-finish record only lists the finish for a recomputation, which replays it from its results.
  const rated = e.ratedFinish
    .put({ finishKey: key, clubId: finish.clubId, tournamentId: finish.tournamentId, applied: lease.seq })
    .params<TransactPut>();
  await dynamo().doc.send(new TransactWriteCommand({ TransactItems: [{ Put: rated }, releaseItem(lease)] }));
}

export interface RatingView {
  playerId: string;
  mu: number;
  sigma: number;
  ordinal: number;
  tournaments: number;
}

const viewOf = (r: Pick<RatingBoardRow | PlayerRatingRow, 'playerId' | 'mu' | 'sigma' | 'tournaments' | 'ordinal'>): RatingView => ({
  playerId: r.playerId,
  mu: r.mu,
  sigma: r.sigma,
  ordinal: r.ordinal,
  tournaments: r.tournaments,
});

/** R-RATE-1: the public leaderboard, highest ordinal first, a page at a time. */
export async function ratingBoardPage(limit: number, cursor: string | null): Promise<{ items: RatingView[]; cursor: string | null }> {
  const page = await entities().ratingBoard.query.primary({}).go({ limit, cursor });
  return { items: page.data.map(viewOf), cursor: page.cursor };
}

export interface RatingHistoryView {
  clubId: string;
  tournamentId: string;
  finishedAt: string;
  place: number;
  field: number;
  before: PlayerRating & { ordinal: number };
  after: PlayerRating & { ordinal: number };
}

const withOrdinal = (r: PlayerRating) => ({ ...r, ordinal: ratingOrdinal(r) });
const historyOf = (h: RatingHistoryRow): RatingHistoryView => ({
  clubId: h.clubId,
  tournamentId: h.tournamentId,
  finishedAt: h.finishedAt,
  place: h.place,
  field: h.field,
  before: withOrdinal(h.before as PlayerRating),
  after: withOrdinal(h.after as PlayerRating),
});

/** R-RATE-1: a player's rating (the initial one before any rated finish) and history, newest first. */
export async function playerRatingHistory(
  playerId: string,
  limit: number,
  cursor: string | null,
): Promise<{ rating: RatingView & { rated: boolean }; items: RatingHistoryView[]; cursor: string | null }> {
  const [{ data }, page, profile] = await Promise.all([
    entities().playerRating.get({ playerId }).go(),
    entities().ratingHistory.query.primary({ playerId }).go({ order: 'desc', limit, cursor }),
    entities()
      .player.get({ userId: playerId })
      .go({ attributes: ['userId'] }),
  ]);
  // A player the platform does not know, and never rated: 404 (an erased one keeps the rating).
  if (!data && !profile.data) throw new NotFound('PLAYER_NOT_FOUND', 'No player with this id');
  const rating = data ? { ...viewOf(data), rated: true } : { playerId, ...figures(initialRating()), rated: false };
  return { rating, items: page.data.map(historyOf), cursor: page.cursor };
}

/**
 * R-RATE-1: every rating from the stored results alone: the rated finishes replayed in the order they
 * were applied (finish order, but for finishes processed at the same moment: as the lease ordered them).
 */
export async function recomputedRatings(): Promise<Record<string, PlayerRating>> {
  const rated = (await entities().ratedFinish.query.primary({}).go({ pages: 'all' })).data;
  // Records from before the lease have no `applied`: finish order, as they were applied.
  const order = rated
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.applied ?? -1) - (b.r.applied ?? -1) || a.i - b.i)
    .map((x) => x.r);
  const states = await Promise.all(order.map((r) => loadTournament(r.clubId, r.tournamentId)));
  const finishes = states.flatMap((s) => {
    const f = s ? finishOf(s.state) : undefined;
    return f ? [f] : [];
  });
  return replayRatings(finishes);
}

/** The ratings as kept, for comparing with a recomputation. */
export async function keptRatings(): Promise<Record<string, PlayerRating>> {
  const rows = (await entities().ratingBoard.query.primary({}).go({ pages: 'all' })).data;
  return Object.fromEntries(rows.map((r) => [r.playerId, { mu: r.mu, sigma: r.sigma, tournaments: r.tournaments }]));
}

/**
 * The names the public sees beside ratings, from the profiles (one batch): an erased player is the
 * pseudonym the results show (R-PD-1), a name the operator hid is left out (R-MOD-1).
 */
export async function ratingNames(playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)];
  const profiles = await batchGet(
    ids.map((userId) => ({ userId })),
    (keys) =>
      entities()
        .player.get(keys)
        .go({ attributes: ['userId', 'displayName', 'deletedAt', 'displayNameHiddenReason'], unprocessed: 'item' }),
  );
  const names = new Map<string, string>();
  for (const p of profiles) {
    if (p.deletedAt) names.set(p.userId, DELETED_PLAYER_NAME);
    else if (p.displayNameHiddenReason === undefined) names.set(p.userId, p.displayName);
  }
  // No profile left at all: the pseudonym as well.
  for (const id of ids) if (!profiles.some((p) => p.userId === id)) names.set(id, DELETED_PLAYER_NAME);
  return names;
}
