import { QueryCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { OtherRegistration, TournamentWindow } from '../../domain/tournaments';
import { dynamo } from './client';
import { config } from '../platform/config';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../platform/prefetch';

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

const SCHEDULE_SK = 'schedule';
const PROFILE_SK = 'profile';
/** Windows that ended this long ago can no longer overlap anything a player registers for. */
const KEEP_ENDED_MS = 7 * 86_400_000;

const pkOf = (playerId: string) => `player#${playerId}`;
export const scheduleKey = (clubId: string, tournamentId: string) => `${clubId}.${tournamentId}`;

/** The keys of a player's profile and schedule items, for a route's prefetch (see platform/prefetch.ts). */
export const profileItemKey = (playerId: string): ItemKey => ({ pk: pkOf(playerId), sk: PROFILE_SK });
export const scheduleItemKey = (playerId: string): ItemKey => ({ pk: pkOf(playerId), sk: SCHEDULE_SK });

const scheduleOf = (s: Item | undefined): PlayerSchedule | undefined =>
  s ? { v: Number(s.v), regs: (s.regs ?? {}) as PlayerSchedule['regs'] } : undefined;

/**
 * The profile item (raw) and the schedule, in one Query of the player's partition, or from what the
 * request prefetched with its authorization (both items, strongly consistent) when it did.
 */
export async function readProfileAndSchedule(
  playerId: string,
  prefetched: Prefetched = NOTHING_PREFETCHED,
): Promise<{ profile: Item | undefined; schedule: PlayerSchedule | undefined }> {
  const p = prefetchedItem(prefetched, profileItemKey(playerId));
  const s = prefetchedItem(prefetched, scheduleItemKey(playerId));
  if (p !== undefined && s !== undefined) return { profile: p ?? undefined, schedule: scheduleOf(s ?? undefined) };
  const out = await dynamo().doc.send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': pkOf(playerId), ':a': PROFILE_SK, ':b': SCHEDULE_SK },
      ConsistentRead: true,
    }),
  );
  const items = (out.Items ?? []) as Item[];
  const profile = items.find((i) => i.sk === PROFILE_SK);
  return { profile, schedule: scheduleOf(items.find((i) => i.sk === SCHEDULE_SK)) };
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

/** The empty schedule a new player starts with, written with the profile. */
export function emptySchedule(playerId: string): TransactItem {
  return {
    Put: {
      TableName: config().tableName,
      Item: { pk: pkOf(playerId), sk: SCHEDULE_SK, v: 0, regs: {} },
      ConditionExpression: 'attribute_not_exists(sk)',
    },
  };
}

/**
 * The transaction item that records a registration in the schedule, conditioned on the version read.
 * A profile written without its schedule (the demo seed of `npm start`) has no registrations yet: its
 * schedule is created whole with this one.
 */
export function scheduleWrite(playerId: string, read: PlayerSchedule | undefined, entry: ScheduledRegistration, now: number): TransactItem {
  const TableName = config().tableName;
  const key = scheduleKey(entry.clubId, entry.tournamentId);
  if (!read) {
    return {
      Put: {
        TableName,
        Item: { pk: pkOf(playerId), sk: SCHEDULE_SK, v: 1, regs: { [key]: entry } },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    };
  }
  const ended = Object.entries(read.regs)
    .filter(([k, r]) => k !== key && r.endAt < now - KEEP_ENDED_MS)
    .map(([k]) => k);
  const names: Record<string, string> = { '#k': key };
  ended.forEach((k, i) => (names[`#e${i}`] = k));
  return {
    Update: {
      TableName,
      Key: { pk: pkOf(playerId), sk: SCHEDULE_SK },
      UpdateExpression: `SET regs.#k = :e, v = :next${ended.length ? ` REMOVE ${ended.map((_, i) => `regs.#e${i}`).join(', ')}` : ''}`,
      ConditionExpression: 'v = :v',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':e': entry, ':v': read.v, ':next': read.v + 1 },
    },
  };
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
  try {
    await dynamo().doc.send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: { pk: pkOf(playerId), sk: SCHEDULE_SK },
        UpdateExpression: 'SET regs.#k.live = :live, regs.#k.cancelled = :c, regs.#k.startAt = :s, regs.#k.endAt = :e',
        ConditionExpression: 'regs.#k.registrationId = :rid',
        ExpressionAttributeNames: { '#k': scheduleKey(clubId, tournamentId) },
        ExpressionAttributeValues: { ':live': live, ':c': cancelled, ':s': window.startAt, ':e': window.endAt, ':rid': registrationId },
      }),
    );
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return;
    throw e;
  }
}
