import { defineRoute, type RouteRequest } from '../platform/route';
import { problem } from '../platform/problem';
import * as z from '../../schemas/zod';
import { Device, DeviceBody, DeviceParams, PushPreferences } from '../../schemas/devices';
import { deleteDevice, deviceIdOf, pushSettings, putDevice, setMuted } from '../live/push/devices';
import { pushAdapter } from '../live/push/port';

/*
 * The phones a player gets pushes on (seat, waitlist promotion, start in 30 minutes, results) and the
 * kinds turned off. The token is handed to the push service and kept for re-registration; it is never
 * shown back.
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
  summary: 'Register this phone for pushes; the same token again is the same device',
  tags: TAGS,
  body: DeviceBody,
  responses: { 201: { description: 'The device', schema: Device } },
  problems: [422],
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
    await putDevice(playerId, device, req.body.token);
    return { status: 201, body: view(device) };
  },
});

export const listDevicesRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listDevices',
  access: { kind: 'user' },
  method: 'GET',
  path: '/v1/me/devices',
  summary: 'My phones registered for pushes',
  tags: TAGS,
  responses: { 200: { description: 'Oldest first', schema: z.object({ items: z.array(Device) }) } },
  handle: async (req) => ({ status: 200, body: { items: (await pushSettings(me(req))).devices.map(view) } }),
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
  handle: async (req) => ({ status: 200, body: { muted: (await pushSettings(me(req))).muted } }),
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
  handle: async (req) => {
    await setMuted(me(req), req.body.muted, req.now);
    return { status: 200, body: { muted: [...new Set(req.body.muted)] } };
  },
});

export const deviceRoutes = [registerDeviceRoute, listDevicesRoute, deleteDeviceRoute, getPushPreferencesRoute, updatePushPreferencesRoute];
