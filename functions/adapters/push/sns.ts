import {
  CreatePlatformEndpointCommand,
  DeleteEndpointCommand,
  EndpointDisabledException,
  NotFoundException,
  PublishCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import type { PushAdapter, PushMessage, PushPlatform } from './port';
import type { SnsPushConfig } from './sns-config';

/** The per-platform payloads SNS forwards (MessageStructure json): APNs' `aps`, FCM v1's `notification`. */
export function snsMessage(m: PushMessage): string {
  const data = Object.fromEntries(Object.entries(m.data).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const apns = JSON.stringify({ aps: { alert: { title: m.title, body: m.body }, sound: 'default' }, ...m.data });
  const gcm = JSON.stringify({
    fcmV1Message: { message: { notification: { title: m.title, body: m.body }, data, android: { priority: 'high' } } },
  });
  return JSON.stringify({ default: `${m.title}: ${m.body}`, APNS: apns, APNS_SANDBOX: apns, GCM: gcm });
}

/**
 * Amazon SNS mobile push: a device token becomes a platform endpoint of the platform's application, a
 * message is one Publish to that endpoint. A disabled or deleted endpoint (the app was removed, the
 * token expired) answers `gone`, and the device is dropped.
 */
export class SnsPushAdapter implements PushAdapter {
  private readonly client: SNSClient;

  constructor(
    private readonly config: SnsPushConfig,
    client?: SNSClient,
  ) {
    this.client = client ?? new SNSClient({ region: process.env.AWS_REGION ?? 'eu-central-1', maxAttempts: 2 });
  }

  supports(platform: PushPlatform): boolean {
    return this.config[platform] !== undefined;
  }

  async register(platform: PushPlatform, token: string, playerId: string): Promise<string> {
    const app = this.config[platform];
    if (!app) throw new Error(`no platform application for ${platform}`);
    // CreatePlatformEndpoint is idempotent for the same token and attributes: a re-registration gets the same ARN.
    const out = await this.client.send(
      new CreatePlatformEndpointCommand({ PlatformApplicationArn: app, Token: token, CustomUserData: playerId }),
    );
    if (!out.EndpointArn) throw new Error('SNS answered no endpoint');
    return out.EndpointArn;
  }

  async send(endpoint: string, _platform: PushPlatform, message: PushMessage): Promise<'sent' | 'gone'> {
    try {
      await this.client.send(new PublishCommand({ TargetArn: endpoint, MessageStructure: 'json', Message: snsMessage(message) }));
      return 'sent';
    } catch (e) {
      if (e instanceof EndpointDisabledException || e instanceof NotFoundException) return 'gone';
      throw e;
    }
  }

  async unregister(endpoint: string): Promise<void> {
    await this.client.send(new DeleteEndpointCommand({ EndpointArn: endpoint }));
  }
}
