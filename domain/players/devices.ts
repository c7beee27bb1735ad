/**
 * The phones one account gets pushes on. A phone's app registers its token at every launch and the OS
 * hands out new tokens (reinstall, restore, FCM's rotation), so an account gathers tokens the app no
 * longer knows about: past the limit the least recently registered ones go, and the phone registering
 * now is always served (docs/decisions/live-updates.md).
 */
export const MAX_DEVICES_PER_ACCOUNT = 20;

export interface RegisteredDevice {
  deviceId: string;
  /** ISO time of the device's last registration. */
  registeredAt: string;
}

/**
 * The devices to drop so that `count` stored devices plus one new one fit the limit: the least recently
 * registered first (equal times by id, so two writers pick the same). `count` may exceed the devices
 * given (the caller read only some), never the other way.
 */
export function devicesToEvict<D extends RegisteredDevice>(devices: readonly D[], count: number, max = MAX_DEVICES_PER_ACCOUNT): D[] {
  const over = count + 1 - max;
  if (over <= 0) return [];
  return [...devices]
    .sort((a, b) => (a.registeredAt === b.registeredAt ? (a.deviceId < b.deviceId ? -1 : 1) : a.registeredAt < b.registeredAt ? -1 : 1))
    .slice(0, over);
}
