import { entities } from '../../store/entities';
import { batchGet, keyOf } from '../../store/entities/items';
import { writeAll, type WriteRequest } from '../../store/batch-write';
import { readSchedule, scheduleItemKey, type PlayerSchedule } from '../../store/player-schedule';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../../runtime/prefetch';

/**
 * The players of a tournament who asked for a push at each level (entity `pushLevelAsk`,
 * `levelasks#<clubId>#<tournamentId>` / `<playerId>`), so a level change reads its few askers in one Query,
 * whatever the field. The set follows the players' choices (PUT push-preferences writes or deletes the asks
 * of the tournaments their schedule holds) and their registrations (the stream consumer, see
 * functions/projections/level-asks.ts). The push itself still checks the player's choices, so an ask left
 * behind pushes nothing.
 */
export interface LevelAsk {
  clubId: string;
  tournamentId: string;
  playerId: string;
}

/** How long after the tournament's expected end an ask stays: a tournament that runs late or moves keeps its askers. */
const KEEP_AFTER_END_SEC = 30 * 86_400;
/** A schedule's tournament whose window ended this long ago is over: turning levels on asks nothing of it. */
const OVER_AFTER_END_MS = 2 * 86_400_000;

/** The TTL of an ask of a tournament whose window ends at `endAt` (ms). */
export const askExpiry = (endAt: number, now: number): number => Math.floor(Math.max(endAt, now) / 1000) + KEEP_AFTER_END_SEC;

/** The players who asked, in one Query of the tournament's asks (eventually consistent: a choice of a second ago may miss a level). */
export async function askersOf(clubId: string, tournamentId: string): Promise<string[]> {
  const { data } = await entities()
    .pushLevelAsk.query.primary({ clubId, tournamentId })
    .go({ pages: 'all', attributes: ['playerId'] });
  return data.map((a) => a.playerId);
}

/** Asks written and asks removed, 25 to a BatchWriteItem (one request for a player's few tournaments). */
export async function writeAsks(put: readonly (LevelAsk & { expiresAt: number })[], remove: readonly LevelAsk[]): Promise<void> {
  const { pushLevelAsk } = entities();
  const requests = (batches: { RequestItems: Record<string, WriteRequest[]> }[]) =>
    batches.flatMap((b) => Object.values(b.RequestItems).flat());
  await writeAll([
    ...(put.length > 0 ? requests(pushLevelAsk.put([...put]).params()) : []),
    ...(remove.length > 0 ? requests(pushLevelAsk.delete([...remove]).params()) : []),
  ]);
}

/** Of these players, those whose choices ask for levels: one BatchGetItem per hundred, eventually consistent. */
export async function playersAskingForLevels(playerIds: readonly string[]): Promise<Set<string>> {
  const { pushPreferences } = entities();
  const rows = await batchGet(
    [...new Set(playerIds)].map((playerId) => ({ playerId })),
    (keys) => pushPreferences.get(keys).go({ unprocessed: 'item', attributes: ['playerId', 'levels'] }),
  );
  return new Set(rows.filter((r) => r.levels === true).map((r) => r.playerId));
}

/** The items PUT push-preferences reads with its account check: the choice it replaces and the schedule. */
export const levelAskItems = (playerId: string): ItemKey[] => [
  keyOf(entities().pushPreferences.get({ playerId })),
  scheduleItemKey(playerId),
];

/** The tournaments of the schedule the player is registered in and that are not over. */
export function scheduledTournaments(
  schedule: PlayerSchedule | undefined,
  now: number,
): { clubId: string; tournamentId: string; endAt: number }[] {
  return Object.values(schedule?.regs ?? {})
    .filter((r) => r.cancelled !== true && r.endAt > now - OVER_AFTER_END_MS)
    .map((r) => ({ clubId: r.clubId, tournamentId: r.tournamentId, endAt: r.endAt }));
}

/**
 * The player's asks after a change of their choices: one for each tournament of their schedule with levels
 * on, none with levels off (nothing to remove when levels were off before), in one BatchWriteItem per 25
 * tournaments. Called before the choice is written, so the prefetched item is the choice it replaces.
 */
export async function followLevelChoice(
  playerId: string,
  levels: boolean,
  now: number,
  prefetched: Prefetched = NOTHING_PREFETCHED,
): Promise<void> {
  const before = prefetchedItem(prefetched, keyOf(entities().pushPreferences.get({ playerId })));
  const askedBefore = before === undefined || (before !== null && entities().pushPreferences.parse({ Item: before }).data?.levels === true);
  if (!levels && !askedBefore) return;
  const tournaments = scheduledTournaments(await readSchedule(playerId, prefetched), now);
  const asks = tournaments.map((t) => ({ clubId: t.clubId, tournamentId: t.tournamentId, playerId }));
  if (levels)
    await writeAsks(
      asks.map((a, i) => ({ ...a, expiresAt: askExpiry(tournaments[i]!.endAt, now) })),
      [],
    );
  else await writeAsks([], asks);
}
