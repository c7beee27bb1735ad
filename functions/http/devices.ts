import { defineRoute, type RouteRequest } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { PageQuery, page } from '../../schemas/common';
import { Device, DeviceBody, DeviceParams, PushPreferences } from '../../schemas/devices';
import { MAX_DEVICES_PER_ACCOUNT } from '../../schemas/limits';
import { addDevice, choosePushes, listDevices, pushChoiceItems, pushSettings, removeDevice } from '../app/devices';

/* The phones a player gets pushes on and the kinds turned off (functions/app/devices.ts). */

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
    const device = await addDevice(me(req), req.body, req.now);
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
    await removeDevice(me(req), req.params.deviceId);
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
  prefetch: (input) => (input.userId ? pushChoiceItems(input.userId) : []),
  handle: async (req) => {
    const levels = req.body.levels === true;
    await choosePushes(me(req), { muted: req.body.muted, levels }, req.now, req.prefetched);
    return { status: 200, body: { muted: [...new Set(req.body.muted)], ...(levels ? { levels } : {}) } };
  },
});

export const deviceRoutes = [registerDeviceRoute, listDevicesRoute, deleteDeviceRoute, getPushPreferencesRoute, updatePushPreferencesRoute];
