import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../store/client';
import { config } from '../../platform/config';
import { TTL_ATTRIBUTE } from '../../store/table-definition';
import type { PushPlatform } from './port';

/**
 * A player's phones and push choices, in one partition `push#<playerId>`, so one Query answers both:
 * - `d#<deviceId>`: a registered device (platform, token, the push service's endpoint);
 * - `prefs`: the kinds of push the player turned off;
 * - `sent#<notificationId>`: a push already sent (TTL two days), so a redelivered event pushes once.
 */
export const PUSH_KINDS = ['seat', 'waitlist', 'starting', 'results'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface Device {
  deviceId: string;
  platform: PushPlatform;
  endpoint: string;
  registeredAt: string;
}

const pk = (playerId: string) => `push#${playerId}`;
const table = () => config().tableName;
const SENT_TTL_SEC = 2 * 24 * 3600;

/** The same phone registered twice is one device: the id is derived from the platform and token. */
export const deviceIdOf = (platform: PushPlatform, token: string): string =>
  `dev_${createHash('sha256').update(`${platform}:${token}`).digest('base64url').slice(0, 22)}`;

export async function putDevice(playerId: string, device: Device, token: string): Promise<void> {
  await dynamo().doc.send(
    new PutCommand({ TableName: table(), Item: { pk: pk(playerId), sk: `d#${device.deviceId}`, kind: 'pushDevice', ...device, token } }),
  );
}

export async function deleteDevice(playerId: string, deviceId: string): Promise<Device | undefined> {
  const out = await dynamo().doc.send(
    new DeleteCommand({ TableName: table(), Key: { pk: pk(playerId), sk: `d#${deviceId}` }, ReturnValues: 'ALL_OLD' }),
  );
  return out.Attributes ? toDevice(out.Attributes) : undefined;
}

const toDevice = (i: Record<string, unknown>): Device => ({
  deviceId: String(i.deviceId),
  platform: i.platform as PushPlatform,
  endpoint: String(i.endpoint),
  registeredAt: String(i.registeredAt),
});

/** The player's devices and muted kinds, in one Query. */
export async function pushSettings(playerId: string): Promise<{ devices: Device[]; muted: PushKind[] }> {
  const devices: Device[] = [];
  let muted: PushKind[] = [];
  let start: Record<string, unknown> | undefined;
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

/** Erasure (R-PD-1): every phone, choice and sent mark of the player; answers the endpoints to unregister. */
export async function forgetDevices(playerId: string): Promise<string[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().doc.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk(playerId) },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await Promise.all(items.map((i) => dynamo().doc.send(new DeleteCommand({ TableName: table(), Key: { pk: i.pk, sk: i.sk } }))));
  return items.filter((i) => String(i.sk).startsWith('d#')).map((i) => String(i.endpoint));
}
