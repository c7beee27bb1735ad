import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../store/client';
import { config } from '../../platform/config';
import { prefetchKeyOf } from '../../platform/prefetch';
import { TTL_ATTRIBUTE } from '../../store/table-definition';
import { readItems } from '../../store/read-items';
import { queryAll } from '../../store/query-all';
import { writeAll } from '../../store/batch-write';
import { entities } from '../../store/entities';
import { FEED_TTL_DAYS } from '../../adapters/notifications/feed';
import { ConcurrentUpdate } from '../../app/errors';
import { eachBounded } from '../../platform/bounded';
import { devicesToEvict, MAX_DEVICES_PER_ACCOUNT } from '../../../domain/players/devices';
import type { PushPlatform } from './port';

/**
 * A player's phones and push choices, in one partition `push#<playerId>`, so one Query answers both:
 * - `d#<deviceId>`: a registered device (platform, token, the push service's endpoint);
 * - `count`: how many devices the account has, written in the same transaction as every device added or
 *   removed, so concurrent registrations cannot pass the limit (MAX_DEVICES_PER_ACCOUNT);
 * - `prefs`: the kinds of push the player turned off;
 * - `sent#<notificationId>`: a push already sent (TTL two days), so a redelivered event pushes once.
 * Beside them, `pushToken#<deviceId>` / `owner` names the one account a token belongs to: registering it
 * from another account moves it there, and only the owner's removal unregisters it at the push service.
 */
export const PUSH_KINDS = ['seat', 'waitlist', 'starting', 'results'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface Device {
  deviceId: string;
  platform: PushPlatform;
  endpoint: string;
  registeredAt: string;
}

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const pk = (playerId: string) => `push#${playerId}`;
const table = () => config().tableName;
const SENT_TTL_SEC = 2 * 24 * 3600;
const deviceKey = (playerId: string, deviceId: string) => ({ pk: pk(playerId), sk: `d#${deviceId}` });
const countKey = (playerId: string) => ({ pk: pk(playerId), sk: 'count' });
const ownerKey = (deviceId: string) => ({ pk: `pushToken#${deviceId}`, sk: 'owner' });
/** Attempts of a device write that lost a race (another registration of the same account or token). */
const ATTEMPTS = 16;
/** Devices one registration removes at most (a transaction holds 100 items; an account over the limit shrinks over several). */
const MAX_EVICTIONS = 40;

/** The same phone registered twice is one device: the id is derived from the platform and token. */
export const deviceIdOf = (platform: PushPlatform, token: string): string =>
  `dev_${createHash('sha256').update(`${platform}:${token}`).digest('base64url').slice(0, 22)}`;

const toDevice = (i: Item): Device => ({
  deviceId: String(i.deviceId),
  platform: i.platform as PushPlatform,
  endpoint: String(i.endpoint),
  registeredAt: String(i.registeredAt),
});

async function getItem(key: { pk: string; sk: string }): Promise<Item | undefined> {
  const out = await dynamo().doc.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return out.Item;
}

/** How many devices the account holds, and whether that number is stored yet. */
interface Count {
  n: number;
  stored: boolean;
}

/** The stored count; an account whose devices were stored before counts existed has them counted here once. */
async function countOf(playerId: string): Promise<Count> {
  const stored = await getItem(countKey(playerId));
  if (stored) return { n: Number(stored.n), stored: true };
  let n = 0;
  let start: Item | undefined;
  do {
    const page = await dynamo().doc.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':pk': pk(playerId), ':d': 'd#' },
        Select: 'COUNT',
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    n += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return { n, stored: false };
}

/**
 * The count moved by `delta`: an ADD on a stored count while `guard` holds, else its first write, which
 * requires that no other writer stored it meanwhile.
 */
function countWrite(playerId: string, count: Count, delta: number, guard?: { expression: string; values: Item }): TransactItem {
  if (!count.stored) {
    return {
      Put: {
        TableName: table(),
        Item: { ...countKey(playerId), kind: 'pushDeviceCount', n: count.n + delta },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }
  return {
    Update: {
      TableName: table(),
      Key: countKey(playerId),
      UpdateExpression: 'ADD n :delta',
      ConditionExpression: guard?.expression ?? 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta, ...guard?.values },
    },
  };
}

/** Writes the transaction; false when a condition or a concurrent transaction refused it (read again and retry). */
async function transact(items: TransactItem[]): Promise<boolean> {
  try {
    await dynamo().doc.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    const lost = (r: { Code?: string }) => r.Code === 'None' || r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict';
    if (e instanceof TransactionCanceledException && (e.CancellationReasons ?? []).every(lost)) return false;
    throw e;
  }
}

const pause = (attempt: number) => new Promise((ok) => setTimeout(ok, Math.random() * 10 * Math.min(attempt, 8)));

/** Every device of the account (at most the limit, more only for an account that had them before it). */
async function devicesOf(playerId: string): Promise<Device[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
    ExpressionAttributeValues: { ':pk': pk(playerId), ':d': 'd#' },
    ConsistentRead: true,
  });
  return items.map(toDevice);
}

/** The feed item telling the token's previous account that its phone now gets another account's pushes. */
function movedNotice(playerId: string, device: Device): Item {
  const at = device.registeredAt;
  return entities()
    .notification.put({
      playerId,
      at,
      notificationId: `device-moved-${device.deviceId}-${Date.parse(at)}`,
      type: 'device.moved',
      title: 'A phone of yours was registered to another account: it gets no more pushes for this one',
      data: { deviceId: device.deviceId, platform: device.platform },
      expiresAt: Math.floor(Date.parse(at) / 1000) + FEED_TTL_DAYS * 86_400,
    })
    .params<{ Item: Item }>().Item;
}

export interface Registration {
  device: Device;
  /** The account the token belonged to until now, told in its feed. */
  movedFrom: string | undefined;
  /** The least recently registered devices that made room (their endpoints are to be unregistered). */
  evicted: Device[];
}

/**
 * Registers the phone's token for the account, in one transaction with the device count and the token's
 * owner: the same token again refreshes the device; a token of another account moves here (that account's
 * device goes, and it is told); past MAX_DEVICES_PER_ACCOUNT the least recently registered devices go.
 * A transaction that lost a race to another registration reads again and decides again.
 */
export async function registerDevice(playerId: string, device: Device, token: string): Promise<Registration> {
  const id = device.deviceId;
  const item = { ...deviceKey(playerId, id), kind: 'pushDevice', ...device, token };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(attempt);
    const [ownerItem, mine, count] = await Promise.all([getItem(ownerKey(id)), getItem(deviceKey(playerId, id)), countOf(playerId)]);
    const owner = ownerItem ? String(ownerItem.playerId) : undefined;
    const tx: TransactItem[] = [
      { Put: { TableName: table(), Item: item, ConditionExpression: mine ? 'attribute_exists(sk)' : 'attribute_not_exists(sk)' } },
      {
        Put: {
          TableName: table(),
          Item: { ...ownerKey(id), kind: 'pushTokenOwner', deviceId: id, playerId },
          ConditionExpression: owner ? 'playerId = :owner' : 'attribute_not_exists(pk)',
          ...(owner ? { ExpressionAttributeValues: { ':owner': owner } } : {}),
        },
      },
    ];
    let evicted: Device[] = [];
    if (!mine) {
      if (count.n + 1 > MAX_DEVICES_PER_ACCOUNT) {
        const others = (await devicesOf(playerId)).filter((d) => d.deviceId !== id);
        evicted = devicesToEvict(others, count.n).slice(0, MAX_EVICTIONS);
      }
      // Adding within the limit commutes with other additions; making room must see the count it decided on.
      tx.push(
        countWrite(
          playerId,
          count,
          1 - evicted.length,
          evicted.length > 0
            ? { expression: 'n = :n', values: { ':n': count.n } }
            : { expression: 'n < :max', values: { ':max': MAX_DEVICES_PER_ACCOUNT } },
        ),
      );
      for (const e of evicted) {
        tx.push({ Delete: { TableName: table(), Key: deviceKey(playerId, e.deviceId), ConditionExpression: 'attribute_exists(sk)' } });
        tx.push({
          Delete: {
            TableName: table(),
            Key: ownerKey(e.deviceId),
            ConditionExpression: 'attribute_not_exists(pk) OR playerId = :me',
            ExpressionAttributeValues: { ':me': playerId },
          },
        });
      }
    }
    const movedFrom = owner && owner !== playerId ? owner : undefined;
    if (movedFrom) {
      const [theirs, theirCount] = await Promise.all([getItem(deviceKey(movedFrom, id)), getItem(countKey(movedFrom))]);
      if (theirs) {
        tx.push({ Delete: { TableName: table(), Key: deviceKey(movedFrom, id), ConditionExpression: 'attribute_exists(sk)' } });
        tx.push(
          theirCount
            ? countWrite(movedFrom, { n: Number(theirCount.n), stored: true }, -1)
            : { ConditionCheck: { TableName: table(), Key: countKey(movedFrom), ConditionExpression: 'attribute_not_exists(pk)' } },
        );
      }
      tx.push({ Put: { TableName: table(), Item: movedNotice(movedFrom, device) } });
    }
    if (await transact(tx)) return { device, movedFrom, evicted };
  }
  throw new ConcurrentUpdate('Other registrations of this account or phone kept overtaking this one; retry');
}

/**
 * Removes one of the caller's own devices (never another account's: the key is the caller's partition),
 * with the count and, when the token is the caller's, its ownership. `tokenOwned` says whether the push
 * service's endpoint may be unregistered: not when the token has moved to another account since.
 */
export async function deleteDevice(playerId: string, deviceId: string): Promise<(Device & { tokenOwned: boolean }) | undefined> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(attempt);
    const [mine, ownerItem, count] = await Promise.all([
      getItem(deviceKey(playerId, deviceId)),
      getItem(ownerKey(deviceId)),
      countOf(playerId),
    ]);
    if (!mine) return undefined;
    const owner = ownerItem ? String(ownerItem.playerId) : undefined;
    const tx: TransactItem[] = [
      { Delete: { TableName: table(), Key: deviceKey(playerId, deviceId), ConditionExpression: 'attribute_exists(sk)' } },
      countWrite(playerId, count, -1),
    ];
    if (owner === playerId) {
      tx.push({
        Delete: {
          TableName: table(),
          Key: ownerKey(deviceId),
          ConditionExpression: 'playerId = :me',
          ExpressionAttributeValues: { ':me': playerId },
        },
      });
    }
    // A token stored before ownerships existed has no owner item: it is the caller's as far as anyone knows.
    if (await transact(tx)) return { ...toDevice(mine), tokenOwned: owner === undefined || owner === playerId };
  }
  throw new ConcurrentUpdate('Other registrations of this account kept overtaking this removal; retry');
}

/** One page of the account's devices in key order, and the key the next page starts after. */
export async function listDevices(
  playerId: string,
  limit: number,
  after: Item | undefined,
): Promise<{ devices: Device[]; next: Item | undefined }> {
  const page = await dynamo().doc.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
      ExpressionAttributeValues: { ':pk': pk(playerId), ':d': 'd#' },
      ProjectionExpression: 'pk, sk, deviceId, platform, endpoint, registeredAt',
      ConsistentRead: true,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: after } : {}),
    }),
  );
  return { devices: (page.Items ?? []).map(toDevice), next: page.LastEvaluatedKey };
}

/** Whether `key` is a page key of this account's device list (a cursor opened from the outside). */
export const isDeviceListKey = (playerId: string, key: unknown): key is Item =>
  typeof key === 'object' &&
  key !== null &&
  (key as Item).pk === pk(playerId) &&
  typeof (key as Item).sk === 'string' &&
  String((key as Item).sk).startsWith('d#') &&
  Object.keys(key).length === 2;

/** The player's devices and muted kinds, in one Query. */
export async function pushSettings(playerId: string): Promise<{ devices: Device[]; muted: PushKind[] }> {
  const devices: Device[] = [];
  let muted: PushKind[] = [];
  let start: Item | undefined;
  do {
    const page = await dynamo().doc.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :z',
        // `d#…` and `prefs`, not the sent markers.
        ExpressionAttributeValues: { ':pk': pk(playerId), ':a': 'd#', ':z': 'prefs' },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      if (String(item.sk).startsWith('d#')) devices.push(toDevice(item));
      else if (item.sk === 'prefs') muted = (item.muted as PushKind[] | undefined) ?? [];
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { devices: devices.sort((a, b) => a.registeredAt.localeCompare(b.registeredAt)), muted };
}

export async function setMuted(playerId: string, muted: readonly PushKind[], now: number): Promise<void> {
  await dynamo().doc.send(
    new PutCommand({
      TableName: table(),
      Item: { pk: pk(playerId), sk: 'prefs', kind: 'pushPreferences', muted: [...new Set(muted)], updatedAt: new Date(now).toISOString() },
    }),
  );
}

/** Claims the right to push one notification to one player: false when it was pushed already. */
export async function claimPush(playerId: string, notificationId: string): Promise<boolean> {
  try {
    await dynamo().doc.send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: pk(playerId),
          sk: `sent#${notificationId}`,
          kind: 'pushSent',
          [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + SENT_TTL_SEC,
        },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** Items of the push partition one erasure pass reads and deletes. */
const FORGET_PAGE = 250;
/** Calls to the push service and conditional deletes in flight at a time. */
const FORGET_PARALLEL = 8;

/**
 * Erasure (R-PD-1), one bounded pass: up to FORGET_PAGE items of the player's push partition (phones,
 * choices, sent marks, the count) go, after their endpoints were handed to `unregister` and the token
 * ownerships that are the player's went. A token that moved to another account keeps its endpoint. Each
 * pass deletes only what is still there, so a pass cut short is simply run again; `more` says one is due.
 */
export async function forgetDevicesPass(playerId: string, unregister: (endpoint: string) => Promise<void>): Promise<{ more: boolean }> {
  const page = await dynamo().doc.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk(playerId) },
      ProjectionExpression: 'pk, sk, deviceId, endpoint',
      ConsistentRead: true,
      Limit: FORGET_PAGE,
    }),
  );
  const items = page.Items ?? [];
  const devices = items.filter((i) => String(i.sk).startsWith('d#'));
  const owners = new Map<string, string>();
  for (let i = 0; i < devices.length; i += 100) {
    const got = await readItems(
      devices.slice(i, i + 100).map((d) => ownerKey(String(d.deviceId))),
      { consistent: true },
    );
    for (const d of devices.slice(i, i + 100)) {
      const o = got.get(prefetchKeyOf(ownerKey(String(d.deviceId))));
      if (o) owners.set(String(d.deviceId), String(o.playerId));
    }
  }
  const ours = devices.filter((d) => (owners.get(String(d.deviceId)) ?? playerId) === playerId);
  await eachBounded(ours, FORGET_PARALLEL, (d) => unregister(String(d.endpoint)));
  await eachBounded(
    ours.filter((d) => owners.has(String(d.deviceId))),
    FORGET_PARALLEL,
    (d) =>
      dynamo()
        .doc.send(
          new DeleteCommand({
            TableName: table(),
            Key: ownerKey(String(d.deviceId)),
            ConditionExpression: 'playerId = :me',
            ExpressionAttributeValues: { ':me': playerId },
          }),
        )
        .catch((e: Error) => {
          // Moved to another account meanwhile: theirs now.
          if (e.name !== 'ConditionalCheckFailedException') throw e;
        }),
  );
  await writeAll(
    items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
    FORGET_PARALLEL / 2,
  );
  return { more: page.LastEvaluatedKey !== undefined };
}
