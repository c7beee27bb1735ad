import * as z from './zod';
import { MAX_DEVICE_TOKEN_LENGTH, MIN_DEVICE_TOKEN_LENGTH } from './limits';
import { Id, Timestamp } from './common';

export const PushPlatform = z
  .enum(['apns', 'fcm'])
  .openapi('PushPlatform', { description: 'Apple Push Notification service or Firebase Cloud Messaging' });

export const PushKind = z.enum(['seat', 'waitlist', 'starting', 'results', 'knockout', 'tickets']).openapi('PushKind', {
  description:
    'seat: a seat drawn or changed (moved, table broken, final table); waitlist: promoted from the waitlist; starting: the tournament starts in 30 minutes; results: the place and prize; knockout: my own knockout; tickets: a free-entry ticket won at the finish',
});

export const DeviceBody = z
  .strictObject({
    platform: PushPlatform,
    token: z
      .string()
      .min(MIN_DEVICE_TOKEN_LENGTH)
      .max(MAX_DEVICE_TOKEN_LENGTH)
      .regex(/^[A-Za-z0-9_:\-.]+$/, 'a device token: letters, digits, _ : - . only')
      .openapi({ description: "the push token the phone's OS gave the app" }),
  })
  .openapi('DeviceRegistration');

export const Device = z
  .object({
    deviceId: z.string(),
    platform: PushPlatform,
    registeredAt: Timestamp,
  })
  .openapi('Device');

export const DeviceParams = z.strictObject({ deviceId: Id });

export const PushPreferences = z
  .strictObject({
    muted: z
      .array(PushKind)
      .max(PushKind.options.length)
      .openapi({ description: 'the kinds of push this player turned off; the feed keeps every notification' }),
    levels: z.boolean().optional().openapi({
      description:
        'true: push each new level of my tournaments too (off unless asked for; absent is off, and a PUT without it turns it off)',
    }),
  })
  .openapi('PushPreferences');
