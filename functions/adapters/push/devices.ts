import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../store/client';
import { config } from '../../runtime/config';
import { entities, store, type Store } from '../../store/entities';
import { batchGet, conditionRefused, keyOf } from '../../store/entities/items';
import { readItems } from '../../store/read-items';
import { prefetchKeyOf } from '../../runtime/prefetch';
import type { PushDeviceRow } from '../../store/entities/push-device';
import { queryAll } from '../../store/query-all';
import { writeAll } from '../../store/batch-write';
import { FEED_TTL_DAYS } from '../notifications/feed';
import { ConcurrentUpdate } from '../../runtime/errors';
import { eachBounded } from '../../runtime/bounded';
import { devicesToEvict, MAX_DEVICES_PER_ACCOUNT } from '../../../domain/players/devices';
import type { PushPlatform } from './port';

/**
 * A player's phones and push choices (entities `pushDevice`, `pushDeviceCount`, `pushPreferences`, `pushSent`),
 * in one partition `push#<playerId>`, so one Query answers both:
 * - `d#<deviceId>`: a registered device (platform, token, the push service's endpoint);
 * - `count`: how many devices the account has, written in the same transaction as every device added or
 *   removed, so concurrent registrations cannot pass the limit (MAX_DEVICES_PER_ACCOUNT);
 * - `prefs`: the kinds of push the player turned off;
 * - `sent#<notificationId>`: a push already sent (TTL two days), so a redelivered event pushes once.
 * Beside them, `pushToken#<deviceId>` / `owner` (`pushTokenOwner`) names the one account a token belongs to: registering it
 * from another account moves it there, and only the owner's removal unregisters it at the push service.
 */
export const PUSH_KINDS = ['seat', 'waitlist', 'starting', 'results', 'knockout', 'tickets'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface Device {
  deviceId: string;
  platform: PushPlatform;
  endpoint: string;
  registeredAt: string;
}

type Item = Record<string, unknown>;

const SENT_TTL_SEC = 2 * 24 * 3600;
/** Attempts of a device write that lost a race (another registration of the same account or token). */
const ATTEMPTS = 16;
/** Devices one registration removes at most (a transaction holds 100 items; an account over the limit shrinks over several). */
const MAX_EVICTIONS = 40;

/** The same phone registered twice is one device: the id is derived from the platform and token. */
export const deviceIdOf = (platform: PushPlatform, token: string): string =>
  `dev_${createHash('sha256').update(`${platform}:${token}`).digest('base64url').slice(0, 22)}`;

const toDevice = (d: Pick<PushDeviceRow, 'deviceId' | 'platform' | 'endpoint' | 'registeredAt'>): Device => ({
  deviceId: d.deviceId,
  platform: d.platform,
  endpoint: d.endpoint,
  registeredAt: d.registeredAt,
});

const DEVICE_FIELDS = ['deviceId', 'platform', 'endpoint', 'registeredAt'] as const;

/** How many devices the account holds, and whether that number is stored yet. */
interface Count {
  n: number;
  stored: boolean;
}

/** The stored count; an account whose devices were stored before counts existed has them counted here once. */
async function countOf(playerId: string): Promise<Count> {
  const { data: stored } = await entities().pushDeviceCount.get({ playerId }).go({ consistent: true });
  if (stored) return { n: stored.n, stored: true };
  const { data } = await entities()
    .pushDevice.query.primary({ playerId })
    .go({ consistent: true, pages: 'all', attributes: ['deviceId'] });
  return { n: data.length, stored: false };
}

/** The entities as a write transaction hands them out, and one item of it (its length varies with the case). */
type Entities = Parameters<Parameters<Store['transaction']['write']>[0]>[0];
type Commit = object;
type Guard = { n: number } | { below: number };

/**
 * The count moved by `delta`: an ADD on a stored count while `guard` holds (the count it decided on, or
 * room below a limit), else its first write, which requires that no other writer stored it meanwhile.
 */
function countWrite(e: Entities, playerId: string, count: Count, delta: number, guard?: Guard): Commit {
  if (!count.stored) return e.pushDeviceCount.create({ playerId, n: count.n + delta }).commit();
  const add = e.pushDeviceCount.patch({ playerId }).add({ n: delta });
  if (!guard) return add.commit();
  return add.where((c, { eq, lt }) => ('n' in guard ? eq(c.n, guard.n) : lt(c.n, guard.below))).commit();
}

/** Writes the transaction; false when a condition or a concurrent transaction refused it (read again and retry). */
async function transact(items: (e: Entities) => Commit[]): Promise<boolean> {
  // ElectroDB types a transaction from a literal list of items; this one is built case by case.
  const { canceled, data } = (await store()
    .transaction.write(items as never)
    .go()) as { canceled: boolean; data: { code: string }[] };
  if (!canceled) return true;
  const lost = (r: { code: string }) => r.code === 'None' || r.code === 'ConditionalCheckFailed' || r.code === 'TransactionConflict';
  if (data.every(lost)) return false;
  throw new Error(`device transaction cancelled: ${data.map((r) => r.code).join(', ')}`);
}

const pause = (attempt: number) => new Promise((ok) => setTimeout(ok, Math.random() * 10 * Math.min(attempt, 8)));

/** Every device of the account (at most the limit, more only for an account that had them before it). */
async function devicesOf(playerId: string): Promise<Device[]> {
  const { data } = await entities()
    .pushDevice.query.primary({ playerId })
    .go({ consistent: true, pages: 'all', attributes: [...DEVICE_FIELDS] });
  return data.map(toDevice);
}

/** The feed item telling the token's previous account that its phone now gets another account's pushes. */
function movedNotice(e: Entities, playerId: string, device: Device): Commit {
  const at = device.registeredAt;
  return e.notification
    .put({
      playerId,
      at,
      notificationId: `device-moved-${device.deviceId}-${Date.parse(at)}`,
      type: 'device.moved',
      title: 'A phone of yours was registered to another account: it gets no more pushes for this one',
      data: { deviceId: device.deviceId, platform: device.platform },
      expiresAt: Math.floor(Date.parse(at) / 1000) + FEED_TTL_DAYS * 86_400,
    })
    .commit();
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
  const deviceId = device.deviceId;
  const record = { playerId, ...device, token };
  const { pushDevice, pushTokenOwner, pushDeviceCount } = entities();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(attempt);
    const [ownerItem, mine, count] = await Promise.all([
      pushTokenOwner.get({ deviceId }).go({ consistent: true }),
      pushDevice.get({ playerId, deviceId }).go({ consistent: true, attributes: ['deviceId'] }),
      countOf(playerId),
    ]);
    const owner = ownerItem.data?.playerId;
    let evicted: Device[] = [];
    if (!mine.data && count.n + 1 > MAX_DEVICES_PER_ACCOUNT) {
      const others = (await devicesOf(playerId)).filter((d) => d.deviceId !== deviceId);
      evicted = devicesToEvict(others, count.n).slice(0, MAX_EVICTIONS);
    }
    const movedFrom = owner && owner !== playerId ? owner : undefined;
    const [theirs, theirCount] = movedFrom
      ? await Promise.all([
          pushDevice.get({ playerId: movedFrom, deviceId }).go({ consistent: true, attributes: ['deviceId'] }),
          pushDeviceCount.get({ playerId: movedFrom }).go({ consistent: true }),
        ])
      : [undefined, undefined];
    const written = await transact((e) => {
      const tx: Commit[] = [
        mine.data
          ? e.pushDevice
              .put(record)
              .where((d, { exists }) => exists(d.deviceId))
              .commit()
          : e.pushDevice.create(record).commit(),
        owner
          ? e.pushTokenOwner
              .put({ deviceId, playerId })
              .where((o, { eq }) => eq(o.playerId, owner))
              .commit()
          : e.pushTokenOwner.create({ deviceId, playerId }).commit(),
      ];
      if (!mine.data) {
        // Adding within the limit commutes with other additions; making room must see the count it decided on.
        tx.push(
          countWrite(e, playerId, count, 1 - evicted.length, evicted.length > 0 ? { n: count.n } : { below: MAX_DEVICES_PER_ACCOUNT }),
        );
        for (const d of evicted) {
          tx.push(e.pushDevice.remove({ playerId, deviceId: d.deviceId }).commit());
          tx.push(
            e.pushTokenOwner
              .delete({ deviceId: d.deviceId })
              .where((o, { notExists, eq }) => `${notExists(o.playerId)} OR ${eq(o.playerId, playerId)}`)
              .commit(),
          );
        }
      }
      if (movedFrom) {
        if (theirs?.data) {
          tx.push(e.pushDevice.remove({ playerId: movedFrom, deviceId }).commit());
          tx.push(
            theirCount?.data
              ? countWrite(e, movedFrom, { n: theirCount.data.n, stored: true }, -1)
              : e.pushDeviceCount
                  .check({ playerId: movedFrom })
                  .where((c, { notExists }) => notExists(c.n))
                  .commit(),
          );
        }
        tx.push(movedNotice(e, movedFrom, device));
      }
      return tx;
    });
    if (written) return { device, movedFrom, evicted };
  }
  throw new ConcurrentUpdate('Other registrations of this account or phone kept overtaking this one; retry');
}

/**
 * Removes one of the caller's own devices (never another account's: the key is the caller's partition),
 * with the count and, when the token is the caller's, its ownership. `tokenOwned` says whether the push
 * service's endpoint may be unregistered: not when the token has moved to another account since.
 */
export async function deleteDevice(playerId: string, deviceId: string): Promise<(Device & { tokenOwned: boolean }) | undefined> {
  const { pushDevice, pushTokenOwner } = entities();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(attempt);
    const [mine, ownerItem, count] = await Promise.all([
      pushDevice.get({ playerId, deviceId }).go({ consistent: true }),
      pushTokenOwner.get({ deviceId }).go({ consistent: true }),
      countOf(playerId),
    ]);
    if (!mine.data) return undefined;
    const owner = ownerItem.data?.playerId;
    const written = await transact((e) => [
      e.pushDevice.remove({ playerId, deviceId }).commit(),
      countWrite(e, playerId, count, -1),
      ...(owner === playerId
        ? [
            e.pushTokenOwner
              .delete({ deviceId })
              .where((o, { eq }) => eq(o.playerId, playerId))
              .commit(),
          ]
        : []),
    ]);
    // A token stored before ownerships existed has no owner item: it is the caller's as far as anyone knows.
    if (written) return { ...toDevice(mine.data), tokenOwned: owner === undefined || owner === playerId };
  }
  throw new ConcurrentUpdate('Other registrations of this account kept overtaking this removal; retry');
}

/** One page of the account's devices in key order, and the store's cursor of the next page. */
export async function listDevices(
  playerId: string,
  page: { limit: number; cursor: string | null },
): Promise<{ devices: Device[]; cursor: string | null }> {
  const { data, cursor } = await entities()
    .pushDevice.query.primary({ playerId })
    .go({ consistent: true, limit: page.limit, cursor: page.cursor, attributes: [...DEVICE_FIELDS] });
  return { devices: data.map(toDevice), cursor };
}

/** The player's devices, muted kinds and (`levels: true`) whether levels are pushed, in one Query. */
export async function pushSettings(playerId: string): Promise<{ devices: Device[]; muted: PushKind[]; levels?: true }> {
  const { pushDevice, pushPreferences } = entities();
  // The key range from a device's prefix to the choices (`d#…` and `prefs`, not the sent marks nor the
  // count) spans two entities: the Query is the table's, each item is read by the entity its keys name.
  const devicesRange = pushDevice.query.primary({ playerId }).params<{ ExpressionAttributeValues: Record<string, string> }>();
  const prefsKey = pushPreferences.get({ playerId }).params<{ Key: { pk: string; sk: string } }>().Key;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :z',
    ExpressionAttributeValues: { ':pk': prefsKey.pk, ':a': devicesRange.ExpressionAttributeValues[':sk1'], ':z': prefsKey.sk },
    ConsistentRead: true,
  });
  const devices: Device[] = [];
  let muted: PushKind[] = [];
  let levels = false;
  for (const Item of items) {
    const d = pushDevice.parse({ Item }).data;
    if (d) devices.push(toDevice(d));
    const p = d ? null : pushPreferences.parse({ Item }).data;
    if (p) {
      muted = (p.muted as PushKind[] | undefined) ?? [];
      levels = p.levels === true;
    }
  }
  return { devices: devices.sort((a, b) => a.registeredAt.localeCompare(b.registeredAt)), muted, ...(levels ? { levels } : {}) };
}

export async function setMuted(playerId: string, muted: readonly PushKind[], now: number, levels = false): Promise<void> {
  await entities()
    .pushPreferences.put({ playerId, muted: [...new Set(muted)], levels, updatedAt: new Date(now).toISOString() })
    .go({ response: 'none' });
}

/** Claims the right to push one notification to one player: false when it was pushed already. */
export async function claimPush(playerId: string, notificationId: string): Promise<boolean> {
  try {
    await entities()
      .pushSent.create({ playerId, notificationId, expiresAt: Math.floor(Date.now() / 1000) + SENT_TTL_SEC })
      .go({ response: 'none' });
    return true;
  } catch (e) {
    if (conditionRefused(e)) return false;
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
  const { pushDevice, pushTokenOwner, pushDeviceCount } = entities();
  // Every kind of the partition goes, whatever the entity: one Query of the partition, deletes by the keys read.
  const pk = pushDeviceCount.get({ playerId }).params<{ Key: { pk: string } }>().Key.pk;
  const page = await dynamo().doc.send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'pk, sk, deviceId, endpoint',
      ConsistentRead: true,
      Limit: FORGET_PAGE,
    }),
  );
  const items = (page.Items ?? []) as Item[];
  const devices = items.flatMap((Item) => {
    const d = pushDevice.parse({ Item }).data;
    return d ? [{ deviceId: d.deviceId, endpoint: d.endpoint }] : [];
  });
  const owners = new Map(
    (
      await batchGet(
        devices.map((d) => ({ deviceId: d.deviceId })),
        (keys) => pushTokenOwner.get(keys).go({ consistent: true, unprocessed: 'item' }),
      )
    ).map((o) => [o.deviceId, o.playerId]),
  );
  const ours = devices.filter((d) => (owners.get(d.deviceId) ?? playerId) === playerId);
  await eachBounded(ours, FORGET_PARALLEL, (d) => unregister(d.endpoint));
  await eachBounded(
    ours.filter((d) => owners.has(d.deviceId)),
    FORGET_PARALLEL,
    (d) =>
      pushTokenOwner
        .delete({ deviceId: d.deviceId })
        .where((o, { eq }) => eq(o.playerId, playerId))
        .go({ response: 'none' })
        .then(
          () => undefined,
          (e: unknown) => {
            // Moved to another account meanwhile: theirs now.
            if (!conditionRefused(e)) throw e;
          },
        ),
  );
  await writeAll(
    items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
    FORGET_PARALLEL / 2,
  );
  return { more: page.LastEvaluatedKey !== undefined };
}

/**
 * Which of the players have a device at all, from their `count` items, a hundred to a BatchGetItem: a
 * draw or a finish pushes to the few with phones and reads nothing else of the others. Eventually
 * consistent, at half the units: a phone registered in the very second of an event may miss that one
 * push, and the feed has the notification anyway.
 */
export async function playersWithDevices(playerIds: readonly string[]): Promise<Set<string>> {
  const { pushDeviceCount } = entities();
  const unique = [...new Set(playerIds)];
  const keyed = unique.map((playerId) => ({ playerId, key: keyOf(pushDeviceCount.get({ playerId })) }));
  const out = new Set<string>();
  const pages: (typeof keyed)[] = [];
  for (let i = 0; i < keyed.length; i += 100) pages.push(keyed.slice(i, i + 100));
  await eachBounded(pages, 4, async (page) => {
    const got = await readItems(
      page.map((k) => k.key),
      { consistent: false, attributes: ['n'] },
    );
    for (const { playerId, key } of page) if (Number(got.get(prefetchKeyOf(key))?.n ?? 0) > 0) out.add(playerId);
  });
  return out;
}
