import { beforeEach, describe, expect, it, vi } from 'vitest';
import 'aws-sdk-client-mock-vitest/extend';
import { mockClient } from 'aws-sdk-client-mock';
import {
  CreatePlatformEndpointCommand,
  DeleteEndpointCommand,
  EndpointDisabledException,
  PublishCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { SnsPushAdapter, snsMessage } from '../../../functions/adapters/push/sns';
import { snsPushConfigFromEnv } from '../../../functions/adapters/push/sns-config';

const APNS = 'arn:aws:sns:eu-central-1:123456789012:app/APNS/sport-poker';
const FCM = 'arn:aws:sns:eu-central-1:123456789012:app/GCM/sport-poker';
const ENDPOINT = 'arn:aws:sns:eu-central-1:123456789012:endpoint/GCM/sport-poker/3f1c';
const mock = mockClient(SNSClient);
const adapter = (cfg = { apns: APNS, fcm: FCM }) => new SnsPushAdapter(cfg, new SNSClient({ region: 'eu-central-1' }));
const message = {
  title: 'Friday Deepstack',
  body: 'you were moved: table 2, seat 5',
  data: { type: 'seat.assigned', tableNumber: 2, seat: 5 },
};

beforeEach(() => mock.reset());

describe('the SNS mobile push adapter', () => {
  it('registers a token as an endpoint of the platform application, naming the player', async () => {
    mock.on(CreatePlatformEndpointCommand).resolves({ EndpointArn: ENDPOINT });
    expect(await adapter().register('fcm', 'token-123', 'player-1')).toBe(ENDPOINT);
    expect(mock).toHaveReceivedCommandTimes(CreatePlatformEndpointCommand, 1);
    expect(mock).toHaveReceivedCommandWith(CreatePlatformEndpointCommand, {
      PlatformApplicationArn: FCM,
      Token: 'token-123',
      CustomUserData: 'player-1',
    });
  });

  it('publishes one JSON-structured message per device, with the APNs and FCM payloads', async () => {
    mock.on(PublishCommand).resolves({ MessageId: 'm-1' });
    expect(await adapter().send(ENDPOINT, 'fcm', message)).toBe('sent');
    expect(mock).toHaveReceivedCommandWith(PublishCommand, { TargetArn: ENDPOINT, MessageStructure: 'json', Message: snsMessage(message) });
    const parsed = JSON.parse(snsMessage(message)) as Record<string, string>;
    expect(parsed.default).toBe('Friday Deepstack: you were moved: table 2, seat 5');
    expect(JSON.parse(parsed.APNS!)).toMatchObject({
      aps: { alert: { title: 'Friday Deepstack', body: 'you were moved: table 2, seat 5' } },
      seat: 5,
    });
    // FCM's data values are strings.
    expect(JSON.parse(parsed.GCM!)).toEqual({
      fcmV1Message: {
        message: {
          notification: { title: 'Friday Deepstack', body: 'you were moved: table 2, seat 5' },
          data: { type: 'seat.assigned', tableNumber: '2', seat: '5' },
          android: { priority: 'high' },
        },
      },
    });
  });

  it('answers gone for a disabled endpoint, and deletes an endpoint on unregister', async () => {
    mock.on(PublishCommand).rejects(new EndpointDisabledException({ message: 'Endpoint is disabled', $metadata: {} }));
    mock.on(DeleteEndpointCommand).resolves({});
    expect(await adapter().send(ENDPOINT, 'apns', message)).toBe('gone');
    await adapter().unregister(ENDPOINT);
    expect(mock).toHaveReceivedCommandWith(DeleteEndpointCommand, { EndpointArn: ENDPOINT });
  });

  it('supports only the platforms whose application the stack names', async () => {
    const apnsOnly = adapter({ apns: APNS } as { apns: string; fcm: string });
    expect(apnsOnly.supports('apns')).toBe(true);
    expect(apnsOnly.supports('fcm')).toBe(false);
    await expect(apnsOnly.register('fcm', 't', 'p')).rejects.toThrow(/no platform application/);
    expect(mock).toHaveReceivedCommandTimes(CreatePlatformEndpointCommand, 0);
    expect(snsPushConfigFromEnv({ PUSH_APNS_APPLICATION_ARN: APNS })).toEqual({ apns: APNS });
    expect(snsPushConfigFromEnv({})).toBeUndefined();
  });
});

describe("the process's push adapter from the stack's settings", () => {
  it('is SNS when a platform application is named, its client loaded at the first call', async () => {
    const saved = process.env.PUSH_FCM_APPLICATION_ARN;
    process.env.PUSH_FCM_APPLICATION_ARN = FCM;
    try {
      vi.resetModules();
      const { pushAdapter } = await import('../../../functions/adapters/push');
      const sns = pushAdapter();
      expect(sns?.supports('fcm')).toBe(true);
      expect(sns?.supports('apns')).toBe(false);
      mock.on(CreatePlatformEndpointCommand).resolves({ EndpointArn: ENDPOINT });
      expect(await sns?.register('fcm', 'token-9', 'player-9')).toBe(ENDPOINT);
      expect(mock).toHaveReceivedCommandWith(CreatePlatformEndpointCommand, {
        PlatformApplicationArn: FCM,
        Token: 'token-9',
        CustomUserData: 'player-9',
      });
    } finally {
      if (saved === undefined) delete process.env.PUSH_FCM_APPLICATION_ARN;
      else process.env.PUSH_FCM_APPLICATION_ARN = saved;
    }
  });
});
