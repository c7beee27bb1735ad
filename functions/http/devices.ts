import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import { openCursor, sealCursor } from '../platform/cursor';
import { PageQuery, page } from '../../schemas/common';
import { Device, DeviceBody, DeviceParams, PushPreferences } from '../../schemas/devices';
import { MAX_DEVICES_PER_ACCOUNT } from '../../schemas/limits';
import { deleteDevice, deviceIdOf, listDevices, pushSettings, registerDevice, setMuted } from '../live/push/devices';
import { pushAdapter } from '../live/push/port';
import { followLevelChoice, levelAskItems } from '../live/push/level-asks';

/*
 * The phones a player gets pushes on (seat, waitlist promotion, start in 30 minutes, results) and the
 * kinds turned off. The token is handed to the push service and kept for re-registration; it is never
 * shown back. A token belongs to one account: registered from another, it moves there (the old account is
 * told in its feed), and an account keeps its MAX_DEVICES_PER_ACCOUNT most recently registered phones.
 */

const TAGS = ['Players'];

const me = (req: RouteRequest<unknown, unknown, unknown>): string => {
  if (req.principal.kind !== 'user') throw new Error('user route without a user');
  return req.principal.userId;
};

const view = (d: { deviceId: string; platform: 'apns' | 'fcm'; registeredAt: string }) => ({
  deviceId: d.deviceId,
  platform: d.platform,
  registeredAt: d.registeredAt,
});

export const registerDeviceRoute = /* @__PURE__ */ defineRoute({
  operationId: 'registerDevice',
  access: { kind: 'user' },
  method: 'POST',
  path: '/v1/me/devices',
  summary:
    `Register this phone for pushes; the same token again is the same device. An account keeps at most ${MAX_DEVICES_PER_ACCOUNT}: ` +
    'one more removes the least recently registered. A token registered by another account moves here (that account is told in its feed)',
  tags: TAGS,
  body: DeviceBody,
  responses: { 201: { description: 'The device', schema: Device } },
  problems: [409, 422],
  handle: async (req) => {
    const playerId = me(req);
    const adapter = pushAdapter();
    if (!adapter?.supports(req.body.platform))
      throw problem(422, 'PUSH_PLATFORM_UNAVAILABLE', `Push to ${req.body.platform} is not set up here`);
    const endpoint = await adapter.register(req.body.platform, req.body.token, playerId);
    const device = {
      deviceId: deviceIdOf(req.body.platform, req.body.token),
      platform: req.body.platform,
      endpoint,
      registeredAt: new Date(req.now).toISOString(),
    };
    const { evicted } = await registerDevice(playerId, device, req.body.token);
    // The phones that made room get no more pushes; their tokens were this account's.
    await Promise.all(evicted.map((d) => adapter.unregister(d.endpoint).catch(() => undefined)));
    return { status: 201, body: view(device) };
  },
});

export const listDevicesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listDevices',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me/devices',
  summary: `My phones registered for pushes (at most ${MAX_DEVICES_PER_ACCOUNT}), in the order of their ids`,
  tags: TAGS,
  query: PageQuery,
  responses: { 200: { description: 'A page of devices', schema: page(Device) } },
  handle: async (req) => {
    const playerId = me(req);
    const scope = `devices:${playerId}`;
    const { devices, cursor } = await listDevices(playerId, {
      limit: req.query.limit ?? MAX_DEVICES_PER_ACCOUNT,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    return { status: 200, body: { items: devices.map(view), nextCursor: sealCursor(cursor, scope) } };
  },
});

export const deleteDeviceRoute = /* @__PURE__ */ defineRoute({
  operationId: 'deleteDevice',
  access: { kind: 'user' },
  method: 'DELETE',
  path: '/v1/me/devices/{deviceId}',
  summary: 'Stop pushes to a phone',
  tags: TAGS,
  params: DeviceParams,
  responses: { 204: { description: 'Removed' } },
  handle: async (req) => {
    const removed = await deleteDevice(me(req), req.params.deviceId);
    if (!removed) throw problem(404, 'DEVICE_NOT_FOUND', 'No such device of yours');
    // A token that moved to another account since is theirs: its endpoint stays.
    if (removed.tokenOwned)
      await pushAdapter()
        ?.unregister(removed.endpoint)
        .catch(() => undefined);
    return { status: 204 };
  },
});

export const getPushPreferencesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getPushPreferences',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me/push-preferences',
  summary: 'The kinds of push I turned off',
  tags: TAGS,
  responses: { 200: { description: 'My choices', schema: PushPreferences } },
  handle: async (req) => {
    const { muted, levels } = await pushSettings(me(req));
    return { status: 200, body: { muted, ...(levels ? { levels } : {}) } };
  },
});

export const updatePushPreferencesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updatePushPreferences',
  access: { kind: 'user' },
  method: 'PUT',
  path: '/v1/me/push-preferences',
  summary: 'Turn kinds of push off (or on again by leaving them out)',
  tags: TAGS,
  body: PushPreferences,
  responses: { 200: { description: 'My choices', schema: PushPreferences } },
  // The choice it replaces and the schedule, read with the account check: levels turned on or off ask or stop asking in the player's tournaments.
  prefetch: (input) => (input.userId ? levelAskItems(input.userId) : []),
  handle: async (req) => {
    const levels = req.body.levels === true;
    await Promise.all([setMuted(me(req), req.body.muted, req.now, levels), followLevelChoice(me(req), levels, req.now, req.prefetched)]);
    return { status: 200, body: { muted: [...new Set(req.body.muted)], ...(levels ? { levels } : {}) } };
  },
});

export const deviceRoutes = [registerDeviceRoute, listDevicesRoute, deleteDeviceRoute, getPushPreferencesRoute, updatePushPreferencesRoute];
