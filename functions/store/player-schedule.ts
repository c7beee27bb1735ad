import { QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OtherRegistration, TournamentWindow } from '../../domain/tournaments';
import { dynamo } from './client';
import { config } from '../runtime/config';
import { entities } from './entities';
import { conditionRefused, keyOf, type TransactPut, type TransactUpdate } from './entities/items';
import { readManyItems } from './read-items';
import { ConcurrentUpdate } from '../runtime/errors';
import { eachBounded } from '../runtime/bounded';
import { NOTHING_PREFETCHED, prefetchedItem, prefetchKeyOf, type ItemKey, type Prefetched } from '../runtime/prefetch';

/**
 * R-REG-1 without a race: the player's own schedule, one item `player#<id>` / `schedule` beside the
 * profile, listing the tournaments the player is registered in with their time windows. A registration
 * reads it (with the profile, one Query), decides, and writes its event and the schedule in one
 * transaction conditioned on the schedule's version: of two registrations decided on the same schedule,
 * one commits and the other decides again and sees the first.
 *
 * `live` is false once the registration no longer ties the player (cancelled, eliminated); the stream
 * consumer keeps it current from the events. Whether the tournament has finished, and its current window,
 * the registration reads from the tournaments' roots.
 */
export interface ScheduledRegistration {
  clubId: string;
  tournamentId: string;
  registrationId: string;
  startAt: number;
  endAt: number;
  live: boolean;
  /** The player withdrew (no longer in the tournament's feed); set by the stream consumer, absent until it first refreshes the entry. */
  cancelled?: boolean;
}

export interface PlayerSchedule {
  v: number;
  regs: Record<string, ScheduledRegistration>;
}

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Windows that ended this long ago can no longer overlap anything a player registers for. */
const KEEP_ENDED_MS = 7 * 86_400_000;

export const scheduleKey = (clubId: string, tournamentId: string) => `${clubId}.${tournamentId}`;

/** The keys of a player's profile and schedule items, for a route's prefetch (see runtime/prefetch.ts). */
export const profileItemKey = (playerId: string): ItemKey => keyOf(entities().player.get({ userId: playerId }));
export const scheduleItemKey = (playerId: string): ItemKey => keyOf(entities().playerSchedule.get({ playerId }));

/** The schedule an item holds; schedules written before the entity lack its identity attributes. */
function scheduleOf(item: Item | undefined): PlayerSchedule | undefined {
  const data = item ? entities().playerSchedule.parse({ Item: item }, { ignoreOwnership: true }).data : null;
  return data ? { v: data.v, regs: (data.regs ?? {}) as PlayerSchedule['regs'] } : undefined;
}

/**
 * The profile item (raw) and the schedule, in one Query of the player's partition, or from what the
 * request prefetched with its authorization (both items, strongly consistent) when it did. The Query spans
 * two entities' items (the profile and the schedule sort next to each other, the notifications before
 * them): an entity's query reads one entity, a collection the whole partition, so the range is read raw and
 * the schedule parsed by its entity.
 */
export async function readProfileAndSchedule(
  playerId: string,
  prefetched: Prefetched = NOTHING_PREFETCHED,
): Promise<{ profile: Item | undefined; schedule: PlayerSchedule | undefined }> {
  const profileKey = profileItemKey(playerId);
  const scheduleKeyOf = scheduleItemKey(playerId);
  const p = prefetchedItem(prefetched, profileKey);
  const s = prefetchedItem(prefetched, scheduleKeyOf);
  if (p !== undefined && s !== undefined) return { profile: p ?? undefined, schedule: scheduleOf(s ?? undefined) };
  const out = await dynamo().doc.send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': profileKey.pk, ':a': profileKey.sk, ':b': scheduleKeyOf.sk },
      ConsistentRead: true,
    }),
  );
  const items = (out.Items ?? []) as Item[];
  const profile = items.find((i) => i.sk === profileKey.sk);
  return { profile, schedule: scheduleOf(items.find((i) => i.sk === scheduleKeyOf.sk)) };
}

/** The schedule alone: from what the request prefetched when it did, else one strongly consistent GetItem. */
export async function readSchedule(playerId: string, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<PlayerSchedule | undefined> {
  const s = prefetchedItem(prefetched, scheduleItemKey(playerId));
  if (s !== undefined) return scheduleOf(s ?? undefined);
  const { data } = await entities().playerSchedule.get({ playerId }).go({ consistent: true, ignoreOwnership: true });
  return data ? { v: data.v, regs: (data.regs ?? {}) as PlayerSchedule['regs'] } : undefined;
}

/**
 * Many players' schedules (a day 2's field), strongly consistent, a hundred to a BatchGetItem, the requests
 * in parallel: players without a schedule are left out.
 */
export async function readSchedules(playerIds: readonly string[]): Promise<Map<string, PlayerSchedule>> {
  const keys = playerIds.map(scheduleItemKey);
  const items = await readManyItems(keys, { consistent: true });
  const out = new Map<string, PlayerSchedule>();
  playerIds.forEach((playerId, i) => {
    const schedule = scheduleOf(items.get(prefetchKeyOf(keys[i] as ItemKey)));
    if (schedule) out.set(playerId, schedule);
  });
  return out;
}

/**
 * The live registrations of the schedule outside `tournamentId`, as R-REG-1 weighs them; the caller
 * brings the tournaments' status and window up to date from their roots.
 */
export function scheduledOthers(schedule: PlayerSchedule, exceptTournamentId: string): (OtherRegistration & { clubId: string })[] {
  return Object.values(schedule.regs)
    .filter((r) => r.live && r.tournamentId !== exceptTournamentId)
    .map((r) => ({
      clubId: r.clubId,
      tournamentId: r.tournamentId,
      registrationId: r.registrationId,
      registrationStatus: 'registered',
      tournamentStatus: 'registration_open',
      window: { startAt: r.startAt, endAt: r.endAt },
      eliminated: false,
    }));
}

/** The empty schedule a new player starts with, written with the profile (`create`: only if there is none). */
export function emptySchedule(playerId: string): TransactItem {
  return { Put: entities().playerSchedule.create({ playerId, v: 0, regs: {} }).params<TransactPut>() };
}

/**
 * The transaction item that records a registration in the schedule, conditioned on the version read.
 * A profile written without its schedule (the demo seed of `npm start`) has no registrations yet: its
 * schedule is created whole with this one.
 */
export function scheduleWrite(playerId: string, read: PlayerSchedule | undefined, entry: ScheduledRegistration, now: number): TransactItem {
  const schedules = entities().playerSchedule;
  const key = scheduleKey(entry.clubId, entry.tournamentId);
  if (!read) return { Put: schedules.create({ playerId, v: 1, regs: { [key]: entry } }).params<TransactPut>() };
  const ended = Object.entries(read.regs)
    .filter(([k, r]) => k !== key && r.endAt < now - KEEP_ENDED_MS)
    .map(([k]) => k);
  const update = schedules
    .patch({ playerId })
    .data((a, op) => {
      op.set(a.regs[key], entry);
      for (const k of ended) op.remove(a.regs[k]);
      op.set(a.v, read.v + 1);
    })
    .where((a, op) => op.eq(a.v, read.v));
  return { Update: update.params<TransactUpdate>() };
}

/**
 * Brings one registration of the schedule up to date with the tournament (the stream consumer calls it):
 * only while the schedule holds that very registration, so a late event never overwrites a newer one.
 */
export async function refreshScheduled(
  playerId: string,
  clubId: string,
  tournamentId: string,
  registrationId: string,
  window: TournamentWindow,
  live: boolean,
  cancelled = false,
): Promise<void> {
  const key = scheduleKey(clubId, tournamentId);
  try {
    await entities()
      .playerSchedule.patch({ playerId })
      .data((a, op) => {
        op.set(a.regs[key].live, live);
        op.set(a.regs[key].cancelled, cancelled);
        op.set(a.regs[key].startAt, window.startAt);
        op.set(a.regs[key].endAt, window.endAt);
      })
      .where((a, op) => op.eq(a.regs[key].registrationId, registrationId))
      .go({ response: 'none' });
  } catch (e) {
    if (conditionRefused(e)) return;
    throw e;
  }
}

export interface ScheduleAddition {
  playerId: string;
  entry: ScheduledRegistration;
}

/** TransactWriteItems' own limit. */
const MAX_TRANSACT = 100;
/** Transactions of a field's schedules in flight at once. */
const TRANSACT_LANES = 4;
/** Rounds of re-reading the schedules a registration elsewhere changed meanwhile before the stream retries. */
const SCHEDULE_ROUNDS = 5;

/** Cancelled by a condition or a concurrent transaction only: a schedule moved since it was read. */
const scheduleMoved = (e: unknown): boolean =>
  e instanceof Error &&
  e.name === 'TransactionCanceledException' &&
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some(
    (r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict',
  );

/**
 * Registrations no registering transaction wrote into the schedules (a day 2's field, made from the bag:
 * thousands in one event), added by the stream consumer: the schedules read a hundred to a BatchGetItem,
 * each written as a registration writes it (scheduleWrite, conditioned on the version read), a hundred to
 * a TransactWriteItems. A hundred whose transaction a registration elsewhere beat are read and written
 * again. A schedule that already holds the registration is left alone, so a redelivery writes nothing.
 */
export async function addToSchedules(rows: readonly ScheduleAddition[], now: number): Promise<void> {
  let pending: readonly ScheduleAddition[] = rows;
  for (let round = 1; pending.length > 0; round++) {
    if (round > SCHEDULE_ROUNDS) throw new ConcurrentUpdate("The players' schedules kept changing; the stream retries");
    const read = await readSchedules(pending.map((r) => r.playerId));
    const writes = pending.filter(
      (r) => read.get(r.playerId)?.regs[scheduleKey(r.entry.clubId, r.entry.tournamentId)]?.registrationId !== r.entry.registrationId,
    );
    const chunks: ScheduleAddition[][] = [];
    for (let i = 0; i < writes.length; i += MAX_TRANSACT) chunks.push(writes.slice(i, i + MAX_TRANSACT));
    const again: ScheduleAddition[] = [];
    // A few transactions in flight, the next sent as one ends: a field of 9,000 is 90 of them.
    await eachBounded(chunks, TRANSACT_LANES, async (chunk) => {
      const TransactItems = chunk.map((r) => scheduleWrite(r.playerId, read.get(r.playerId), r.entry, now));
      try {
        await dynamo().doc.send(new TransactWriteCommand({ TransactItems }));
      } catch (e) {
        if (!scheduleMoved(e)) throw e;
        again.push(...chunk);
      }
    });
    pending = again;
  }
}
