import type { Prefetched } from '../runtime/prefetch';
import { Invalid, NotFound } from '../runtime/errors';
import {
  deleteDevice,
  deviceIdOf,
  listDevices,
  pushSettings,
  registerDevice,
  setMuted,
  type Device,
  type PushKind,
} from '../adapters/push/devices';
import { pushAdapter } from '../adapters/push';
import type { PushPlatform } from '../adapters/push/port';
import { followLevelChoice, levelAskItems } from '../adapters/push/level-asks';

/*
 * The phones a player gets pushes on (seat, waitlist promotion, start in 30 minutes, results) and the
 * kinds turned off. The token is handed to the push service and kept for re-registration; it is never
 * shown back. A token belongs to one account: registered from another, it moves there (the old account is
 * told in its feed), and an account keeps its MAX_DEVICES_PER_ACCOUNT most recently registered phones.
 */

export type { Device, PushKind } from '../adapters/push/devices';
export { listDevices, pushSettings };

/** Registers the phone at the push service and on the account; the phones that made room stop getting pushes. */
export async function addDevice(playerId: string, phone: { platform: PushPlatform; token: string }, now: number): Promise<Device> {
  const adapter = pushAdapter();
  if (!adapter?.supports(phone.platform)) throw new Invalid('PUSH_PLATFORM_UNAVAILABLE', `Push to ${phone.platform} is not set up here`);
  const endpoint = await adapter.register(phone.platform, phone.token, playerId);
  const device: Device = {
    deviceId: deviceIdOf(phone.platform, phone.token),
    platform: phone.platform,
    endpoint,
    registeredAt: new Date(now).toISOString(),
  };
  const { evicted } = await registerDevice(playerId, device, phone.token);
  // The evicted tokens were this account's: their endpoints go.
  await Promise.all(evicted.map((d) => adapter.unregister(d.endpoint).catch(() => undefined)));
  return device;
}

/** Stops pushes to a phone of the player's; a token that moved to another account since keeps its endpoint. */
export async function removeDevice(playerId: string, deviceId: string): Promise<void> {
  const removed = await deleteDevice(playerId, deviceId);
  if (!removed) throw new NotFound('DEVICE_NOT_FOUND', 'No such device of yours');
  if (removed.tokenOwned)
    await pushAdapter()
      ?.unregister(removed.endpoint)
      .catch(() => undefined);
}

/** What updatePushPreferences reads with the account check: the choice it replaces and the player's schedule. */
export const pushChoiceItems = levelAskItems;

/** Turns kinds of push off; levels turned on or off ask or stop asking in the player's tournaments. */
export async function choosePushes(
  playerId: string,
  choice: { muted: readonly PushKind[]; levels: boolean },
  now: number,
  prefetched: Prefetched,
): Promise<void> {
  await Promise.all([setMuted(playerId, choice.muted, now, choice.levels), followLevelChoice(playerId, choice.levels, now, prefetched)]);
}
